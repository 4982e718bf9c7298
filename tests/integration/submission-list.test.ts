/**
 * The server side of the CMS's Submissions tab (app/server/contact/submission-*.server.ts) against
 * a real migrated database: search, the kind, job and status filters, applications grouped by job,
 * the unread count and marking read, notes and assignment (audited), bulk status, Not spam, a reply
 * queued in the outbox and kept on the thread, and a GDPR erasure that removes the row, its
 * thread, its mails and its stored CV, the audit log keeping only that it happened.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, contactSubmissions, mailOutbox, submissionNotes, submissionReplies } from "../../app/db/schema";
import { createUser } from "~/server/auth/users.server";
import {
  addSubmissionNote,
  assignSubmission,
  bulkChangeSubmissionStatus,
  markSubmissionNotSpam,
} from "~/server/contact/submission-changes.server";
import { eraseSubmission } from "~/server/contact/submission-erasure.server";
import { replyToSubmission } from "~/server/contact/submission-reply.server";
import {
  countUnreadSubmissions,
  listAppliedJobs,
  listSubmissions,
  listSubmissionHandlers,
  markSubmissionRead,
  readSubmissionDetail,
} from "~/server/contact/submission-list.server";
import { purgeExpiredAttachments } from "~/server/contact/retention.server";
import type { Actor } from "~/server/platform/audit.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { LocalDiskStorage } from "~/server/platform/storage.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createTestActor } from "./test-actor";

let database: TestDatabase;
let actor: Actor;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "submissions-test-"));
const storage = new LocalDiskStorage(root);
const at = (day: number) => new Date(Date.UTC(2026, 0, day, 10));
const SETTINGS = { company_name: "Larkspire Digital", contact_email: "hello@larkspire.example" };

type NewSubmission = typeof contactSubmissions.$inferInsert;

const SAMPLE: NewSubmission[] = [
  {
    name: "Ada Lovelace",
    email: "ada@example.com",
    subject: "Project quote",
    message: "We need a website",
    createdAt: at(1),
  },
  {
    name: "Ben Cloud",
    email: "ben@example.org",
    subject: "Application for Cloud Engineer position",
    message: "My CV",
    job: "Cloud Engineer",
    createdAt: at(2),
  },
  {
    name: "Cy Data",
    email: "cy@example.com",
    subject: "Application for Data Analyst position",
    message: "Hi 100% keen",
    job: "Data Analyst",
    createdAt: at(3),
    status: "in_progress",
  },
  {
    name: "Di Cloud",
    email: "di@example.com",
    subject: "Application for Cloud Engineer position",
    message: "Hello",
    job: "Cloud Engineer",
    createdAt: at(4),
  },
  {
    name: "Eve Spam",
    email: "eve@spam.example",
    subject: "Cheap watches",
    message: "Buy now",
    createdAt: at(5),
    status: "spam",
  },
];

/** Replaces every stored submission with these; returns their ids by name. */
async function store(rows: NewSubmission[] = SAMPLE): Promise<Record<string, string>> {
  await database.db.delete(mailOutbox);
  await database.db.delete(contactSubmissions);
  const stored = await database.db
    .insert(contactSubmissions)
    .values(rows)
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  return Object.fromEntries(stored.map((row) => [row.name, row.id]));
}

const names = (page: { submissions: { name: string }[] }) => page.submissions.map((row) => row.name);

