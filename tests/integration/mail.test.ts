/**
 * E-mail through the outbox (app/server/platform/mail/outbox.server.ts): what a submission queues, what the
 * two mails say, and delivery to a real SMTP server listening on loopback (smtp-server), including
 * an outage, a refusing server, the last retry, and two senders running at once.
 */
import type { AddressInfo } from "node:net";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { contactSubmissions, mailOutbox } from "../../app/db/schema";
import {
  composeSubmissionMail,
  queueSubmissionMail,
  type SubmissionForMail,
  type SubmissionMailContext,
} from "~/server/contact/contact-mail.server";
import {
  createMailTransport,
  deliverDueMail,
  kickMailDelivery,
  MAX_ATTEMPTS,
  startMailDelivery,
  stopMailDelivery,
  type MailTransport,
} from "~/server/platform/mail/delivery.server";
import { findOutboxMail, listOutbox, queueMail } from "~/server/platform/mail/outbox.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(mailOutbox);
});

const FROM = "no-reply@larkspire.test";
const PUBLIC_URL = "https://www.larkspire.test";
const SETTINGS = {
  company_name: "Larkspire Digital",
  contact_email: "hello@larkspire.test",
  notification_email: "notify@larkspire.test",
  phone_primary: "+44 20 7946 0000",
};
const CONTEXT: SubmissionMailContext = { settings: SETTINGS, publicUrl: PUBLIC_URL, notifyEmail: null };

async function saveSubmission(values: Partial<typeof contactSubmissions.$inferInsert> = {}) {
  const [row] = await database.db
    .insert(contactSubmissions)
    .values({
      name: 'Ada <script>alert("x")</script> Lovelace',
      email: "ada@example.com",
      phone: "+44 7700 900123",
      subject: "Quote for <b>cloud</b> & AI",
      message: "Hello,\nWe need <img src=x onerror=alert(1)> a quote.\nThanks & regards",
      ...values,
    })
    .returning();
  return row!;
}

/* ------------------------------------------------------------------------------------------------
 * A real SMTP server on loopback, and just enough MIME decoding to read what it received.
 * ---------------------------------------------------------------------------------------------- */

interface Received {
  mailFrom: string;
  rcptTo: string[];
  raw: string;
}

interface TestSmtpServer {
  port: number;
  received: Received[];
  close(): Promise<void>;
}

async function startSmtpServer(options: { port?: number; refuseRecipients?: boolean } = {}): Promise<TestSmtpServer> {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    // The test server has no certificate a client would trust; plain SMTP on loopback is enough.
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (options.refuseRecipients) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const envelope = session.envelope;
        received.push({
          mailFrom: envelope.mailFrom ? envelope.mailFrom.address : "",
          rcptTo: envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("latin1"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return { port, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Words like =?UTF-8?Q?...?= and =?UTF-8?B?...?= in a header. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, encoding: string, text: string) =>
      encoding.toLowerCase() === "b"
        ? Buffer.from(text, "base64").toString("utf8")
        : decodeQuotedPrintable(text.replace(/_/g, " ")),
    );
}

function decodeQuotedPrintable(text: string): string {
  const binary = text
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9a-f]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(binary, "latin1").toString("utf8");
}

interface Parsed {
  headers: Record<string, string>;
  text: string;
  html: string;
}

/** Headers, and the text and HTML parts, of a message as nodemailer writes it. */
function parseMessage(raw: string): Parsed {
  const parsed: Parsed = { headers: {}, text: "", html: "" };
  const visit = (entity: string, top: boolean) => {
    const split = entity.indexOf("\r\n\r\n");
    const head = entity.slice(0, split).replace(/\r\n[ \t]+/g, " ");
    const body = entity.slice(split + 4);
    const headers: Record<string, string> = {};
    for (const line of head.split("\r\n")) {
      const colon = line.indexOf(":");
      if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
    }
    if (top) parsed.headers = headers;
    const type = headers["content-type"] ?? "text/plain";
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      const parts = body.split(`--${boundary}`).slice(1, -1);
      for (const part of parts) visit(part.replace(/^\r\n/, ""), false);
      return;
    }
    const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
    const decoded =
      encoding === "base64"
        ? Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8")
        : encoding === "quoted-printable"
          ? decodeQuotedPrintable(body)
          : Buffer.from(body, "latin1").toString("utf8");
    const content = decoded.replace(/\r\n/g, "\n").replace(/\n$/, "");
    if (type.startsWith("text/html")) parsed.html = content;
    else if (type.startsWith("text/plain")) parsed.text = content;
  };
  visit(raw, true);
  return parsed;
}

