/**
 * E-mail through an outbox (issue 5). A request only adds rows to `mail_outbox` (after the
 * submission is saved), so a mail server that is slow or down never blocks or loses a submission.
 * A background loop (started by `startServices` when SMTP_URL is set) claims due rows, sends them
 * with nodemailer and retries failures with a growing delay; after MAX_ATTEMPTS it gives up and marks
 * the row "failed". Without SMTP_URL nothing is sent: the mails stay "pending" in the outbox, which
 * administrators read at /cms/outbox.
 *
 * Several instances may share one PostgreSQL: a row is claimed with `FOR UPDATE SKIP LOCKED` and
 * leased (its next_attempt_at moved past the time a send can take) in one statement, so no two
 * instances send the same row. Delivery is at-least-once: a process that dies between the SMTP
 * server's acceptance and the "sent" update sends that mail again once its lease runs out.
 */
import { and, asc, count, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import nodemailer from "nodemailer";
import { mailOutbox } from "../../db/schema";
import { MAIL_STATUSES, type MailKind, type MailStatus } from "../lib/enums";
import { PAGE_SIZE } from "../lib/pagination";
import { escapeHtml } from "../lib/placeholders";
import { siteIdentityFromSettings } from "../lib/site-identity";
import type { Database } from "./db.server";
import { getEnv, type Env } from "./env.server";
import { logger } from "./logger.server";
import { listSettings, type SettingsMap } from "./site-settings.server";

type OutboxRow = typeof mailOutbox.$inferSelect;
export type OutboxMail = Omit<OutboxRow, "status" | "kind"> & { status: MailStatus; kind: MailKind };

function toMail(row: OutboxRow): OutboxMail {
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
function headerText(value: string, maxLength = 200): string {
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

/* ------------------------------------------------------------------------------------------------
 * The two mails of a contact submission
 * ---------------------------------------------------------------------------------------------- */

/** What the mails need of a submission (a row of contact_submissions fits). */
export interface SubmissionForMail {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
  attachmentFilename?: string | null;
  status?: string;
  createdAt?: Date;
}

export interface SubmissionMailContext {
  /** The site settings, private ones included (`notification_email` is private). */
  settings: Readonly<Record<string, string>>;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** NOTIFY_EMAIL: when set, it wins over the settings. */
  notifyEmail?: string | null;
}

export interface ComposedMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  submissionId: string;
}

/** The company's inbox: NOTIFY_EMAIL, else the `notification_email` setting, else `contact_email`. */
export function notificationAddress(context: SubmissionMailContext): string | null {
  const candidates = [context.notifyEmail, context.settings.notification_email, context.settings.contact_email];
  return candidates.map((value) => value?.trim()).find((value) => Boolean(value)) ?? null;
}

/** Where an administrator opens the submission: the Contact Submissions tab with its detail panel. */
export function submissionCmsLink(publicUrl: string, submissionId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/cms/submissions?selected=${encodeURIComponent(submissionId)}`;
}

const receivedFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

function isApplication(submission: SubmissionForMail): boolean {
  return Boolean(submission.attachmentFilename) || /^application for /i.test(submission.subject.trim());
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

/**
 * The two mails of a new submission: a notification to the company with everything the visitor
 * sent and a link to it in the CMS, and a short acknowledgement to the visitor. The acknowledgement
 * repeats nothing the visitor typed (not even the name), so the form cannot be used to send
 * someone else a message of the sender's choosing; and it never carries the attachment.
 * The notification is left out when no company address is known.
 */
export function composeSubmissionMail(
  submission: SubmissionForMail,
  context: SubmissionMailContext,
): { notification: ComposedMail | null; acknowledgement: ComposedMail } {
  const identity = siteIdentityFromSettings(context.settings);
  const company = identity.companyName;
  const link = submissionCmsLink(context.publicUrl, submission.id);
  const application = isApplication(submission);
  const received = receivedFormat.format(submission.createdAt ?? new Date());

  const details: [string, string][] = [
    ["Name", submission.name],
    ["E-mail", submission.email],
    ...(submission.phone ? [["Phone", submission.phone] as [string, string]] : []),
    ["Subject", submission.subject],
    ...(submission.attachmentFilename
      ? [["Attachment", `${submission.attachmentFilename} (download it in the CMS)`] as [string, string]]
      : []),
    ["Received", `${received} (UK time)`],
  ];
  const heading = application ? "New job application" : "New contact message";
  const to = notificationAddress(context);
  const notification: ComposedMail | null = to
    ? {
        kind: "notification",
        to,
        replyTo: submission.email.trim() || null,
        subject: `${heading}: ${headerText(submission.subject, 150)}`,
        submissionId: submission.id,
        text: [
          `${heading} from the website.`,
          "",
          ...details.map(([label, value]) => `${label}: ${value}`),
          "",
          "Message:",
          submission.message,
          "",
          `Open it in the CMS: ${link}`,
          "",
          "Reply to this e-mail to answer the sender.",
        ].join("\n"),
        html: htmlDocument(
          heading,
          [
            `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
            '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
            ...details.map(
              ([label, value]) =>
                `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
                `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
            ),
            "</table>",
            '<h2 style="font-size:16px;margin:0 0 8px">Message</h2>',
            `<div style="white-space:pre-wrap;border:1px solid #d1d5db;border-radius:6px;padding:12px;margin:0 0 16px">${escapeHtml(submission.message)}</div>`,
            `<p style="margin:0 0 8px"><a href="${escapeHtml(link)}" style="color:#1d4ed8">Open it in the CMS</a></p>`,
            '<p style="margin:0;color:#4b5563">Reply to this e-mail to answer the sender.</p>',
          ].join(""),
        ),
      }
    : null;

  const thanks = application
    ? `Thank you for applying to ${company}. We have received your application and will be in touch once we have reviewed it.`
    : `Thank you for contacting ${company}. We have received your message and will get back to you as soon as we can.`;
  const phone = identity.phone.trim();
  const urgent = phone ? `If your enquiry is urgent, you can call us on ${phone}.` : "";
  const companyEmail = context.settings.contact_email?.trim() || null;
  const acknowledgement: ComposedMail = {
    kind: "acknowledgement",
    to: submission.email.trim(),
    replyTo: companyEmail,
    subject: application ? `We have received your application – ${company}` : `Thank you for contacting ${company}`,
    submissionId: submission.id,
    text: [
      "Hello,",
      "",
      thanks,
      ...(urgent ? ["", urgent] : []),
      "",
      "Kind regards,",
      company,
      context.publicUrl,
      "",
      "You receive this e-mail because this address was entered in the contact form on our website.",
    ].join("\n"),
    html: htmlDocument(
      `Thank you for contacting ${company}`,
      [
        '<p style="margin:0 0 12px">Hello,</p>',
        `<p style="margin:0 0 12px">${escapeHtml(thanks)}</p>`,
        urgent ? `<p style="margin:0 0 12px">${escapeHtml(urgent)}</p>` : "",
        `<p style="margin:0 0 16px">Kind regards,<br>${escapeHtml(company)}<br>`,
        `<a href="${escapeHtml(context.publicUrl)}" style="color:#1d4ed8">${escapeHtml(context.publicUrl)}</a></p>`,
        '<p style="margin:0;font-size:13px;color:#4b5563">You receive this e-mail because this address was entered in the contact form on our website.</p>',
      ].join(""),
    ),
  };
  return { notification, acknowledgement };
}