beforeAll(async () => {
  database = await createTestDatabase();
  actor = await createTestActor(database.db);
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("listSubmissions: search and filters", () => {
  beforeEach(async () => {
    await store();
  });

  it("searches the name, e-mail, subject and message, case-insensitively", async () => {
    expect(names(await listSubmissions(database.db, { q: "lovelace" }))).toEqual(["Ada Lovelace"]);
    expect(names(await listSubmissions(database.db, { q: "EXAMPLE.ORG" }))).toEqual(["Ben Cloud"]);
    expect(names(await listSubmissions(database.db, { q: "quote" }))).toEqual(["Ada Lovelace"]);
    expect(names(await listSubmissions(database.db, { q: "buy now" }))).toEqual(["Eve Spam"]);
  });

  it("looks for LIKE's own characters as themselves", async () => {
    expect(names(await listSubmissions(database.db, { q: "100%" }))).toEqual(["Cy Data"]);
    expect(names(await listSubmissions(database.db, { q: "%" }))).toEqual(["Cy Data"]);
    expect(names(await listSubmissions(database.db, { q: "_" }))).toEqual([]);
  });

  it("filters by status, kind and job, and counts what matches", async () => {
    const spam = await listSubmissions(database.db, { status: "spam" });
    expect(names(spam)).toEqual(["Eve Spam"]);
    expect(spam.total).toBe(1);
    expect(names(await listSubmissions(database.db, { kind: "enquiry" }))).toEqual(["Eve Spam", "Ada Lovelace"]);
    expect(names(await listSubmissions(database.db, { job: "Cloud Engineer" }))).toEqual(["Di Cloud", "Ben Cloud"]);
    const search = await listSubmissions(database.db, { kind: "application", q: "cloud", status: "new" });
    expect(search.total).toBe(2);
  });

  it("groups applications by job (job, then newest first), and lists the jobs with their counts", async () => {
    expect(names(await listSubmissions(database.db, { kind: "application" }))).toEqual([
      "Di Cloud",
      "Ben Cloud",
      "Cy Data",
    ]);
    expect(await listAppliedJobs(database.db)).toEqual([
      { job: "Cloud Engineer", count: 2 },
      { job: "Data Analyst", count: 1 },
    ]);
  });

  it("pages the results with the total of every page", async () => {
    const first = await listSubmissions(database.db, {}, { limit: 2, offset: 0 });
    const second = await listSubmissions(database.db, {}, { limit: 2, offset: 2 });
    expect(names(first)).toEqual(["Eve Spam", "Di Cloud"]);
    expect(names(second)).toEqual(["Cy Data", "Ben Cloud"]);
    expect(first.total).toBe(5);
  });
});

describe("unread", () => {
  it("counts what nobody has opened (spam left out); opening marks it read once, without touching updated_at", async () => {
    const ids = await store();
    expect(await countUnreadSubmissions(database.db)).toBe(4);
    const [before] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, ids["Ada Lovelace"]!));
    await markSubmissionRead(database.db, ids["Ada Lovelace"]!, at(10));
    await markSubmissionRead(database.db, ids["Ada Lovelace"]!, at(11));
    const [after] = await database.db
      .select()
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, ids["Ada Lovelace"]!));
    expect(after!.readAt).toEqual(at(10));
    expect(after!.updatedAt).toEqual(before!.updatedAt);
    expect(await countUnreadSubmissions(database.db)).toBe(3);
    // A malformed id is simply nothing to mark.
    await markSubmissionRead(database.db, "not-an-id");
  });
});

