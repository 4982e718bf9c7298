/**
 * The CMS's reads of submissions: contact submissions and job applications searched and
 * filtered, the unread count, the jobs applied for, who can handle a submission, and one
 * submission with its thread (internal notes and e-mail replies, oldest first). Changes are in
 * submission-changes.server.ts, replies in submission-reply.server.ts, erasure in
 * submission-erasure.server.ts.
 */
import { and, asc, count, desc, eq, ilike, inArray, isNotNull, isNull, ne, or, type SQL } from "drizzle-orm";
import { contactSubmissions, mailOutbox, submissionNotes, submissionReplies, users } from "../../db/schema";
import type { ContactStatus, MailStatus } from "../../lib/enums";
import type { SubmissionKind } from "../../lib/contact/submissions";
import { PAGE_SIZE } from "../../lib/cms/pagination";
import { PERMISSIONS } from "../../lib/auth/permissions";
import { isUuid } from "../../lib/schemas/id";
import type { Database } from "../platform/db/db.server";
import type { ContactSubmission } from "./contact-submissions.server";

export interface SubmissionFilter {
  /** Words looked for in the name, e-mail, subject and message (case-insensitive). */
  q?: string;
  status?: ContactStatus;
  kind?: SubmissionKind;
  /** One job's applications (implies kind "application"). */
  job?: string;
}

/** LIKE's own characters typed in a search are looked for as themselves. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

function submissionWhere(filter: SubmissionFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  const q = filter.q?.trim();
  if (q) {
    const pattern = likePattern(q);
    conditions.push(
      or(
        ilike(contactSubmissions.name, pattern),
        ilike(contactSubmissions.email, pattern),
        ilike(contactSubmissions.subject, pattern),
        ilike(contactSubmissions.message, pattern),
      ),
    );
  }
  if (filter.status) conditions.push(eq(contactSubmissions.status, filter.status));
  if (filter.job !== undefined) conditions.push(eq(contactSubmissions.job, filter.job));
  else if (filter.kind === "application") conditions.push(isNotNull(contactSubmissions.job));
  if (filter.kind === "enquiry") conditions.push(isNull(contactSubmissions.job));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

function toSubmission(row: typeof contactSubmissions.$inferSelect): ContactSubmission {
  return { ...row, status: row.status as ContactStatus };
}

export function submissionKind(submission: Pick<ContactSubmission, "job">): SubmissionKind {
  return submission.job === null ? "enquiry" : "application";
}

/**
 * One page of submissions, newest first; applications alone (kind "application") come grouped by
 * job (job, then newest first), so the list can put a heading over each job's applications.
 */
export async function listSubmissions(
  db: Database,
  filter: SubmissionFilter = {},
  window: { limit?: number; offset?: number } = {},
): Promise<{ submissions: ContactSubmission[]; total: number }> {
  const where = submissionWhere(filter);
  const grouped = filter.kind === "application" && filter.job === undefined;
  const order = grouped
    ? [asc(contactSubmissions.job), desc(contactSubmissions.createdAt), desc(contactSubmissions.id)]
    : [desc(contactSubmissions.createdAt), desc(contactSubmissions.id)];
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(contactSubmissions)
      .where(where)
      .orderBy(...order)
      .limit(window.limit ?? PAGE_SIZE)
      .offset(window.offset ?? 0),
    db.select({ total: count() }).from(contactSubmissions).where(where),
  ]);
  return { submissions: rows.map(toSubmission), total: totalRow?.total ?? 0 };
}

/**
 * Submissions nobody has opened yet. Those the anti-bot rules held back (spam) are left out: they
 * wait under Spam and should not call for attention on the tab.
 */
export async function countUnreadSubmissions(db: Database): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(contactSubmissions)
    .where(and(isNull(contactSubmissions.readAt), ne(contactSubmissions.status, "spam")));
  return row?.total ?? 0;
}

/**
 * Opening a submission marks it read, the first time only. A read is not a change: neither the
 * audit log nor updated_at (the retention clock, see retention.server.ts) is touched.
 */