/**
 * Queues the notification and the acknowledgement of a saved submission. Suspected spam gets
 * neither: it waits in the CMS under Spam, and a spammer's (often forged) address gets no mail.
 */
export async function queueSubmissionMail(
  db: Database,
  submission: SubmissionForMail,
  context: SubmissionMailContext,
): Promise<OutboxMail[]> {
  if (submission.status === "spam") return [];
  const { notification, acknowledgement } = composeSubmissionMail(submission, context);
  if (!notification) logger.warn({ submissionId: submission.id }, "no address to notify of a new submission");
  const queued: OutboxMail[] = [];
  for (const mail of [notification, acknowledgement]) {
    if (mail && mail.to) queued.push(await queueMail(db, mail));
  }
  return queued;
}

/** Every setting (public and private) as key → value, for the mails. */
export async function settingsForMail(db: Database): Promise<SettingsMap> {
  const rows = await listSettings(db);
  return Object.fromEntries(rows.map((row) => [row.settingKey, row.settingValue]));
}

/**
 * For the contact action, after the submission is saved: queues its two mails with the
 * configuration of this process and asks the sender to deliver them now. Never throws: a failure
 * is logged and the submission stands (the visitor still gets the success message).
 */
export async function notifyAboutSubmission(db: Database, submission: SubmissionForMail): Promise<void> {
  try {
    const env = getEnv();
    await queueSubmissionMail(db, submission, {
      settings: await settingsForMail(db),
      publicUrl: env.publicUrl,
      notifyEmail: env.NOTIFY_EMAIL,
    });
    kickMailDelivery();
  } catch (error) {
    logger.error({ err: error, submissionId: submission.id }, "could not queue the mails of a submission");
  }
}

