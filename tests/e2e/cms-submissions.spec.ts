/**
 * The CMS Contact Submissions tab (/cms/submissions, SPEC.md "Admin area /cms", sections 4, 5, 8):
 * who may use it, the list with its count, the detail panel by keyboard, the inline status selector,
 * the refusal of an invalid status, messages shown as plain text, the empty states, the status
 * filter, and axe in both themes.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, contactSubmissions } from "../../app/db/schema";
import {
  csrfToken,
  expect,
  expectAccessibleInBothThemes,
  openCmsTab,
  signInAs,
  test,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/submissions";

type NewSubmission = typeof contactSubmissions.$inferInsert;

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Replaces every stored submission with these; returns their ids by name. */
async function storeSubmissions(server: TestServer, rows: NewSubmission[]): Promise<Record<string, string>> {
  await server.db.delete(contactSubmissions);
  if (rows.length === 0) return {};
  const stored = await server.db
    .insert(contactSubmissions)
    .values(rows)
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  return Object.fromEntries(stored.map((row) => [row.name, row.id]));
}

async function statusOf(server: TestServer, id: string) {
  const [row] = await server.db
    .select({ status: contactSubmissions.status })
    .from(contactSubmissions)
    .where(eq(contactSubmissions.id, id));
  return row?.status;
}

const SAMPLE: NewSubmission[] = [
  {
    name: "Alice Able",
    email: "alice@example.com",
    phone: "+44 20 7946 0000",
    subject: "Project quote",
    message: "Hello,\nWe need a new website.\n\nThanks, Alice",
    createdAt: minutesAgo(10),
  },
  {
    name: "Bob Brown",
    email: "bob@example.com",
    subject: "Application for Cloud Engineer position",
    message: "Please find my CV attached.",
    attachmentUrl: "contact-attachments/1700000000000-abc123.pdf",
    attachmentFilename: "bob-cv.pdf",
    status: "in_progress",
    createdAt: minutesAgo(5),
  },
  {
    name: "Carol Clark",
    email: "carol@example.com",
    subject: "Cheap watches",
    message: "Buy now",
    status: "spam",
    createdAt: minutesAgo(60),
  },
];

function openTab(page: Page, search = "") {
  return openCmsTab(page, `${URL_PATH}${search}`, /^Contact Submissions \(\d+\)$/, "Refresh");
}

test("the list shows the count, newest first, and a submission opens by keyboard", async ({ page, server }) => {
  test.setTimeout(60_000);
  const ids = await storeSubmissions(server, SAMPLE);
  await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page).toHaveTitle("Contact Submissions | CMS");
  await expect(page.getByRole("heading", { name: "Contact Submissions (3)" })).toBeVisible();
  for (const heading of ["Name", "Subject", "Status", "Date", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }
  const rows = page.getByRole("row");
  await expect(rows.nth(1)).toContainText("Bob Brown");
  await expect(rows.nth(2)).toContainText("Alice Able");
  await expect(rows.nth(3)).toContainText("Carol Clark");
  await expect(rows.nth(1)).toContainText("In Progress");
  await expect(page.getByText("Select a submission to view details.")).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // The name is a link: focus it and press Enter.
  const aliceLink = page.getByRole("link", { name: "Alice Able" });
  await aliceLink.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`selected=${ids["Alice Able"]}`));
  const detail = page.getByRole("region", { name: "Alice Able" });
  await expect(detail).toBeVisible();
  await expect(detail.getByRole("link", { name: "alice@example.com" })).toHaveAttribute(
    "href",
    "mailto:alice@example.com",
  );
  await expect(detail.getByRole("link", { name: "+44 20 7946 0000" })).toHaveAttribute("href", "tel:+442079460000");
  await expect(detail.getByText("Project quote")).toBeVisible();
  await expect(detail.getByText(/^Received /)).toBeVisible();
  const message = detail.getByTestId("submission-message");
  await expect(message).toHaveCSS("white-space", "pre-wrap");
  expect(await message.textContent()).toBe("Hello,\nWe need a new website.\n\nThanks, Alice");
  await expect(detail.getByLabel("Status", { exact: true })).toHaveValue("new");
  await expect(page.getByText("Select a submission to view details.")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  // The selection is in the URL: a reload keeps it, Back returns to the list without it.
  await page.reload();
  await expect(page.getByRole("region", { name: "Alice Able" })).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Select a submission to view details.")).toBeVisible();

  // Without a phone number there is no phone link; the attachment's original name downloads it.
  await page.getByRole("link", { name: "Bob Brown" }).click();
  const bob = page.getByRole("region", { name: "Bob Brown" });
  await expect(bob.getByRole("link", { name: "bob@example.com" })).toBeVisible();
  await expect(bob.locator('a[href^="tel:"]')).toHaveCount(0);
  await expect(bob.getByRole("link", { name: /bob-cv\.pdf/ })).toHaveAttribute(
    "href",
    `/cms/submissions/${ids["Bob Brown"]}/attachment`,
  );
});

