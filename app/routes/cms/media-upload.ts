/**
 * POST /cms/media/upload: one image into the media library, or (with `replace=<id>`) a new file
 * for an existing image. The Media tab sends each file of a drop as its own request, so each shows
 * its own progress and result. Answers JSON: `{ ok: true, item }` or `{ ok: false, error }`.
 * The permission (media.edit) first, then the body (bounded by its cap in body-limits.server.ts), then the
 * anti-forgery token, then the file's content (app/server/media/).
 */
import { data } from "react-router";
import { verifyCsrf } from "~/server/auth/csrf.server";
import { replaceMediaFile, toLibraryItem, uploadMedia } from "~/server/media/media.server";
import { getDb } from "~/server/platform/db/database.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { BODY_MESSAGES, readBodyBytes, RequestBodyError } from "~/server/platform/http/request-body.server";
import { logger } from "~/server/platform/logger.server";
import { getStorage } from "~/server/platform/storage.server";
import { requirePermissionDownload, secondFactorFirstJson } from "./cms-download.server";
import type { Route } from "./+types/media-upload";

export const UPLOAD_FAILED = "The image could not be uploaded. Please try again.";

function refused(error: string, status: number) {
  return data({ ok: false as const, error }, { status });
}

async function readUpload(request: Request): Promise<FormData> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new RequestBodyError(BODY_MESSAGES.formType, 415);
  const bytes = await readBodyBytes(request);
  try {
    return await new Response(new Uint8Array(bytes), { headers: { "Content-Type": contentType } }).formData();
  } catch {
    throw new RequestBodyError(BODY_MESSAGES.notForm);
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  // Other users get the Access Denied page (HTML, 403), as for the CMS's other resource routes; an
  // administrator who must set up a second factor first, the error the Media tab shows.
  const current = await requirePermissionDownload(request, context.cspNonce, "media.edit", {
    secondFactorRefusal: secondFactorFirstJson,
  });
  let form: FormData;
  try {
    form = await readUpload(request);
  } catch (error) {
    if (error instanceof RequestBodyError) return refused(error.message, error.status);
    throw error;
  }
  await verifyCsrf(request, form);
  const file = form.get("file");
  if (!(file instanceof File)) return refused("Choose an image to upload.", 400);
  const replace = form.get("replace");
  const actor = { id: current.user.id, email: current.user.email };
  const upload = { bytes: new Uint8Array(await file.arrayBuffer()), originalName: file.name };
  try {
    const db = await getDb();
    const row =
      typeof replace === "string" && replace
        ? await replaceMediaFile(db, getStorage(), actor, replace, upload)
        : await uploadMedia(db, getStorage(), actor, upload);
    return data({ ok: true as const, item: toLibraryItem(row) });
  } catch (error) {
    if (error instanceof ExpectedError) return refused(error.message, error.status);
    logger.error({ err: error }, "media upload failed");
    return refused(UPLOAD_FAILED, 500);
  }
}