/* ------------------------------------------------------------------------------------------------
 * Sending
 * ---------------------------------------------------------------------------------------------- */

/** What the sender needs of a transport; a nodemailer transport fits, and so does a test double. */
export interface MailTransport {
  sendMail(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    text: string;
    html?: string;
    headers?: Record<string, string>;
  }): Promise<unknown>;
  close?(): void;
}

/** MAIL_FROM, or no-reply at the host of PUBLIC_URL. */
export function mailFrom(env: Pick<Env, "MAIL_FROM" | "publicUrl">): string {
  return env.MAIL_FROM ?? `no-reply@${new URL(env.publicUrl).hostname}`;
}

/**
 * A nodemailer SMTP transport for SMTP_URL (smtp:// upgrades with STARTTLS when offered, smtps://
 * is TLS from the start; user and password go in the URL). Time limits are short so that one mail
 * cannot hold its lease for long.
 */
export function createMailTransport(smtpUrl: string): MailTransport {
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: url.port ? Number(url.port) : url.protocol === "smtps:" ? 465 : 587,
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    connectionTimeout: 20_000,
    greetingTimeout: 20_000,
    socketTimeout: 60_000,
  });
}

/** How long a claimed row is reserved for the instance that claimed it. */
const LEASE_MINUTES = 15;
/** Rows claimed at a time; each may take up to ~100 s at the transport's limits, well inside the lease. */
const BATCH_SIZE = 5;
/** Batches one run may send, so one run ends even with a large backlog. */
const MAX_BATCHES = 20;
/** The wait after the 1st, 2nd, ... failed attempt, in minutes; the MAX_ATTEMPTS-th failure is final. */
export const RETRY_DELAYS_MINUTES = [1, 5, 15, 60, 180, 360, 720, 1440, 1440] as const;
export const MAX_ATTEMPTS = RETRY_DELAYS_MINUTES.length + 1;

/** Errors that say the mail server, not this mail, is the problem: the rest of the batch waits. */
const SERVER_UNAVAILABLE_CODES = new Set(["ECONNECTION", "ETIMEDOUT", "ESOCKET", "EDNS", "ETLS", "EAUTH"]);

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.slice(0, 2000) || "Unknown error";
}

export interface DeliveryOptions {
  /** The From address; by default `mailFrom(getEnv())`. */
  from?: string;
  /** The time to act at; the database's clock by default (tests move it forward). */
  now?: Date;
  batchSize?: number;
  /** Asked between mails; true ends the run early (the loop is stopping). */
  shouldStop?: () => boolean;
}

export interface DeliveryResult {
  sent: number;
  /** Failed attempts that will be retried. */
  retrying: number;
  /** Mails given up for good in this run. */
  failed: number;
}

/**
 * Sends every due pending mail (oldest first, a batch at a time): marks each sent, or records the
 * error and schedules a retry (RETRY_DELAYS_MINUTES), or gives up after MAX_ATTEMPTS. When the
 * server itself is unreachable the rest of the batch is put back untried, to wait as long as the
 * failed one. Safe to run in several processes at once.
 */
export async function deliverDueMail(
  db: Database,
  transport: MailTransport,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const from = options.from ?? mailFrom(getEnv());
  const now: SQL = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 };

  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    if (options.shouldStop?.()) break;
    const claimed = await claimDueMail(db, now, options.batchSize ?? BATCH_SIZE);
    if (claimed.length === 0) break;
    let serverDown = false;
    for (const [index, mail] of claimed.entries()) {
      if (options.shouldStop?.()) {
        await putBack(db, claimed.slice(index), null);
        break;
      }
      try {
        await transport.sendMail({
          from,
          to: mail.toAddress,
          ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          subject: mail.subject,
          text: mail.textBody,
          ...(mail.htmlBody ? { html: mail.htmlBody } : {}),
          headers: { "X-Outbox-Id": mail.id },
        });
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: sql`now()`, lastError: null })
          .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "pending")));
        result.sent += 1;
        logger.info({ mailId: mail.id, kind: mail.kind }, "sent a mail");
      } catch (error) {
        const final = mail.attempts >= MAX_ATTEMPTS;
        const delay = RETRY_DELAYS_MINUTES[Math.min(mail.attempts, RETRY_DELAYS_MINUTES.length) - 1] ?? 1;
        await db
          .update(mailOutbox)
          .set({
            status: final ? "failed" : "pending",
            lastError: errorText(error),
            ...(final ? {} : { nextAttemptAt: sql`${now} + make_interval(mins => ${delay}::int)` }),
          })
          .where(and(eq(mailOutbox.id, mail.id), eq(mailOutbox.status, "pending")));
        if (final) result.failed += 1;
        else result.retrying += 1;
        logger.warn(
          { err: error, mailId: mail.id, attempts: mail.attempts, final },
          final ? "gave up sending a mail" : "could not send a mail; will retry",
        );
        const code = (error as { code?: unknown } | null)?.code;
        if (typeof code === "string" && SERVER_UNAVAILABLE_CODES.has(code)) {
          // The rest of the batch waits, untried, as long as this mail does.
          serverDown = true;
          await putBack(db, claimed.slice(index + 1), sql`${now} + make_interval(mins => ${delay}::int)`, error);
          break;
        }
      }
    }
    if (serverDown) break;
  }
  return result;
}

