/**
 * The CMS's Submissions tab as the person answering enquiries and applications walks it: the unread
 * count on the tab (opening a submission marks it read), search and the kind and job filters with
 * applications grouped by job, a reply by e-mail seen on the thread and in the outbox (and a
 * refused one that keeps the text), a note and an assignment, bulk status, Not spam, and a GDPR
 * erasure whose stored CV goes too; axe in both themes and 375 px.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, contactSubmissions, mailOutbox, submissionNotes } from "../../app/db/schema";
import {
  csrfToken,
  expect,
  expectConsoleError,
  expectAccessibleInBothThemes,
  expectPanelsFitPhoneWidth,
  openCmsTab,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";
import { newSubmissionWithAttachment } from "../http/route-access-rules";

const URL_PATH = "/cms/submissions";
type NewSubmission = typeof contactSubmissions.$inferInsert;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

const SAMPLE: NewSubmission[] = [
  {
    name: "Alice Able",
    email: "alice@example.com",
    subject: "Project quote",
    message: "We need a new website.",
    createdAt: minutesAgo(50),
  },
  {
    name: "Bob Brown",
    email: "bob@example.com",
    subject: "Application for Cloud Engineer position",
    message: "Please find my CV attached.",
    job: "Cloud Engineer",
    createdAt: minutesAgo(40),
  },
  {
    name: "Dora Data",
    email: "dora@example.com",
    subject: "Application for Data Analyst position",
    message: "I love numbers.",
    job: "Data Analyst",
    createdAt: minutesAgo(30),
  },
  {
    name: "Cleo Cloud",
    email: "cleo@example.com",
    subject: "Application for Cloud Engineer position",
    message: "Ten years of cloud work.",
    job: "Cloud Engineer",
    createdAt: minutesAgo(20),
  },
  {
    name: "Carol Clark",
    email: "carol@example.com",
    subject: "Cheap watches",
    message: "Buy now",
    status: "spam",
    createdAt: minutesAgo(10),
  },
];

/** Replaces every stored submission with these; returns their ids by name. */
async function storeSubmissions(server: TestServer, rows: NewSubmission[] = SAMPLE): Promise<Record<string, string>> {
  await server.db.delete(contactSubmissions);
  const stored = await server.db
    .insert(contactSubmissions)
    .values(rows)
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  return Object.fromEntries(stored.map((row) => [row.name, row.id]));
}

async function rowOf(server: TestServer, id: string) {
  const [row] = await server.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, id));
  return row;
}

function openTab(page: Page, search = "") {
  return openCmsTab(page, `${URL_PATH}${search}`, /^Contact Submissions \(\d+\)$/, "Refresh");
}

const tabLink = (page: Page) =>
  page.getByRole("navigation", { name: "CMS sections" }).getByRole("link", { name: /Contact Submissions/ });

test("the tab counts unread submissions, and opening one marks it read", async ({ page, server }) => {
  const ids = await storeSubmissions(server);
  await signInAs(page, server, "admin");
  await openTab(page);
  // Four unread; the one held back as spam does not call for attention.
  await expect(tabLink(page)).toHaveAccessibleName("Contact Submissions (4 unread)");
  await expect(page.getByTestId("inbox-unread")).toHaveText("4 unread");
  await expect(page.getByRole("row", { name: /Alice Able/ })).toContainText("Unread");

  await page.getByRole("link", { name: "Alice Able" }).click();
  await expect(page.getByRole("region", { name: "Alice Able" })).toBeVisible();
  await expect(tabLink(page)).toHaveAccessibleName("Contact Submissions (3 unread)");
  await expect(page.getByRole("row", { name: /Alice Able/ })).not.toContainText("Unread");
  await expect.poll(async () => (await rowOf(server, ids["Alice Able"]!))?.readAt).not.toBeNull();
  // Opening it again changes nothing.
  await page.reload();
  await expect(tabLink(page)).toHaveAccessibleName("Contact Submissions (3 unread)");
});