async function row(id: string) {
  const mail = await findOutboxMail(database.db, id);
  if (!mail) throw new Error(`no outbox row ${id}`);
  return mail;
}

/* ------------------------------------------------------------------------------------------------ */

describe("queueMail", () => {
  it("adds a pending mail, due at once, with nothing tried yet", async () => {
    const mail = await queueMail(database.db, {
      to: " someone@example.com ",
      subject: "Line one\r\nBcc: victim@example.com",
      text: "Body",
      kind: "notification",
    });
    expect(mail).toMatchObject({
      toAddress: "someone@example.com",
      status: "pending",
      attempts: 0,
      lastError: null,
      sentAt: null,
      htmlBody: null,
      submissionId: null,
    });
    // A subject is one line: no header can be smuggled in through it.
    expect(mail.subject).toBe("Line one Bcc: victim@example.com");
    expect(mail.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it("refuses a mail without a recipient, and the table refuses unknown statuses and kinds", async () => {
    await expect(queueMail(database.db, { to: "  ", subject: "S", text: "T", kind: "notification" })).rejects.toThrow(
      "recipient",
    );
    const mail = await queueMail(database.db, { to: "a@example.com", subject: "S", text: "T", kind: "notification" });
    await expect(
      database.db.update(mailOutbox).set({ status: "sending" }).where(eq(mailOutbox.id, mail.id)),
    ).rejects.toThrow();
    await expect(
      database.db.update(mailOutbox).set({ kind: "newsletter" }).where(eq(mailOutbox.id, mail.id)),
    ).rejects.toThrow();
    // "sent" without a sending time (and a sending time on an unsent mail) is refused.
    await expect(
      database.db.update(mailOutbox).set({ status: "sent" }).where(eq(mailOutbox.id, mail.id)),
    ).rejects.toThrow();
  });
});

describe("composeSubmissionMail", () => {
  const submission: SubmissionForMail = {
    id: "3f1c9a52-1d7e-4d0a-9c55-0e6f3c1b2a10",
    name: 'Ada <script>alert("x")</script>',
    email: "ada@example.com",
    phone: "+44 7700 900123",
    subject: "Quote for <b>cloud</b> & AI",
    message: "Hello,\n<img src=x onerror=alert(1)>",
    attachmentFilename: null,
    createdAt: new Date(Date.UTC(2026, 5, 1, 9, 30)),
  };

  it("notifies the company's mailbox: NOTIFY_EMAIL, else notification_email, else contact_email", () => {
    expect(composeSubmissionMail(submission, { ...CONTEXT, notifyEmail: "ops@larkspire.test" }).notification?.to).toBe(
      "ops@larkspire.test",
    );
    expect(composeSubmissionMail(submission, CONTEXT).notification?.to).toBe("notify@larkspire.test");
    const { notification_email: _unused, ...withoutNotificationEmail } = SETTINGS;
    expect(composeSubmissionMail(submission, { ...CONTEXT, settings: withoutNotificationEmail }).notification?.to).toBe(
      "hello@larkspire.test",
    );
    expect(composeSubmissionMail(submission, { ...CONTEXT, settings: { company_name: "X" } }).notification).toBeNull();
  });

  it("gives the company the sender's details, the message and the link to it in the CMS, all escaped in HTML", () => {
    const { notification } = composeSubmissionMail(submission, CONTEXT);
    const link = `${PUBLIC_URL}/cms/submissions?selected=${submission.id}`;
    expect(notification).toMatchObject({
      kind: "notification",
      replyTo: "ada@example.com",
      subject: "New contact message: Quote for <b>cloud</b> & AI",
      submissionId: submission.id,
    });
    for (const part of [submission.name, submission.email, "+44 7700 900123", submission.message, link]) {
      expect(notification!.text).toContain(part);
    }
    expect(notification!.text).toContain("1 Jun 2026, 10:30");
    const html = notification!.html;
    expect(html).toContain("Ada &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(html).toContain("Quote for &lt;b&gt;cloud&lt;/b&gt; &amp; AI");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toContain(`<a href="${link}"`);
    expect(html).not.toMatch(/<script|<img|<b>/);
  });

  it("names an application and its attachment, and only links to the file", () => {
    const { notification, acknowledgement } = composeSubmissionMail(
      { ...submission, subject: "Application for Cloud Engineer position", attachmentFilename: "cv <1>.pdf" },
      CONTEXT,
    );
    expect(notification!.subject).toBe("New job application: Application for Cloud Engineer position");
    expect(notification!.text).toContain("Attachment: cv <1>.pdf (download it in the CMS)");
    expect(notification!.html).toContain("cv &lt;1&gt;.pdf");
    expect(acknowledgement.subject).toBe("We have received your application – Larkspire Digital");
    expect(acknowledgement.text).not.toContain("cv");
  });

  it("thanks the sender briefly in the company's name, repeating nothing they typed", () => {
    const { acknowledgement } = composeSubmissionMail(submission, CONTEXT);
    expect(acknowledgement).toMatchObject({
      kind: "acknowledgement",
      to: "ada@example.com",
      replyTo: "hello@larkspire.test",
      subject: "Thank you for contacting Larkspire Digital",
    });
    expect(acknowledgement.text).toContain("Thank you for contacting Larkspire Digital.");
    expect(acknowledgement.text).toContain("+44 20 7946 0000");
    for (const body of [acknowledgement.text, acknowledgement.html]) {
      expect(body).not.toContain("Ada");
      expect(body).not.toContain("cloud");
      expect(body).not.toContain("onerror");
    }
  });
});

describe("queueSubmissionMail", () => {
  it("queues the notification and the acknowledgement of a saved submission", async () => {
    const submission = await saveSubmission();
    const queued = await queueSubmissionMail(database.db, submission, CONTEXT);
    expect(queued.map((mail) => [mail.kind, mail.toAddress, mail.submissionId, mail.status])).toEqual([
      ["notification", "notify@larkspire.test", submission.id, "pending"],
      ["acknowledgement", "ada@example.com", submission.id, "pending"],
    ]);
    const { mails, total } = await listOutbox(database.db);
    expect(total).toBe(2);
    expect(mails.every((mail) => mail.htmlBody?.startsWith("<!doctype html>"))).toBe(true);

    // The record of what was sent outlives the submission.
    await database.db.delete(contactSubmissions).where(eq(contactSubmissions.id, submission.id));
    expect((await row(queued[0]!.id)).submissionId).toBeNull();
  });

  it("queues nothing for suspected spam", async () => {
    const submission = await saveSubmission({ status: "spam" });
    expect(await queueSubmissionMail(database.db, submission, CONTEXT)).toEqual([]);
    expect((await listOutbox(database.db)).total).toBe(0);
  });
});

describe("deliverDueMail over SMTP", () => {
  let smtp: TestSmtpServer;
  let transport: MailTransport;
  beforeEach(async () => {
    smtp = await startSmtpServer();
    transport = createMailTransport(`smtp://127.0.0.1:${smtp.port}`);
  });
  afterEach(async () => {
    transport.close?.();
    await smtp.close();
  });

  it("delivers both mails of a submission to their recipients, with their contents, once", async () => {
    const submission = await saveSubmission();
    const [notification, acknowledgement] = await queueSubmissionMail(database.db, submission, CONTEXT);

    expect(await deliverDueMail(database.db, transport, { from: FROM })).toEqual({ sent: 2, retrying: 0, failed: 0 });
    expect(smtp.received.map((mail) => [mail.mailFrom, mail.rcptTo])).toEqual([
      [FROM, ["notify@larkspire.test"]],
      [FROM, ["ada@example.com"]],
    ]);

    const toCompany = parseMessage(smtp.received[0]!.raw);
    expect(toCompany.headers).toMatchObject({
      from: FROM,
      to: "notify@larkspire.test",
      "reply-to": "ada@example.com",
      subject: "New contact message: Quote for <b>cloud</b> & AI",
      "x-outbox-id": notification!.id,
    });
    expect(toCompany.text).toContain(submission.message);
    expect(toCompany.text).toContain(`${PUBLIC_URL}/cms/submissions?selected=${submission.id}`);
    expect(toCompany.html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(toCompany.html).not.toContain("<img");

    const toSender = parseMessage(smtp.received[1]!.raw);
    expect(toSender.headers).toMatchObject({
      to: "ada@example.com",
      "reply-to": "hello@larkspire.test",
      subject: "Thank you for contacting Larkspire Digital",
    });
    expect(toSender.text).toContain("We have received your message");
    expect(toSender.html).toContain("Larkspire Digital");

    for (const mail of [notification!, acknowledgement!]) {
      const stored = await row(mail.id);
      expect(stored).toMatchObject({ status: "sent", attempts: 1, lastError: null });
      expect(stored.sentAt).toBeInstanceOf(Date);
    }
    // Nothing is due any more: a second run sends nothing.
    expect(await deliverDueMail(database.db, transport, { from: FROM })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect(smtp.received).toHaveLength(2);
  });

  it("keeps a mail through an outage and sends it exactly once when the server is back", async () => {
    const submission = await saveSubmission();
    const mail = await queueMail(database.db, {
      to: "notify@larkspire.test",
      subject: "During the outage",
      text: "Still here",
      kind: "notification",
      submissionId: submission.id,
    });
    const port = smtp.port;
    await smtp.close();

    const before = Date.now();
    expect(await deliverDueMail(database.db, transport, { from: FROM })).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const waiting = await row(mail.id);
    expect(waiting).toMatchObject({ status: "pending", attempts: 1, sentAt: null });
    expect(waiting.lastError).toMatch(/ECONNREFUSED|connect/i);
    // Retried after a minute, not at once.
    expect(waiting.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 55_000);
    // The submission is saved whatever happens to its mail.
    expect(
      await database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, submission.id)),
    ).toHaveLength(1);

    smtp = await startSmtpServer({ port });
    // Not due yet: nothing is sent.
    expect(await deliverDueMail(database.db, transport, { from: FROM })).toEqual({ sent: 0, retrying: 0, failed: 0 });
    // Two minutes later it is.
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: later })).toEqual({
      sent: 1,
      retrying: 0,
      failed: 0,
    });
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: later })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
    expect(smtp.received).toHaveLength(1);
    expect(parseMessage(smtp.received[0]!.raw).text).toBe("Still here");
    expect(await row(mail.id)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("does not spend the other mails' attempts while the server is down", async () => {
    const first = await queueMail(database.db, { to: "a@example.com", subject: "1", text: "1", kind: "notification" });
    const second = await queueMail(database.db, { to: "b@example.com", subject: "2", text: "2", kind: "notification" });
    // The first was queued a minute before the second, so it is the one tried (oldest first).
    await database.db
      .update(mailOutbox)
      .set({ createdAt: sql`${mailOutbox.createdAt} - interval '1 minute'` })
      .where(eq(mailOutbox.id, first.id));
    await smtp.close();
    await deliverDueMail(database.db, transport, { from: FROM });
    const [tried, untried] = [await row(first.id), await row(second.id)];
    expect(tried).toMatchObject({ status: "pending", attempts: 1 });
    expect(untried).toMatchObject({ status: "pending", attempts: 0 });
    expect(untried.lastError).toMatch(/^Not attempted: the mail server was unavailable/);
    // It waits as long as the mail that was tried (each statement reads the clock anew).
    expect(Math.abs(untried.nextAttemptAt.getTime() - tried.nextAttemptAt.getTime())).toBeLessThan(1000);
    smtp = await startSmtpServer();
  });

  it("retries a refused mail with a growing delay and gives up after the last attempt", async () => {
    await smtp.close();
    smtp = await startSmtpServer({ refuseRecipients: true });
    transport.close?.();
    transport = createMailTransport(`smtp://127.0.0.1:${smtp.port}`);
    const mail = await queueMail(database.db, {
      to: "gone@example.com",
      subject: "S",
      text: "T",
      kind: "notification",
    });

    // Just after the mail became due. Not Date.now(): PostgreSQL keeps microseconds, so a mail
    // queued in this same millisecond would still be a fraction of one in the future.
    let now = (await row(mail.id)).nextAttemptAt.getTime() + 1;
    const delays: number[] = [];
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt += 1) {
      expect(await deliverDueMail(database.db, transport, { from: FROM, now: new Date(now) })).toEqual({
        sent: 0,
        retrying: 1,
        failed: 0,
      });
      const waiting = await row(mail.id);
      expect(waiting).toMatchObject({ status: "pending", attempts: attempt });
      expect(waiting.lastError).toMatch(/Mailbox unavailable/);
      delays.push(Math.round((waiting.nextAttemptAt.getTime() - now) / 60_000));
      now = waiting.nextAttemptAt.getTime();
    }
    expect(delays).toEqual([1, 5, 15, 60, 180, 360, 720, 1440, 1440]);
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: new Date(now) })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 1,
    });
    expect(await row(mail.id)).toMatchObject({ status: "failed", attempts: MAX_ATTEMPTS, sentAt: null });
    // A failed mail is never picked up again.
    const muchLater = new Date(now + 7 * 24 * 60 * 60_000);
    expect(await deliverDueMail(database.db, transport, { from: FROM, now: muchLater })).toEqual({
      sent: 0,
      retrying: 0,
      failed: 0,
    });
  });

  it("sends each mail once when two senders run at the same time", async () => {
    const queued = [];
    for (let index = 0; index < 9; index += 1) {
      queued.push(
        await queueMail(database.db, {
          to: `reader${index}@example.com`,
          subject: `Mail ${index}`,
          text: `Body ${index}`,
          kind: "acknowledgement",
        }),
      );
    }
    const other = createMailTransport(`smtp://127.0.0.1:${smtp.port}`);
    try {
      const results = await Promise.all([
        deliverDueMail(database.db, transport, { from: FROM, batchSize: 2 }),
        deliverDueMail(database.db, other, { from: FROM, batchSize: 2 }),
      ]);
      expect(results.reduce((sum, result) => sum + result.sent, 0)).toBe(9);
    } finally {
      other.close?.();
    }
    const ids = smtp.received.map((mail) => parseMessage(mail.raw).headers["x-outbox-id"]);
    expect(ids).toHaveLength(9);
    expect(new Set(ids)).toEqual(new Set(queued.map((mail) => mail.id)));
    const { mails } = await listOutbox(database.db);
    expect(mails.every((mail) => mail.status === "sent" && mail.attempts === 1)).toBe(true);
  });

  it("sends from the background loop as soon as it is kicked, and stops cleanly", async () => {
    startMailDelivery({
      getDb: async () => database.db,
      transport: createMailTransport(`smtp://127.0.0.1:${smtp.port}`),
      from: FROM,
      intervalMs: 60 * 60_000,
    });
    try {
      // The loop's first run finds nothing; a kick after queueing sends the new mail.
      const mail = await queueMail(database.db, { to: "x@example.com", subject: "S", text: "T", kind: "notification" });
      kickMailDelivery();
      await expect.poll(async () => (await row(mail.id)).status, { timeout: 10_000 }).toBe("sent");
      expect(smtp.received).toHaveLength(1);
    } finally {
      await stopMailDelivery();
    }
    // Stopped: a kick does nothing.
    const later = await queueMail(database.db, { to: "y@example.com", subject: "S", text: "T", kind: "notification" });
    // The kick's promise settles once the run it asked for is over; stopped, there is none.
    await kickMailDelivery();
    expect((await row(later.id)).status).toBe("pending");
    expect(await database.db.select({ n: sql<number>`count(*)::int` }).from(mailOutbox)).toEqual([{ n: 2 }]);
  });
});
