/**
 * What the CMS changes on a submission, each with its audit entry in the same
 * transaction: an internal note, the person it is assigned to, a status for many at once, and
 * "Not spam" for what the anti-bot rules held back. The audit details name ids and statuses only,
 * never what a person wrote, so an erasure leaves no copy of it in the log.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import { contactSubmissions, submissionNotes } from "../../db/schema";
import type { ContactStatus } from "../../lib/enums";
import { SUBMISSION_LIMITS, SUBMISSION_MESSAGES } from "../../lib/contact/submissions";
import { isUuid } from "../../lib/schemas/id";
import { auditedChange, recordAudit, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { assertContactStatus } from "./contact-submissions.server";
import { isSubmissionHandler } from "./submission-list.server";

const notFound = () => new ExpectedError(SUBMISSION_MESSAGES.notFound, { status: 404 });

/** The submission's row, locked for the rest of the transaction; 404 when there is none. */
async function lockSubmission(tx: Database, id: string) {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

/** Checks a note or reply: not blank, not too long; the message goes on the form's `field`. */
export function checkWrittenText(
  value: unknown,
  limit: number,
  messages: { required: string; tooLong: string },
  field: string,
): string {
  const text = typeof value === "string" ? value.trim() : "";
  if (!text) throw new ExpectedError(messages.required, { field });
  if (text.length > limit) throw new ExpectedError(messages.tooLong, { field });
  return text;
}

/** Adds an internal note, signed with the actor's e-mail (kept should the account go). */
export async function addSubmissionNote(db: Database, actor: Actor, id: string, body: unknown) {
  const text = checkWrittenText(
    body,
    SUBMISSION_LIMITS.note,
    { required: SUBMISSION_MESSAGES.noteRequired, tooLong: SUBMISSION_MESSAGES.noteTooLong },
    "note",
  );
  return auditedChange(
    db,
    actor,
    async (tx) => {
      await lockSubmission(tx, id);
      const [note] = await tx
        .insert(submissionNotes)
        .values({ submissionId: id, authorId: actor.id, authorEmail: actor.email, body: text })
        .returning();
      return note!;
    },
    (note) => ({
      action: "contact_submission.note",
      entity: "contact_submissions",
      entityId: id,
      details: { noteId: note.id },
    }),
  );
}

/**
 * Assigns the submission to a person who can handle submissions, or to nobody (`assigneeId` "").
 * Not a status change: updated_at, the retention clock, is left alone.
 */
export async function assignSubmission(db: Database, actor: Actor, id: string, assigneeId: unknown) {
  const to = typeof assigneeId === "string" && assigneeId !== "" ? assigneeId : null;
  if (to !== null && !(await isSubmissionHandler(db, to))) {
    throw new ExpectedError(SUBMISSION_MESSAGES.assigneeInvalid, { field: "assignee" });
  }
  return auditedChange(
    db,
    actor,
    async (tx) => {
      const row = await lockSubmission(tx, id);
      if (row.assigneeId === to) return null;
      await tx.update(contactSubmissions).set({ assigneeId: to }).where(eq(contactSubmissions.id, id));
      return { from: row.assigneeId, to };
    },
    (change) =>
      change
        ? { action: "contact_submission.assign", entity: "contact_submissions", entityId: id, details: change }
        : null,
  );
}

/**
 * One status for the selected submissions, in one transaction; each that changes gets its own
 * audit entry (as a single change would). Returns the ids that changed; unknown ids are skipped.
 */
export async function bulkChangeSubmissionStatus(
  db: Database,
  actor: Actor,
  ids: readonly string[],
  status: unknown,
): Promise<string[]> {
  assertContactStatus(status);
  const next: ContactStatus = status;
  const wanted = [...new Set(ids)].filter(isUuid);
  if (wanted.length === 0 || wanted.length > SUBMISSION_LIMITS.bulk) {
    throw new ExpectedError(SUBMISSION_MESSAGES.bulkNone);
  }
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ id: contactSubmissions.id, status: contactSubmissions.status })
      .from(contactSubmissions)
      .where(and(inArray(contactSubmissions.id, wanted), ne(contactSubmissions.status, next)))
      .for("update");
    if (rows.length === 0) return [];
    const changed = rows.map((row) => row.id);
    await tx
      .update(contactSubmissions)
      .set({ status: next, updatedAt: new Date() })
      .where(inArray(contactSubmissions.id, changed));
    for (const row of rows) {
      await recordAudit(tx, actor, "contact_submission.status", "contact_submissions", row.id, {
        from: row.status,
        to: next,
        bulk: true,
      });
    }
    return changed;
  });
}

/**
 * "Not spam": a submission the anti-bot rules held back (status spam) moves to new, where it is
 * handled like any other. Its mails are not sent late: the team is looking at it already, and the
 * acknowledgement would arrive long after the visitor wrote (decision 022).
 */
export async function markSubmissionNotSpam(db: Database, actor: Actor, id: string) {
  return auditedChange(
    db,
    actor,
    async (tx) => {
      const row = await lockSubmission(tx, id);
      if (row.status !== "spam") throw new ExpectedError(SUBMISSION_MESSAGES.notSpamOnlySpam, { status: 409 });
      const status: ContactStatus = "new";
      await tx.update(contactSubmissions).set({ status, updatedAt: new Date() }).where(eq(contactSubmissions.id, id));
      return { from: row.status, to: status };
    },
    (change) => ({
      action: "contact_submission.not_spam",
      entity: "contact_submissions",
      entityId: id,
      details: change,
    }),
  );
}
