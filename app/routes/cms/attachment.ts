import { Readable } from "node:stream";
import { data } from "react-router";
import { isUuid } from "~/lib/schemas/id";
import { findContactSubmission } from "~/server/contact/contact-submissions.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { getStorage, isValidStorageKey, StorageNotFoundError } from "~/server/platform/storage.server";
import { downloadResponse, requirePermissionDownload } from "./cms-download.server";
import type { Route } from "./+types/attachment";

const notFound = () => data("Attachment not found", { status: 404 });

/**
 * A submission's attachment, for whoever may see submissions (submissions.view): always a download (never shown inline),
 * under its original name encoded safely, never cached.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requirePermissionDownload(request, context.cspNonce, "submissions.view");
  if (!isUuid(params.id)) throw notFound();
  const submission = await findContactSubmission(await getDb(), params.id);
  const key = submission?.attachmentUrl;
  if (!submission || !key || !isValidStorageKey(key)) throw notFound();
  let body: Readable;
  try {
    body = await getStorage().open(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      logger.warn({ submission: submission.id, key }, "an attachment is missing from storage");
      throw notFound();
    }
    throw error;
  }
  return downloadResponse(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>, {
    filename: submission.attachmentFilename ?? key,
    contentType: "application/octet-stream",
  });
}