test("the inline selector changes a status, with the spec's message and badge", async ({ page, server }) => {
  test.setTimeout(60_000);
  const ids = await storeSubmissions(server, SAMPLE);
  const admin = await signInAs(page, server, "admin");
  await openTab(page);
  const aliceRow = page.getByRole("row", { name: /Alice Able/ });
  const badge = aliceRow.locator('[data-slot="badge"]');
  await expect(badge).toHaveText("New");
  await expect(badge).toHaveClass(/bg-blue-100/);

  const expectations = [
    ["in_progress", "In Progress", /bg-yellow-100/],
    ["resolved", "Resolved", /bg-green-100/],
    ["spam", "Spam", /bg-red-100/],
  ] as const;
  for (const [value, label, colour] of expectations) {
    await aliceRow.getByLabel("Status of Alice Able's submission").selectOption(value);
    await expect(page.getByText("Status updated successfully").first()).toBeVisible();
    await expect(badge).toHaveText(label);
    await expect(badge).toHaveClass(colour);
    await expect.poll(() => statusOf(server, ids["Alice Able"]!)).toBe(value);
  }

  // The detail panel's selector does the same, and shows the new badge.
  await page.getByRole("link", { name: "Alice Able" }).click();
  const detail = page.getByRole("region", { name: "Alice Able" });
  await detail.getByLabel("Status", { exact: true }).selectOption("new");
  await expect(detail.locator('[data-slot="badge"]')).toHaveText("New");
  await expect(badge).toHaveText("New");
  await expect.poll(() => statusOf(server, ids["Alice Able"]!)).toBe("new");

  const audit = await server.db
    .select({ details: auditLog.details, email: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.action, "contact_submission.status"), eq(auditLog.entityId, ids["Alice Able"]!)));
  expect(audit.map((entry) => entry.details).sort((a, b) => String(a.to).localeCompare(String(b.to)))).toEqual([
    { from: "new", to: "in_progress" },
    { from: "spam", to: "new" },
    { from: "in_progress", to: "resolved" },
    { from: "resolved", to: "spam" },
  ]);
  expect(audit.every((entry) => entry.email === admin.email)).toBe(true);
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);
});

test('an invalid status POSTed directly gets "Invalid status value" and changes nothing', async ({ page, server }) => {
  const ids = await storeSubmissions(server, SAMPLE);
  await signInAs(page, server, "admin");
  await openTab(page);
  const auditBefore = await server.db.select().from(auditLog).where(eq(auditLog.entityId, ids["Bob Brown"]!));
  for (const status of ["closed", "In Progress", ""]) {
    const response = await page.request.post(URL_PATH, {
      form: { csrf: await csrfToken(page), intent: "status", id: ids["Bob Brown"]!, status },
    });
    expect(response.status()).toBe(400);
    expect(await statusOf(server, ids["Bob Brown"]!)).toBe("in_progress");
  }
  expect(await server.db.select().from(auditLog).where(eq(auditLog.entityId, ids["Bob Brown"]!))).toEqual(auditBefore);
  // The refusal's toast is waiting in this browser's flash cookie: the next page shows it.
  await page.reload();
  await expect(page.getByText("Invalid status value")).toBeVisible();
  await expect(page.getByRole("row", { name: /Bob Brown/ }).locator('[data-slot="badge"]')).toHaveText("In Progress");
});

/**
 * What anyone may send through the contact form: a tracking image on another host, a heading and a
 * phishing link, scripts, and an image that would make the staff browser request a CMS address.
 */
