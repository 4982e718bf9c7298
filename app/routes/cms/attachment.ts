import { Readable } from "node:stream";
import { data } from "react-router";
import { requireAdmin } from "~/server/auth/guards.server";
import { findContactSubmission } from "~/server/contact/contact-submissions.server";
import { attachmentDisposition } from "~/server/platform/http/content-disposition.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { getStorage, isValidStorageKey, StorageNotFoundError } from "~/server/platform/storage.server";
import type { Route } from "./+types/attachment";

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const notFound = () => data("Attachment not found", { status: 404 });

/**
 * A submission's attachment, for administrators only: always a download (never shown inline),
 * under its original name encoded safely, never cached.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireAdmin(request);
  if (!UUID_PATTERN.test(params.id)) throw notFound();
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
  return new Response(Readable.toWeb(body) as unknown as ReadableStream<Uint8Array>, {
    headers: {
      "Content-Type": "application/octet-stream",
      "Content-Disposition": attachmentDisposition(submission.attachmentFilename ?? key),
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