test("search, the kind and job filters, and applications grouped by job, kept through pages", async ({
  page,
  server,
}) => {
  test.setTimeout(60_000);
  await storeSubmissions(server);
  await signInAs(page, server, "admin");
  await openTab(page);
  const search = page.getByRole("search", { name: "Search submissions" });

  await search.getByLabel("Search name, e-mail, subject or message").fill("cloud work");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=cloud\+work/);
  await expect(page.getByRole("heading", { name: "Contact Submissions (1)" })).toBeVisible();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("Cleo Cloud");

  await search.getByRole("link", { name: "Clear" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (5)" })).toBeVisible();

  // Applications only: a heading over each job's applications, jobs in order, newest first within.
  await search.getByLabel("Kind").selectOption("application");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (3)" })).toBeVisible();
  await expect(page.locator("tbody h3")).toHaveText(["Cloud Engineer", "Data Analyst"]);
  const applicants = page.locator("tbody tr").filter({ has: page.getByRole("checkbox") });
  await expect(applicants).toHaveText([/Cleo Cloud/, /Bob Brown/, /Dora Data/]);
  // The group headings come before their rows.
  await expect(page.locator("tbody tr").nth(0)).toHaveText("Cloud Engineer");
  await expect(page.locator("tbody tr").nth(3)).toHaveText("Data Analyst");
  await expectAccessibleInBothThemes(page);

  // One job, with the status filter on top.
  await search.getByLabel("Job").selectOption("Data Analyst");
  await search.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (1)" })).toBeVisible();
  await page.getByRole("navigation", { name: "Filter by status" }).getByRole("link", { name: "Resolved" }).click();
  await expect(page).toHaveURL(/job=Data\+Analyst/);
  await expect(page.getByText("No contact submissions found.")).toBeVisible();

  // Enquiries: the two that are not applications.
  await openTab(page, "?kind=enquiry");
  await expect(page.getByRole("heading", { name: "Contact Submissions (2)" })).toBeVisible();
  await expectPanelsFitPhoneWidth(page);
});

test("a reply by e-mail goes through the outbox and stays on the thread; a refused one keeps the text", async ({
  page,
  server,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  await server.db.delete(mailOutbox);
  const ids = await storeSubmissions(server);
  const admin = await signInAs(page, server, "admin");
  await openTab(page, `?selected=${ids["Alice Able"]}`);
  const detail = page.getByRole("region", { name: "Alice Able" });
  const replyBox = detail.getByLabel("Reply to alice@example.com");
  await waitForReact(replyBox);

  await replyBox.fill("Thank you, Alice.\nA quote follows this week.");
  // Opening another message with the reply unsent asks first; staying keeps the text.
  const leaveDialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await page.getByRole("link", { name: "Bob Brown" }).click();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(replyBox).toHaveValue("Thank you, Alice.\nA quote follows this week.");
  await detail.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply queued in the outbox").first()).toBeVisible();
  await expect(replyBox).toHaveValue("");
  const reply = detail.getByTestId("thread-reply");
  await expect(reply).toContainText("Thank you, Alice.");
  await expect(reply).toContainText(`by ${admin.email}`);
  await expect(reply.locator('[data-slot="badge"]')).toHaveText("Pending");

  // A note sits on the same thread, after the reply.
  const noteBox = detail.getByLabel("Internal note");
  await noteBox.fill("Sent the quote request to sales.");
  await detail.getByRole("button", { name: "Add note" }).click();
  await expect(detail.getByTestId("thread-note")).toContainText("Sent the quote request to sales.");
  await expect(detail.locator("ol > li")).toHaveCount(2);
  await expect(detail.locator("ol > li").first()).toContainText("Reply");

  // Assigned to the administrator, who can handle submissions.
  await detail.getByLabel("Assigned to").selectOption({ label: admin.email });
  await expect(page.getByText("Assignment saved").first()).toBeVisible();
  await expect.poll(async () => (await rowOf(server, ids["Alice Able"]!))?.assigneeId).toBe(admin.id);

  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);
  await expectPanelsFitPhoneWidth(page);

  // In the outbox: to Alice, about her subject. Sent, the reply and the note leave nothing to ask about.
  await reply.getByRole("link", { name: "Open in the outbox" }).click();
  await expect(page).toHaveURL(/\/cms\/outbox\?selected=/);
  await expect(leaveDialog).toHaveCount(0);
  const mail = page.getByRole("region", { name: "Re: Project quote" });
  await expect(mail).toBeVisible();
  await expect(mail).toContainText("alice@example.com");
  await expect(page.getByTestId("outbox-message")).toContainText("A quote follows this week.");
  const [queued] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, ids["Alice Able"]!));
  expect(queued).toMatchObject({ kind: "submission_reply", toAddress: "alice@example.com", status: "pending" });

  // The submission goes while a reply is being written: the refusal says so and the text stays.
  await openTab(page, `?selected=${ids["Bob Brown"]}`);
  const bob = page.getByRole("region", { name: "Bob Brown" });
  const bobReply = bob.getByLabel("Reply to bob@example.com");
  await waitForReact(bobReply);
  await bobReply.fill("We would like to meet you.");
  await server.db.delete(contactSubmissions).where(eq(contactSubmissions.id, ids["Bob Brown"]!));
  await bob.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Submission not found").first()).toBeVisible();
  await expect(bobReply).toHaveValue("We would like to meet you.");
  expectConsoleError(consoleErrors, 404);
});

