/**
 * The CSV export of contact submissions (CMS, Contact Submissions tab): RFC 4180 quoting, UTF-8
 * with a byte-order mark so spreadsheet programs read accents, and every cell that a spreadsheet
 * would take for a formula (starting with = + - @, a tab or a carriage return) prefixed with '.
 */
import { desc, eq } from "drizzle-orm";
import { contactSubmissions } from "../../../db/schema";
import type { ContactStatus } from "../../lib/enums";
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

/** One CSV cell: neutralised against formula injection, then quoted when it needs to be. */
export function csvCell(value: string | null | undefined): string {
  let text = value ?? "";
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvRow(values: readonly (string | null | undefined)[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/** Every submission, or those of one status, newest first, as the text of a CSV file (with BOM). */
export async function exportContactSubmissionsCsv(db: Database, options: { status?: ContactStatus } = {}) {
  const rows = await db
    .select()
    .from(contactSubmissions)
    .where(options.status ? eq(contactSubmissions.status, options.status) : undefined)
    .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id));
  let csv = `\uFEFF${csvRow(CSV_COLUMNS)}`;
  for (const row of rows) {
    csv += csvRow([
      row.createdAt.toISOString(),
      row.status,
      row.name,
      row.email,
      row.phone,
      row.subject,
      row.message,
      row.attachmentFilename,
    ]);
  }
  return { csv, count: rows.length };
}

/** The export's file name for a day, contact-submissions-YYYY-MM-DD.csv (UK date). */
export function exportFilename(now = new Date()): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/London" }).format(now);
  return `contact-submissions-${day}.csv`;
}
