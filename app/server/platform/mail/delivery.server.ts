/**
 * Sending the outbox (outbox.server.ts): a loop claims due rows, sends them over SMTP with
 * nodemailer and retries failures with a growing delay, "failed" after MAX_ATTEMPTS. Rows are
 * claimed with `FOR UPDATE SKIP LOCKED` and a lease, so several instances may run it at once.
 */
import { and, asc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import nodemailer from "nodemailer";
import { mailOutbox } from "../../../db/schema";
import type { Database } from "../db/db.server";
import { getEnv, type Env } from "../env.server";
import { logger } from "../logger.server";
import { toMail, type OutboxMail } from "./outbox.server";

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