test("bulk status: the selected rows all take the status, each change audited", async ({ page, server }) => {
  const ids = await storeSubmissions(server);
  const admin = await signInAs(page, server, "admin");
  await openTab(page);
  const bar = page.getByRole("form", { name: "Bulk actions" });
  await expect(bar).toContainText("Select rows for bulk actions");
  await waitForReact(page.getByRole("checkbox", { name: "Select Alice Able" }));
  await page.getByRole("checkbox", { name: "Select Alice Able" }).check();
  await page.getByRole("checkbox", { name: "Select Bob Brown" }).check();
  await expect(bar).toContainText("2 selected");
  await bar.getByRole("button", { name: "Mark Resolved" }).click();
  await expect(page.getByText("2 submissions updated").first()).toBeVisible();
  await expect(page.getByRole("row", { name: /Alice Able/ }).locator('[data-slot="badge"]')).toHaveText("Resolved");
  await expect(page.getByRole("row", { name: /Bob Brown/ }).locator('[data-slot="badge"]')).toHaveText("Resolved");
  await expect(page.getByRole("row", { name: /Dora Data/ }).locator('[data-slot="badge"]')).toHaveText("New");
  expect((await rowOf(server, ids["Alice Able"]!))?.status).toBe("resolved");
  const entries = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "contact_submission.status"), eq(auditLog.entityId, ids["Bob Brown"]!)));
  expect(entries.map((entry) => [entry.userEmail, entry.details])).toEqual([
    [admin.email, { from: "new", to: "resolved", bulk: true }],
  ]);
  await expect(bar).toContainText("Select rows for bulk actions");
});

test("Not spam moves a held-back submission to New", async ({ page, server }) => {
  const ids = await storeSubmissions(server);
  await signInAs(page, server, "admin");
  await openTab(page, `?status=spam&selected=${ids["Carol Clark"]}`);
  const detail = page.getByRole("region", { name: "Carol Clark" });
  // No reply to an address that may be forged, until it is marked as not spam.
  await expect(detail.getByLabel("Reply to carol@example.com")).toBeDisabled();
  const button = detail.getByRole("button", { name: "Not spam" });
  await waitForReact(button);
  await button.click();
  await expect(page.getByText("Moved to New").first()).toBeVisible();
  await expect.poll(async () => (await rowOf(server, ids["Carol Clark"]!))?.status).toBe("new");
  await expect(detail.getByRole("button", { name: "Not spam" })).toHaveCount(0);
  await expect(detail.getByLabel("Reply to carol@example.com")).toBeEnabled();
});

test("erasure for a GDPR request: confirmed, then the row, its thread, its mails and its CV file are gone", async ({
  page,
  server,
}) => {
  test.setTimeout(60_000);
  await server.db.delete(contactSubmissions);
  const id = await newSubmissionWithAttachment(server);
  const stored = await rowOf(server, id);
  const file = path.join(process.env.DATA_DIR!, "uploads", stored!.attachmentUrl!);
  expect(fs.existsSync(file)).toBe(true);
  const admin = await signInAs(page, server, "admin");
  await server.db.insert(submissionNotes).values({ submissionId: id, authorEmail: admin.email, body: "A note." });
  // A reply still waiting in the outbox must not go out after the erasure.
  const [pending] = await server.db
    .insert(mailOutbox)
    .values({
      kind: "submission_reply",
      toAddress: "applicant@example.com",
      subject: "Re: your application",
      textBody: "We would like to meet you.",
      submissionId: id,
    })
    .returning();

  await openTab(page, `?selected=${id}`);
  const detail = page.getByRole("region", { name: "Access Rule" });
  await expect(detail.getByText("Job application: Engineer")).toBeVisible();
  const erase = detail.getByRole("button", { name: "Erase submission" });
  await waitForReact(erase);
  await erase.click();
  const dialog = page.getByRole("alertdialog", { name: "Erase Access Rule's submission?" });
  await expect(dialog).toBeVisible();
  // Cancel changes nothing.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(await rowOf(server, id)).toBeDefined();

  await erase.click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Erase" }).click();
  await expect(page.getByText("Submission erased").first()).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/submissions$/);
  await expect(page.getByText("No contact submissions found.")).toBeVisible();
  expect(await rowOf(server, id)).toBeUndefined();
  expect(fs.existsSync(file)).toBe(false);
  expect(await server.db.select().from(submissionNotes).where(eq(submissionNotes.submissionId, id))).toEqual([]);
  expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending!.id))).toEqual([]);
  const [entry] = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "contact_submission.erase"), eq(auditLog.entityId, id)));
  expect(entry).toMatchObject({ userEmail: admin.email });
  expect(JSON.stringify(entry?.details)).not.toContain("applicant@example.com");
});

test("a long reply in any script fits the address's body cap (a 16 KB form would refuse it)", async ({
  page,
  server,
}) => {
  const ids = await storeSubmissions(server);
  await signInAs(page, server, "admin");
  await openTab(page);
  // 9,000 characters of two bytes each, URL-encoded as six: 54 KB on the wire.
  const text = "é".repeat(9000);
  const response = await page.request.post(URL_PATH, {
    form: { csrf: await csrfToken(page), intent: "reply", id: ids["Dora Data"]!, reply: text },
  });
  expect(response.status()).toBe(200);
  const [mail] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, ids["Dora Data"]!));
  expect(mail?.textBody).toContain(text);
});
