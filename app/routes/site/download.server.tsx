/**
 * The download page's HTML answers (docs/decisions/008): the resource route renders its page
 * itself, as static markup that loads no JavaScript, with the site's header, footer and theme.
 */
import { renderToStaticMarkup } from "react-dom/server";
import stylesheet from "~/app.css?url";
import {
  DownloadNotFoundPage,
  DownloadPage,
  type DownloadFormState,
  type DownloadPageFrame,
} from "~/components/marketing/download-page";
import { DOWNLOAD_MESSAGES } from "~/lib/schemas/download";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import type { DownloadDocument } from "~/server/content/downloads.server";
import { getMenu } from "~/server/content/navigation.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { getDb } from "~/server/platform/db/database.server";

type Settings = Readonly<Record<string, string>>;

/** What every download page needs from the request and the site: its frame, and the settings. */
export async function downloadPageContext(request: Request, nonce: string) {
  const [menu, settings] = await Promise.all([getMenu(getDb, "main"), getPublicSettings(getDb)]);
  const frame: DownloadPageFrame = {
    nonce,
    stylesheet,
    menu,
    identity: siteIdentityFromSettings(settings),
    year: new Date().getFullYear(),
    pathname: new URL(request.url).pathname,
  };
  return { frame, settings };
}

function htmlResponse(markup: string, status: number, headers: Record<string, string> = {}): Response {
  return new Response(`<!DOCTYPE html>${markup}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "X-Robots-Tag": "noindex",
      "Cache-Control": "no-store",
      ...headers,
    },
  });
}

/** The page of a document with its form, in the state given (a 400 keeps what was typed). */
export function downloadPageResponse(
  frame: DownloadPageFrame,
  settings: Settings,
  document: DownloadDocument & { id: string },
  state: DownloadFormState,
  status: number,
  headers: Record<string, string> = {},
): Response {
  const view = {
    id: document.id,
    title: document.title,
    summary: document.summary(settings),
    sourcePath: document.sourcePath,
    sourceLabel: document.sourceLabel(settings),
  };
  return htmlResponse(
    renderToStaticMarkup(<DownloadPage frame={frame} document={view} state={state} />),
    status,
    headers,
  );
}

/** 404: the address names no document. */
export function downloadNotFoundResponse(frame: DownloadPageFrame): Response {
  return htmlResponse(
    renderToStaticMarkup(<DownloadNotFoundPage frame={frame} message={DOWNLOAD_MESSAGES.notFound} />),
    404,
  );
}
