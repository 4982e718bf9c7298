/**
 * Contact submissions (contact_submissions): stored from the site's forms, found by id, and given
 * a status that an administrator changes freely among the spec's four values (SPEC.md sections 4,
 * 5 and 7). The CMS lists them through submission-list.server.ts.
 */
import { eq } from "drizzle-orm";
import { contactSubmissions } from "../../db/schema";
import { CONTACT_STATUSES, type ContactStatus } from "../../lib/enums";
import { isUuid } from "../../lib/schemas/id";
import { auditedChange, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";

type SubmissionRow = typeof contactSubmissions.$inferSelect;
export type ContactSubmission = Omit<SubmissionRow, "status"> & { status: ContactStatus };

export const INVALID_STATUS_MESSAGE = "Invalid status value";

export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === "string" && (CONTACT_STATUSES as readonly string[]).includes(value);
}

/** Refuses anything but the four statuses, with "Invalid status value". */
export function assertContactStatus(value: unknown): asserts value is ContactStatus {
  if (!isContactStatus(value)) throw new ExpectedError(INVALID_STATUS_MESSAGE);
}

function toSubmission(row: SubmissionRow): ContactSubmission {
  return { ...row, status: row.status as ContactStatus };
}

export async function findContactSubmission(db: Database, id: string): Promise<ContactSubmission | undefined> {
  const [row] = await db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  return row ? toSubmission(row) : undefined;
}

/**
 * An administrator sets a submission's status; the change and its audit entry
 * (contact_submission.status, from and to) are written together. Returns the previous status, or
 * undefined when no submission has this id (a malformed id included). Anything but the four
 * statuses is refused with "Invalid status value".
 */
export async function updateContactSubmissionStatus(
  db: Database,
  actor: Actor,
  id: string,
  status: unknown,
): Promise<{ previous: ContactStatus; status: ContactStatus } | undefined> {
  assertContactStatus(status);
  if (!isUuid(id)) return undefined;
  return auditedChange(
    db,
    actor,
    async (tx) => {
      const [current] = await tx
        .select({ status: contactSubmissions.status })
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, id))
        .for("update");
      if (!current) return undefined;
      await tx.update(contactSubmissions).set({ status, updatedAt: new Date() }).where(eq(contactSubmissions.id, id));
      return { previous: current.status as ContactStatus, status };
    },
    (result) =>
      result
        ? {
            action: "contact_submission.status",
            entity: "contact_submissions",
            entityId: id,
            details: { from: result.previous, to: result.status },
          }
        : null,
  );
}

export interface NewContactSubmission {
  name: string;
  email: string;
  phone?: string;
  subject: string;
  message: string;
  /** The stored file's key in the file storage, and the name the sender gave it. */
  attachment?: { key: string; originalName: string };
  /** "spam" for a submission the spam checks caught; "new" otherwise (SPEC.md section 4). */
  status: Extract<ContactStatus, "new" | "spam">;
  /** The job applied for, on a job application (the Submissions tab groups applications by it). */
  job?: string;
}

/** Stores a message or job application as the spec's row (status new, or spam when caught). */
export async function createContactSubmission(db: Database, input: NewContactSubmission): Promise<ContactSubmission> {
  const [row] = await db
    .insert(contactSubmissions)
    .values({
      name: input.name,
      email: input.email,
      phone: input.phone ?? null,
      subject: input.subject,
      message: input.message,
      attachmentUrl: input.attachment?.key ?? null,
      attachmentFilename: input.attachment?.originalName ?? null,
      status: input.status,
      job: input.job ?? null,
    })
    .returning();
  if (!row) throw new Error("The contact submission was not stored");
  return toSubmission(row);
}
