/**
 * A contact message from arrival to the CMS (app/server/contact/contact-form.server.ts), on PGlite and the
 * local file storage: what is stored for a good message, a bad one and spam; the per-address
 * limit; and that no file is left behind when the form or the database refuses a submission.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactSubmissions, mailOutbox, siteSettings } from "../../app/db/schema";
import type { submitContactForm as SubmitContactForm } from "~/server/contact/contact-form.server";
import { issueFormToken, MIN_FILL_TIME_MS } from "~/server/platform/http/form-token.server";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({
  name: "contact-form",
  sessionSecret: "contact-form-test-secret-that-is-long-enough",
  accounts: false,
});
let submitContactForm: typeof SubmitContactForm;

beforeAll(async () => {
  // Where the company's notifications go (a private setting).
  await cms.db
    .insert(siteSettings)
    .values({ settingKey: "notification_email", settingValue: "notify@example.com", isPublic: false });
  ({ submitContactForm } = await import("~/server/contact/contact-form.server"));
});
beforeEach(async () => {
  await cms.db.delete(mailOutbox);
  await cms.db.delete(contactSubmissions);
});

const uploadsDir = () => path.join(cms.dataDir, "uploads");
const storedFiles = () => (fs.existsSync(uploadsDir()) ? fs.readdirSync(uploadsDir()) : []);

/** A form as the page posts it, with a token issued long enough ago for a person. */
function contactRequest(fields: Record<string, string>, file?: { name: string; body: string }) {
  const form = new FormData();
  form.set("token", issueFormToken(Date.now() - MIN_FILL_TIME_MS - 1000));
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set("attachment", new Blob([file.body]), file.name);
  return new Request("http://localhost/contact", { method: "POST", body: form });
}

const message = { name: "Ada", email: "ada@example.com", subject: "Hello", message: "A question." };
const application = {
  ...message,
  subject: "Application for Cloud Engineer position",
  job: "Cloud Engineer",
  consent: "yes",
};
const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";

let address = 0;
const nextAddress = () => `192.0.2.${(address += 1)}`;