describe("notes, assignment, bulk status and Not spam", () => {
  it("adds a note on the thread, signed and audited by id only; a blank or unknown one is refused", async () => {
    const ids = await store();
    const note = await addSubmissionNote(database.db, actor, ids["Ada Lovelace"]!, "  Called back, wants a quote  ");
    expect(note).toMatchObject({ authorEmail: actor.email, body: "Called back, wants a quote" });
    const detail = await readSubmissionDetail(database.db, ids["Ada Lovelace"]!);
    expect(detail?.thread).toMatchObject([
      { type: "note", body: "Called back, wants a quote", authorEmail: actor.email },
    ]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "contact_submission.note"), eq(auditLog.entityId, ids["Ada Lovelace"]!)));
    expect(entry?.details).toEqual({ noteId: note.id });
    await expect(addSubmissionNote(database.db, actor, ids["Ada Lovelace"]!, "   ")).rejects.toThrow(
      "Write a note first.",
    );
    await expect(addSubmissionNote(database.db, actor, ids["Ada Lovelace"]!, "x".repeat(5001))).rejects.toThrow(
      "A note must be at most 5000 characters",
    );
    await expect(addSubmissionNote(database.db, actor, crypto.randomUUID(), "Hi")).rejects.toThrow(
      "Submission not found",
    );
    expect(await database.db.select().from(submissionNotes)).toHaveLength(1);
  });

  it("assigns to someone who can handle submissions, or nobody, and refuses anyone else", async () => {
    const ids = await store();
    const plainUser = await createUser(database.db, {
      email: `user-${crypto.randomUUID()}@example.com`,
      password: "a long enough password",
      role: "editor",
    });
    expect((await listSubmissionHandlers(database.db)).map((handler) => handler.id)).toContain(actor.id);
    await assignSubmission(database.db, actor, ids["Ben Cloud"]!, actor.id);
    expect((await readSubmissionDetail(database.db, ids["Ben Cloud"]!))?.assigneeEmail).toBe(actor.email);
    await expect(assignSubmission(database.db, actor, ids["Ben Cloud"]!, plainUser.id)).rejects.toThrow(
      "Choose someone who can handle submissions",
    );
    await assignSubmission(database.db, actor, ids["Ben Cloud"]!, "");
    expect((await readSubmissionDetail(database.db, ids["Ben Cloud"]!))?.submission.assigneeId).toBeNull();
    const entries = await database.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "contact_submission.assign"), eq(auditLog.entityId, ids["Ben Cloud"]!)));
    expect(entries.map((entry) => entry.details)).toEqual(
      expect.arrayContaining([
        { from: null, to: actor.id },
        { from: actor.id, to: null },
      ]),
    );
  });

  it("changes the status of many at once, each audited; those already so are left alone", async () => {
    const ids = await store();
    const chosen = [ids["Ada Lovelace"]!, ids["Cy Data"]!, ids["Di Cloud"]!];
    const changed = await bulkChangeSubmissionStatus(database.db, actor, chosen, "in_progress");
    // Cy was in progress already.
    expect(changed.sort()).toEqual([ids["Ada Lovelace"]!, ids["Di Cloud"]!].sort());
    expect(names(await listSubmissions(database.db, { status: "in_progress" })).sort()).toEqual([
      "Ada Lovelace",
      "Cy Data",
      "Di Cloud",
    ]);
    const entries = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "contact_submission.status"), eq(auditLog.entityId, ids["Di Cloud"]!)));
    expect(entries.map((entry) => entry.details)).toEqual([{ from: "new", to: "in_progress", bulk: true }]);
    await expect(bulkChangeSubmissionStatus(database.db, actor, chosen, "closed")).rejects.toThrow(
      "Invalid status value",
    );
    await expect(bulkChangeSubmissionStatus(database.db, actor, [], "new")).rejects.toBeInstanceOf(ExpectedError);
  });

  it("Not spam moves a held-back submission to new, and only a held-back one", async () => {
    const ids = await store();
    await markSubmissionNotSpam(database.db, actor, ids["Eve Spam"]!);
    expect(names(await listSubmissions(database.db, { status: "new", q: "eve" }))).toEqual(["Eve Spam"]);
    await expect(markSubmissionNotSpam(database.db, actor, ids["Eve Spam"]!)).rejects.toThrow(
      "Only a submission held back as spam can be marked as not spam",
    );
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "contact_submission.not_spam"), eq(auditLog.entityId, ids["Eve Spam"]!)));
    expect(entry?.details).toEqual({ from: "spam", to: "new" });
  });
});

describe("replyToSubmission", () => {
  it("queues the reply in the outbox to the submitter and keeps it on the thread with the mail's state", async () => {
    const ids = await store();
    const { reply, mail } = await replyToSubmission(
      database.db,
      actor,
      ids["Ada Lovelace"]!,
      "Thank you, a quote follows.",
      { settings: SETTINGS },
    );
    expect(mail).toMatchObject({
      kind: "submission_reply",
      toAddress: "ada@example.com",
      replyTo: "hello@larkspire.example",
      subject: "Re: Project quote",
      status: "pending",
      submissionId: ids["Ada Lovelace"],
    });
    expect(mail.textBody).toContain("Thank you, a quote follows.");
    expect(mail.textBody).toContain("Larkspire Digital");
    expect(mail.textBody).toContain("> We need a website");
    const detail = await readSubmissionDetail(database.db, ids["Ada Lovelace"]!);
    expect(detail?.thread).toMatchObject([
      { type: "reply", id: reply.id, body: "Thank you, a quote follows.", mail: { id: mail.id, status: "pending" } },
    ]);
  });

  it("refuses a blank reply and a reply to held-back spam, storing nothing", async () => {
    const ids = await store();
    await expect(
      replyToSubmission(database.db, actor, ids["Ada Lovelace"]!, " ", { settings: SETTINGS }),
    ).rejects.toThrow("Write a reply first.");
    await expect(
      replyToSubmission(database.db, actor, ids["Eve Spam"]!, "Hello", { settings: SETTINGS }),
    ).rejects.toThrow(/not spam/);
    expect(await database.db.select().from(mailOutbox)).toEqual([]);
    expect(await database.db.select().from(submissionReplies)).toEqual([]);
  });
});

