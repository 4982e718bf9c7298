/**
 * The CSV export of contact submissions (CMS, Contact Submissions tab): RFC 4180 quoting, UTF-8
 * with a byte-order mark so spreadsheet programs read accents, and every cell that a spreadsheet
 * would take for a formula (starting with = + - @, a tab or a carriage return) prefixed with '.
 */
import { desc, eq } from "drizzle-orm";
import { contactSubmissions } from "../../db/schema";
import type { ContactStatus } from "../../lib/enums";
import { isoDay } from "../../lib/text/format";
import { csvDocument } from "../platform/csv.server";
import type { Database } from "../platform/db/db.server";

export const CSV_COLUMNS = [
  "created_at",
  "status",
  "name",
  "email",
  "phone",
  "subject",
  "message",
  "attachment",
] as const;

/** Every submission, or those of one status, newest first, as the text of a CSV file (with BOM). */
export async function exportContactSubmissionsCsv(db: Database, options: { status?: ContactStatus } = {}) {
  const rows = await db
    .select()
    .from(contactSubmissions)
    .where(options.status ? eq(contactSubmissions.status, options.status) : undefined)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  const csv = csvDocument(
    CSV_COLUMNS,
    rows.map((row) => [
      row.createdAt.toISOString(),
      row.status,
      row.name,
      row.email,
      row.phone,
      row.subject,
      row.message,
      row.attachmentFilename,
    ]),
  );
  return { csv, count: rows.length };
}

/** The export's file name for a day, contact-submissions-YYYY-MM-DD.csv (UK date). */
export function exportFilename(now = new Date()): string {
  return `contact-submissions-${isoDay(now)}.csv`;
}
