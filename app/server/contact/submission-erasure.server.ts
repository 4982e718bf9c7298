/**
 * A GDPR erasure request: the submission goes with everything that holds what the person
 * sent or was sent, and the audit log keeps only that it happened (id, kind, who, when).
 *
 * Order matters. The stored CV is removed first: if the storage fails, nothing else is touched and
 * the erasure can simply be tried again (a file already gone is not an error). Then, in one
 * transaction, the outbox rows of the submission (the notification and acknowledgement, which
 * repeat the message, and the replies; pending ones must not go out after the erasure), the row
 * itself (its notes and replies cascade) and the audit entry.
 * Retention (retention.server.ts) reads only rows that exist, so nothing is left for it.
 */
import { eq } from "drizzle-orm";
import { contactSubmissions, mailOutbox, submissionNotes, submissionReplies } from "../../db/schema";
import { SUBMISSION_MESSAGES } from "../../lib/contact/submissions";
import { isUuid } from "../../lib/schemas/id";
import { auditedChange, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { logger } from "../platform/logger.server";
import { isValidStorageKey, type FileStorage } from "../platform/storage.server";
import { submissionKind } from "./submission-list.server";

export interface ErasureRecord {
  id: string;
  kind: "enquiry" | "application";
  attachmentRemoved: boolean;
  notes: number;
  replies: number;
  mails: number;
}

export async function eraseSubmission(
  db: Database,
  storage: FileStorage,
  actor: Actor,
  id: string,
): Promise<ErasureRecord> {
  const notFound = () => new ExpectedError(SUBMISSION_MESSAGES.notFound, { status: 404 });
  if (!isUuid(id)) throw notFound();
  const [found] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  if (!found) throw notFound();

  const key = found.attachmentUrl;
  let attachmentRemoved = false;
  if (key && isValidStorageKey(key)) {
    await storage.remove(key);
    attachmentRemoved = true;
  } else if (key) {
    // No file can be stored under a key the storage refuses, so there is nothing to remove.
    logger.warn({ submissionId: id }, "an erased submission named an attachment key the storage refuses");
  }

  return auditedChange(
    db,
    actor,
    async (tx) => {
      const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
      if (!row) throw notFound();
      const notes = await tx
        .select({ id: submissionNotes.id })
        .from(submissionNotes)
        .where(eq(submissionNotes.submissionId, id));
      const replies = await tx
        .select({ id: submissionReplies.id })
        .from(submissionReplies)
        .where(eq(submissionReplies.submissionId, id));
      const mails = await tx.delete(mailOutbox).where(eq(mailOutbox.submissionId, id)).returning({ id: mailOutbox.id });
      await tx.delete(contactSubmissions).where(eq(contactSubmissions.id, id));
      return {
        id,
        kind: submissionKind(row),
        attachmentRemoved,
        notes: notes.length,
        replies: replies.length,
        mails: mails.length,
      } satisfies ErasureRecord;
    },
    (record) => ({
      action: "contact_submission.erase",
      entity: "contact_submissions",
      entityId: id,
      // That it happened, and how much went; nothing the person wrote or their address.
      details: {
        kind: record.kind,
        attachmentRemoved: record.attachmentRemoved,
        notes: record.notes,
        replies: record.replies,
        mails: record.mails,
      },
    }),
  );
}