/** Claims up to `limit` due pending rows in one statement: counts the attempt and leases the row. */
async function claimDueMail(db: Database, now: SQL, limit: number): Promise<OutboxMail[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, "pending"), lte(mailOutbox.nextAttemptAt, now)))
    .orderBy(asc(mailOutbox.createdAt), asc(mailOutbox.id))
    .limit(limit)
    .for("update", { skipLocked: true });
  const rows = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      nextAttemptAt: sql`${now} + make_interval(mins => ${LEASE_MINUTES}::int)`,
    })
    .where(and(inArray(mailOutbox.id, due), eq(mailOutbox.status, "pending")))
    .returning();
  return rows.map(toMail).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
}

/** Returns claimed rows untried: the attempt is not counted, and they are due at `dueAt` (or now). */
async function putBack(db: Database, mails: OutboxMail[], dueAt: SQL | null, error?: unknown): Promise<void> {
  if (mails.length === 0) return;
  await db
    .update(mailOutbox)
    .set({
      attempts: sql`greatest(${mailOutbox.attempts} - 1, 0)`,
      nextAttemptAt: dueAt ?? sql`now()`,
      ...(error ? { lastError: `Not attempted: the mail server was unavailable (${errorText(error)})` } : {}),
    })
    .where(
      and(
        inArray(
          mailOutbox.id,
          mails.map((mail) => mail.id),
        ),
        eq(mailOutbox.status, "pending"),
      ),
    );
}

/* ------------------------------------------------------------------------------------------------
 * The background loop
 * ---------------------------------------------------------------------------------------------- */

interface DeliveryLoop {
  /** Settles when the run it started (or joined) has finished. */
  run: () => Promise<void>;
  stop: () => Promise<void>;
}

// On globalThis, so that a development hot reload (which evaluates modules again) finds the loop.
const loopState = globalThis as typeof globalThis & { __mailDelivery?: DeliveryLoop };

export const DELIVERY_INTERVAL_MS = 30_000;

/**
 * Starts sending due mail every `intervalMs` and at once; `kickMailDelivery()` asks for a run now.
 * Runs never overlap in one process; errors are logged, never thrown.
 */
export function startMailDelivery(options: {
  getDb: () => Promise<Database>;
  transport: MailTransport;
  from: string;
  intervalMs?: number;
}): void {
  if (loopState.__mailDelivery) return;
  let stopped = false;
  let again = false;
  let running: Promise<void> | undefined;

  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          const db = await options.getDb();
          await deliverDueMail(db, options.transport, { from: options.from, shouldStop: () => stopped });
        } catch (error) {
          logger.error({ err: error }, "mail delivery run failed");
        }
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };

  const timer = setInterval(run, options.intervalMs ?? DELIVERY_INTERVAL_MS);
  // The loop alone must not keep the process alive.
  timer.unref();
  loopState.__mailDelivery = {
    run,
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await running;
      options.transport.close?.();
    },
  };
  run();
}

/**
 * Asks the loop to send now (after queueing); does nothing when no loop runs (no SMTP_URL).
 * Callers need not wait; the promise (settled once that run is over) lets a test wait for it.
 */
export function kickMailDelivery(): Promise<void> {
  return loopState.__mailDelivery?.run() ?? Promise.resolve();
}

/** Stops the loop after the mail in hand; safe to call when it never started. */
export async function stopMailDelivery(): Promise<void> {
  const loop = loopState.__mailDelivery;
  loopState.__mailDelivery = undefined;
  await loop?.stop();
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