describe("eraseSubmission (GDPR)", () => {
  it("removes the row, its notes, replies and mails, and the stored CV; the audit log keeps only that it happened", async () => {
    const key = `${Date.now()}-erasure-test.pdf`;
    await storage.save(key, Readable.from(["%PDF-1.4"]), { contentType: "application/pdf" });
    const ids = await store([
      ...SAMPLE,
      {
        name: "Fay Applicant",
        email: "fay@example.com",
        subject: "Application for Cloud Engineer position",
        message: "My secret CV letter",
        job: "Cloud Engineer",
        attachmentUrl: key,
        attachmentFilename: "fay-cv.pdf",
      },
    ]);
    const id = ids["Fay Applicant"]!;
    await addSubmissionNote(database.db, actor, id, "Strong candidate");
    await replyToSubmission(database.db, actor, id, "Please come for an interview", { settings: SETTINGS });
    // Another person's mail stays.
    await replyToSubmission(database.db, actor, ids["Ada Lovelace"]!, "Hello Ada", { settings: SETTINGS });
    expect(await storage.exists(key)).toBe(true);

    const record = await eraseSubmission(database.db, storage, actor, id);

    expect(record).toEqual({ id, kind: "application", attachmentRemoved: true, notes: 1, replies: 1, mails: 1 });
    expect(await storage.exists(key)).toBe(false);
    expect(await database.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id))).toEqual([]);
    expect(await database.db.select().from(submissionNotes).where(eq(submissionNotes.submissionId, id))).toEqual([]);
    expect(await database.db.select().from(submissionReplies).where(eq(submissionReplies.submissionId, id))).toEqual(
      [],
    );
    const mails = await database.db.select().from(mailOutbox);
    expect(mails.map((mail) => mail.toAddress)).toEqual(["ada@example.com"]);
    const [entry] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "contact_submission.erase"), eq(auditLog.entityId, id)));
    expect(entry).toMatchObject({ userEmail: actor.email, entity: "contact_submissions" });
    expect(entry?.details).toEqual({ kind: "application", attachmentRemoved: true, notes: 1, replies: 1, mails: 1 });
    // Nothing the person sent, nor their address, is anywhere in the audit log.
    const everything = JSON.stringify(await database.db.select().from(auditLog));
    for (const personal of [
      "fay@example.com",
      "Fay Applicant",
      "secret CV",
      "Strong candidate",
      "interview",
      "fay-cv",
    ]) {
      expect(everything).not.toContain(personal);
    }
    // Retention finds nothing left of it.
    const retention = await purgeExpiredAttachments(database.db, storage, { now: new Date(Date.now() + 10 ** 12) });
    expect(retention.removed.map((row) => row.id)).not.toContain(id);
    expect(retention.failed).toEqual([]);
  });

  it("an unknown id is refused with 404 and changes nothing", async () => {
    await store();
    const before = await database.db.select().from(contactSubmissions);
    const error = await eraseSubmission(database.db, storage, actor, crypto.randomUUID()).catch((caught) => caught);
    expect(error).toBeInstanceOf(ExpectedError);
    expect((error as ExpectedError).status).toBe(404);
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(before.length);
  });

  it("a storage failure erases nothing, so the request can be tried again", async () => {
    const ids = await store([{ ...SAMPLE[0]!, attachmentUrl: "broken-key.pdf", attachmentFilename: "cv.pdf" }]);
    const failing = {
      ...storage,
      save: storage.save.bind(storage),
      open: storage.open.bind(storage),
      exists: storage.exists.bind(storage),
      list: storage.list.bind(storage),
      remove: () => Promise.reject(new Error("storage is down")),
    };
    await expect(eraseSubmission(database.db, failing, actor, ids["Ada Lovelace"]!)).rejects.toThrow("storage is down");
    expect(await database.db.select().from(contactSubmissions)).toHaveLength(1);
  });
});