describe("submitContactForm", () => {
  it("stores a message as new and queues the notification and the acknowledgement", async () => {
    const outcome = await submitContactForm(contactRequest(message), { clientAddress: nextAddress() });
    expect(outcome.ok).toBe(true);
    const [row] = await cms.db.select().from(contactSubmissions);
    // An enquiry: no job (the Submissions tab's kind), and nobody has read it yet.
    expect(row).toMatchObject({ ...message, status: "new", attachmentUrl: null, job: null, readAt: null });
    const mails = await cms.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, row!.id));
    expect(mails.map((mail) => mail.kind).sort()).toEqual(["acknowledgement", "notification"]);
  });

  it("stores an application with its CV under a generated name and the original name", async () => {
    const outcome = await submitContactForm(contactRequest(application, { name: "My CV.pdf", body: PDF }), {
      clientAddress: nextAddress(),
    });
    expect(outcome.ok).toBe(true);
    const [row] = await cms.db.select().from(contactSubmissions);
    expect(row!.attachmentFilename).toBe("My CV.pdf");
    // The job applied for is kept, so the Submissions tab can group applications by job.
    expect(row!.job).toBe("Cloud Engineer");
    expect(row!.attachmentUrl).toMatch(/^\d{13}-[0-9a-f]+\.pdf$/);
    expect(storedFiles()).toContain(row!.attachmentUrl);
  });

  it("refuses a form that breaks the rules, stores nothing and keeps no file", async () => {
    const before = storedFiles().length;
    const outcome = await submitContactForm(
      contactRequest({ ...application, email: "not-an-email", consent: "" }, { name: "cv.pdf", body: PDF }),
      { clientAddress: nextAddress() },
    );
    expect(outcome).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        email: "Please enter a valid email address",
        consent: "Please agree to the privacy statement so we can consider your application",
      },
    });
    expect(await cms.db.select().from(contactSubmissions)).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it("refuses a renamed HTML page with 'Failed to upload attachment:' and stores nothing", async () => {
    const outcome = await submitContactForm(
      contactRequest(application, { name: "cv.pdf", body: "<html><script>alert(1)</script></html>" }),
      { clientAddress: nextAddress() },
    );
    expect(outcome.ok).toBe(false);
    expect(outcome.ok ? "" : outcome.error).toMatch(/^Failed to upload attachment: /);
    expect(await cms.db.select().from(contactSubmissions)).toEqual([]);
  });

  it("refuses an attachment on a plain message (the field belongs to applications)", async () => {
    const before = storedFiles().length;
    const outcome = await submitContactForm(contactRequest(message, { name: "cv.pdf", body: PDF }), {
      clientAddress: nextAddress(),
    });
    expect(outcome).toMatchObject({ ok: false, status: 400 });
    expect(storedFiles()).toHaveLength(before);
  });

  it("removes the uploaded file when the database refuses the submission", async () => {
    const before = storedFiles().length;
    const insert = vi.spyOn(cms.db, "insert").mockImplementationOnce(() => {
      throw new Error("connection lost");
    });
    try {
      const outcome = await submitContactForm(contactRequest(application, { name: "cv.pdf", body: PDF }), {
        clientAddress: nextAddress(),
      });
      expect(outcome).toMatchObject({ ok: false, status: 500, error: "Failed to send message. Please try again." });
    } finally {
      insert.mockRestore();
    }
    expect(storedFiles()).toHaveLength(before);
  });

  it("keeps a filled-in honeypot, a forged token or an instant post as spam, with no e-mail", async () => {
    const instant = new FormData();
    instant.set("token", issueFormToken());
    for (const [key, value] of Object.entries({ ...message, email: "instant@example.com" })) instant.set(key, value);
    const cases = [
      contactRequest({ ...message, email: "honeypot@example.com", website: "http://spam.example" }),
      contactRequest({ ...message, email: "forged@example.com", token: "1.abc" }),
      new Request("http://localhost/contact", { method: "POST", body: instant }),
    ];
    for (const request of cases) {
      expect((await submitContactForm(request, { clientAddress: nextAddress() })).ok).toBe(true);
    }
    const rows = await cms.db.select().from(contactSubmissions);
    expect(rows.map((row) => [row.email, row.status]).sort()).toEqual([
      ["forged@example.com", "spam"],
      ["honeypot@example.com", "spam"],
      ["instant@example.com", "spam"],
    ]);
    expect(await cms.db.select().from(mailOutbox)).toEqual([]);
  });

  it("refuses the sixth message in ten minutes from one address with 429, storing nothing more", async () => {
    const clientAddress = nextAddress();
    for (let index = 0; index < 5; index += 1) {
      expect((await submitContactForm(contactRequest(message), { clientAddress })).ok).toBe(true);
    }
    const sixth = await submitContactForm(contactRequest(message), { clientAddress });
    expect(sixth).toMatchObject({
      ok: false,
      status: 429,
      error: "Too many messages from your network. Please wait a few minutes and try again.",
    });
    expect(await cms.db.select().from(contactSubmissions)).toHaveLength(5);
  });

  it("counts accepted messages only: forms refused by validation leave the five messages free", async () => {
    const clientAddress = nextAddress();
    for (let index = 0; index < 6; index += 1) {
      const refused = await submitContactForm(contactRequest({ ...message, email: "not-an-address" }), {
        clientAddress,
      });
      expect(refused).toMatchObject({ ok: false, status: 400 });
    }
    for (let index = 0; index < 5; index += 1) {
      expect((await submitContactForm(contactRequest(message), { clientAddress })).ok).toBe(true);
    }
    expect(await submitContactForm(contactRequest(message), { clientAddress })).toMatchObject({ status: 429 });
    expect(await cms.db.select().from(contactSubmissions)).toHaveLength(5);
  });
});
