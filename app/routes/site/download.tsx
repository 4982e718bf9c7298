/**
 * /downloads/:document: a generated PDF (SPEC.md section 2's "Download AWS Guide" and the other
 * download buttons) in exchange for a name and an e-mail address.
 *
 * GET shows a small page with the form, for visitors without JavaScript (the button links here);
 * with JavaScript the button opens a dialog that posts the same form here with fetch. POST checks
 * the per-address limit and the form, records the request as a contact submission and answers
 * with the PDF itself as an attachment.
 *
 * This is a resource route (no component): React Router hands a route's own Response back to the
 * browser only for resource routes. A page route's action could not answer a document POST with a
 * PDF, so its page is rendered as static HTML outside the site layout (download.server.tsx), with
 * the site's header and footer in their script-free form.
 * Cross-site POSTs are refused before they reach it (server/app.ts, same-origin.server.ts), so the
 * form needs no anti-forgery token; it changes no signed-in state either.
 */
import { data } from "react-router";
import type { DownloadFormState } from "~/components/marketing/download-page";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { DOWNLOAD_MESSAGES, downloadFormValues, downloadRequestSchema } from "~/lib/schemas/download";
import { findDownloadDocument, requestDownload } from "~/server/content/downloads.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { attachmentDisposition } from "~/server/platform/http/content-disposition.server";
import { readForm, RequestBodyError } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import type { Route } from "./+types/download";
import { downloadNotFoundResponse, downloadPageContext, downloadPageResponse } from "./download.server";

/** Ten documents in ten minutes from one address is far more than a person asks for. */
const downloadLimiter = new RateLimiter("download", 10, 10 * 60_000);

/** What the dialog gets back when it asks for JSON (a PDF is sent as itself). */
export interface DownloadErrorBody {
  error?: string;
  fieldErrors?: Record<string, string>;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const document = findDownloadDocument(params.document);
  const { frame, settings } = await downloadPageContext(request, context.cspNonce);
  if (!document) return downloadNotFoundResponse(frame);
  return downloadPageResponse(frame, settings, document, {}, 200);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const wantsJson = (request.headers.get("Accept") ?? "").includes("application/json");
  const { frame, settings } = await downloadPageContext(request, context.cspNonce);
  const document = findDownloadDocument(params.document);
  if (request.method !== "POST") {
    return data({ error: "Method not allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  }
  if (!document) {
    return wantsJson
      ? Response.json({ error: DOWNLOAD_MESSAGES.notFound } satisfies DownloadErrorBody, { status: 404 })
      : downloadNotFoundResponse(frame);
  }

  const fail = (status: number, state: DownloadFormState, headers: Record<string, string> = {}) =>
    wantsJson
      ? Response.json({ error: state.error, fieldErrors: state.fieldErrors } satisfies DownloadErrorBody, {
          status,
          headers,
        })
      : downloadPageResponse(frame, settings, document, state, status, headers);

  const limit = await downloadLimiter.hit(context.clientAddress);
  if (!limit.allowed) {
    return fail(429, { error: DOWNLOAD_MESSAGES.tooMany }, { "Retry-After": String(limit.retryAfterSeconds) });
  }
  let values: Record<string, unknown>;
  try {
    // Bounded as it is read (server/platform/http/body-limits.server.ts), however the body is sent.
    values = downloadFormValues(await readForm(request));
  } catch (error) {
    if (!(error instanceof RequestBodyError)) throw error;
    return fail(error.status, { error: error.message });
  }
  const parsed = downloadRequestSchema.safeParse(values);
  if (!parsed.success) {
    return fail(400, {
      values: values as DownloadFormState["values"],
      fieldErrors: fieldErrors(parsed.error),
    });
  }

  try {
    const { filename, pdf } = await requestDownload(await getDb(), document.id, parsed.data, settings, {
      publicUrl: getEnv().publicUrl,
    });
    return new Response(new Uint8Array(pdf), {
      status: 200,
      headers: {
        "Content-Type": "application/pdf",
        "Content-Disposition": attachmentDisposition(filename),
        "Content-Length": String(pdf.length),
        "Cache-Control": "no-store",
      },
    });
  } catch (error) {
    logger.error({ err: error, document: document.id }, "could not prepare a download");
    return fail(500, { values: parsed.data, error: DOWNLOAD_MESSAGES.failed });
  }
}
