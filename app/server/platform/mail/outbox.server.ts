/**
 * E-mail through an outbox. A request only adds rows to `mail_outbox` (after the
 * submission is saved), so a mail server that is slow or down never blocks or loses a submission.
 * A background loop (started by `startServices` when SMTP_URL is set) claims due rows, sends them
 * with nodemailer and retries failures with a growing delay; after MAX_ATTEMPTS it gives up and marks
 * the row "failed". Without SMTP_URL nothing is sent: the mails stay "pending" in the outbox, which
 * administrators read at /cms/outbox. Sending is delivery.server.ts; what a mail says is the domain's
 * (contact/contact-mail.server.ts, commerce/order-mail.server.ts): this module knows no settings.
 *
 * Several instances may share one PostgreSQL: a row is claimed with `FOR UPDATE SKIP LOCKED` and
 * leased (its next_attempt_at moved past the time a send can take) in one statement, so no two
 * instances send the same row. Delivery is at-least-once: a process that dies between the SMTP
 * server's acceptance and the "sent" update sends that mail again once its lease runs out.
 */
import { count, desc, eq } from "drizzle-orm";
import { mailOutbox } from "../../../db/schema";
import { MAIL_STATUSES, type MailKind, type MailStatus } from "../../../lib/enums";
import { PAGE_SIZE } from "../../../lib/cms/pagination";
import { escapeHtml } from "../../../lib/site/placeholders";
import type { Database } from "../db/db.server";

type OutboxRow = typeof mailOutbox.$inferSelect;
export type OutboxMail = Omit<OutboxRow, "status" | "kind"> & { status: MailStatus; kind: MailKind };

export function toMail(row: OutboxRow): OutboxMail {
  return { ...row, status: row.status as MailStatus, kind: row.kind as MailKind };
}

export function isMailStatus(value: unknown): value is MailStatus {
  return typeof value === "string" && (MAIL_STATUSES as readonly string[]).includes(value);
}

/* ------------------------------------------------------------------------------------------------
 * Queueing
 * ---------------------------------------------------------------------------------------------- */

export interface NewMail {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  kind: MailKind;
  /** Where replies go (Reply-To); the sender's address on a notification. */
  replyTo?: string | null;
  submissionId?: string | null;
  orderId?: string | null;
}

/** One line, no control characters, and not endless: a header must not carry a line break. */
export function headerText(value: string, maxLength = 200): string {
  const line = value
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > maxLength ? `${line.slice(0, maxLength - 1)}…` : line;
}

/** Adds a pending mail to the outbox, due at once. This is all a request does; it never sends. */
export async function queueMail(db: Database, mail: NewMail): Promise<OutboxMail> {
  const to = mail.to.trim();
  if (!to) throw new Error("A mail needs a recipient");
  const [row] = await db
    .insert(mailOutbox)
    .values({
      kind: mail.kind,
      toAddress: to,
      replyTo: mail.replyTo?.trim() || null,
      subject: headerText(mail.subject) || "(no subject)",
      textBody: mail.text,
      htmlBody: mail.html ?? null,
      submissionId: mail.submissionId ?? null,
      orderId: mail.orderId ?? null,
    })
    .returning();
  return toMail(row!);
}

/** A small HTML document with inline styles (mail clients ignore style sheets); `body` is trusted HTML. */
export function htmlDocument(title: string, body: string): string {
  return [
    "<!doctype html>",
    '<html lang="en-GB"><head><meta charset="utf-8">',
    `<title>${escapeHtml(title)}</title></head>`,
    '<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:#1f2937;background:#ffffff">',
    body,
    "</body></html>",
  ].join("");
}

/* ------------------------------------------------------------------------------------------------
 * Reading the outbox (the CMS)
 * ---------------------------------------------------------------------------------------------- */

export interface OutboxPage {
  mails: OutboxMail[];
  total: number;
}

/** One page of the outbox, newest first, optionally one status only. */
export async function listOutbox(
  db: Database,
  options: { status?: MailStatus; limit?: number; offset?: number } = {},
): Promise<OutboxPage> {
  const where = options.status ? eq(mailOutbox.status, options.status) : undefined;
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(mailOutbox)
      .where(where)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(options.limit ?? PAGE_SIZE)
      .offset(options.offset ?? 0),
    db.select({ total: count() }).from(mailOutbox).where(where),
  ]);
  return { mails: rows.map(toMail), total: totalRow?.total ?? 0 };
}

export async function findOutboxMail(db: Database, id: string): Promise<OutboxMail | undefined> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row ? toMail(row) : undefined;
}
