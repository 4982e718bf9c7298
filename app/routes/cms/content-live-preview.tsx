/**
 * POST /cms/content/live-preview: the content editor's live preview frame. The editor
 * posts its unsaved form here into a sandboxed <iframe> (components/cms/editor/live-preview/), and gets
 * the public page's markup with the site's stylesheet, so the frame's real width decides the
 * layout (phone or desktop). For whoever may edit content (content.edit), with the form's anti-forgery token; nothing is
 * saved, and the answer is never cached or indexed. It is the one CMS address that may be framed,
 * by this site only (security-headers.server.ts).
 */
import { renderToStaticMarkup } from "react-dom/server";
import stylesheet from "~/app.css?url";
import { LivePreviewDocument } from "~/components/cms/editor/live-preview/live-preview-document";
import { requirePermissionForm } from "~/server/auth/guards.server";
import type { Route } from "./+types/content-live-preview";
import { requirePermissionDownload } from "./cms-download.server";
import { livePreviewOf } from "./content-live-preview.server";

const PREVIEW_HEADERS = {
  "Content-Type": "text/html; charset=utf-8",
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export async function action({ request, context }: Route.ActionArgs) {
  // Other users meet the Access Denied page (inside the frame), as at the CMS's other resource routes.
  await requirePermissionDownload(request, context.cspNonce, "content.edit");
  const { form } = await requirePermissionForm(request, "content.edit");
  const values: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") values[key] = value;
  const preview = await livePreviewOf(values);
  const markup = renderToStaticMarkup(<LivePreviewDocument stylesheet={stylesheet} {...preview} />);
  return new Response(`<!DOCTYPE html>${markup}`, {
    status: preview.item ? 200 : 400,
    headers: PREVIEW_HEADERS,
  });
}