export async function markSubmissionRead(db: Database, id: string, now = new Date()): Promise<void> {
  if (!isUuid(id)) return;
  await db
    .update(contactSubmissions)
    .set({ readAt: now })
    .where(and(eq(contactSubmissions.id, id), isNull(contactSubmissions.readAt)));
}

/** The jobs applied for, with how many applications each has, for the job filter. */
export async function listAppliedJobs(db: Database): Promise<{ job: string; count: number }[]> {
  const rows = await db
    .select({ job: contactSubmissions.job, count: count() })
    .from(contactSubmissions)
    .where(isNotNull(contactSubmissions.job))
    .groupBy(contactSubmissions.job)
    .orderBy(asc(contactSubmissions.job));
  return rows.map((row) => ({ job: row.job ?? "", count: row.count }));
}

/**
 * The CMS users who can handle submissions, for the assignment selector: the active users whose
 * role holds "submissions.manage" (administrators and Support).
 */
export async function listSubmissionHandlers(db: Database): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.isActive, true), inArray(users.role, [...PERMISSIONS["submissions.manage"]])))
    .orderBy(asc(users.email));
}

export async function isSubmissionHandler(db: Database, userId: string): Promise<boolean> {
  if (!isUuid(userId)) return false;
  const handlers = await listSubmissionHandlers(db);
  return handlers.some((handler) => handler.id === userId);
}

export type ThreadEntry =
  | { type: "note"; id: string; authorEmail: string; body: string; createdAt: Date }
  | {
      type: "reply";
      id: string;
      authorEmail: string;
      body: string;
      createdAt: Date;
      /** The outbox row's state; null when the mail is no longer in the outbox. */
      mail: { id: string; status: MailStatus; attempts: number; lastError: string | null; sentAt: Date | null } | null;
    };

/** A submission's notes and replies, oldest first. */
export async function readSubmissionThread(db: Database, submissionId: string): Promise<ThreadEntry[]> {
  const [notes, replies] = await Promise.all([
    db
      .select()
      .from(submissionNotes)
      .where(eq(submissionNotes.submissionId, submissionId))
      .orderBy(asc(submissionNotes.createdAt)),
    db
      .select({
        reply: submissionReplies,
        mail: {
          id: mailOutbox.id,
          status: mailOutbox.status,
          attempts: mailOutbox.attempts,
          lastError: mailOutbox.lastError,
          sentAt: mailOutbox.sentAt,
        },
      })
      .from(submissionReplies)
      .leftJoin(mailOutbox, eq(mailOutbox.id, submissionReplies.mailId))
      .where(eq(submissionReplies.submissionId, submissionId))
      .orderBy(asc(submissionReplies.createdAt)),
  ]);
  const entries: ThreadEntry[] = [
    ...notes.map((note) => ({
      type: "note" as const,
      id: note.id,
      authorEmail: note.authorEmail,
      body: note.body,
      createdAt: note.createdAt,
    })),
    ...replies.map(({ reply, mail }) => ({
      type: "reply" as const,
      id: reply.id,
      authorEmail: reply.authorEmail,
      body: reply.body,
      createdAt: reply.createdAt,
      mail: mail ? { ...mail, status: mail.status as MailStatus } : null,
    })),
  ];
  return entries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** One submission for its detail view: the row, who it is assigned to, and its thread. */
export async function readSubmissionDetail(db: Database, id: string) {
  if (!isUuid(id)) return undefined;
  const [row] = await db
    .select({ submission: contactSubmissions, assigneeEmail: users.email })
    .from(contactSubmissions)
    .leftJoin(users, eq(users.id, contactSubmissions.assigneeId))
    .where(eq(contactSubmissions.id, id));
  if (!row) return undefined;
  return {
    submission: toSubmission(row.submission),
    assigneeEmail: row.assigneeEmail,
    thread: await readSubmissionThread(db, id),
  };
}