const HOSTILE_MESSAGE = [
  '<img src="https://tracker.example/p.png?who=support"><h2>Action required</h2>',
  '<a href="https://evil.example/cms-login">Sign in again here</a>',
  "Second line with <strong>bold</strong> text",
  "",
  '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><img src="/cms/submissions/export.csv">',
].join("\n");

test("a stored message is shown as the text it is: its markup loads, links and runs nothing", async ({
  page,
  server,
}) => {
  const ids = await storeSubmissions(server, [
    {
      name: "Mallory",
      email: "mallory@example.com",
      subject: "Hello <b>there</b>",
      message: HOSTILE_MESSAGE,
    },
  ]);
  await signInAs(page, server, "admin");
  // Every request the page makes from here on: none may leave this machine.
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  await openTab(page, `?selected=${ids.Mallory}`);
  const detail = page.getByRole("region", { name: "Mallory" });
  const message = detail.getByTestId("submission-message");
  await expect(message).toBeVisible();
  // The markup is shown as typed, line breaks kept, and none of it became an element.
  await expect(message.getByText("<h2>Action required</h2>", { exact: false })).toBeVisible();
  expect(await message.textContent()).toBe(HOSTILE_MESSAGE);
  await expect(message).toHaveCSS("white-space", "pre-wrap");
  await expect(message.locator("*")).toHaveCount(0);
  await expect(detail.getByRole("heading", { name: "Action required" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Sign in again here" })).toHaveCount(0);
  // The subject is text, never markup.
  await expect(detail.getByText("Hello <b>there</b>")).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as { __pwned?: unknown }).__pwned)).toBeUndefined();
  const hosts = new Set(requested.map((address) => new URL(address).hostname));
  expect([...hosts].filter((host) => !["127.0.0.1", "localhost", "[::1]"].includes(host))).toEqual([]);
  expect(requested.filter((address) => address.includes("/cms/submissions/export.csv"))).toEqual([]);
});

test("the empty states", async ({ page, server }) => {
  await storeSubmissions(server, []);
  await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page.getByRole("heading", { name: "Contact Submissions (0)" })).toBeVisible();
  await expect(page.getByText("No contact submissions found.")).toBeVisible();
  await expect(page.getByText("Select a submission to view details.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
});

test("filters by status and pages through long lists", async ({ page, server }) => {
  test.setTimeout(60_000);
  const many: NewSubmission[] = Array.from({ length: 27 }, (_, index) => ({
    name: `Sender ${String(index + 1).padStart(2, "0")}`,
    email: `sender${index + 1}@example.com`,
    subject: `Question ${index + 1}`,
    message: "Hi",
    // Sender 27 is the newest.
    createdAt: minutesAgo(1000 - index),
  }));
  await storeSubmissions(server, [...SAMPLE, ...many]);
  await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page.getByRole("heading", { name: "Contact Submissions (30)" })).toBeVisible();

  const filters = page.getByRole("navigation", { name: "Filter by status" });
  await filters.getByRole("link", { name: "In Progress" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (1)" })).toBeVisible();
  await expect(page).toHaveURL(/status=in_progress/);
  await expect(filters.getByRole("link", { name: "In Progress" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText("Bob Brown");

  await filters.getByRole("link", { name: "Spam" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (1)" })).toBeVisible();
  await expect(page.getByRole("row").nth(1)).toContainText("Carol Clark");

  await filters.getByRole("link", { name: "Resolved" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (0)" })).toBeVisible();
  await expect(page.getByText("No contact submissions found.")).toBeVisible();

  await filters.getByRole("link", { name: "New" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (28)" })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // 28 new submissions: 25 on the first page, newest first, and 3 on the second.
  await expect(page.getByRole("row")).toHaveCount(26);
  await expect(page.getByRole("row").nth(1)).toContainText("Alice Able");
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Page 1 of 2");
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(pagination).toContainText("Page 2 of 2");
  await expect(page).toHaveURL(/status=new/);
  await expect(page.getByRole("row")).toHaveCount(4);
  await expect(page.getByRole("row").nth(3)).toContainText("Sender 01");

  await filters.getByRole("link", { name: "All" }).click();
  await expect(page.getByRole("heading", { name: "Contact Submissions (30)" })).toBeVisible();
  await expect(page).not.toHaveURL(/status=|page=/);
});
