/**
 * Drafts, publishing, scheduling and revisions in the Content editor (decision 015), as
 * an editor uses them: a published page's draft stays off the site until Publish, the page keeps
 * its first publication's date and shows the update, a scheduled publication and unpublication
 * happen at their time (the server's loop runs every half second in these tests), the Scheduled
 * view lists and cancels, and the History panel compares and restores.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, content } from "../../app/db/schema";
import { formatDate } from "../../app/lib/text/format";
import { toLondonWallClock } from "../../app/lib/cms/london-time";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  ignoreNotFoundResponses,
  richTextEditor,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";

let counter = 0;
function uniqueSlug(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}`;
}

async function insertContent(server: TestServer, values: Partial<typeof content.$inferInsert> & { slug: string }) {
  const [row] = await server.db
    .insert(content)
    .values({ title: "Publishing item", content: "<p>Live words here.</p>", ...values })
    .returning();
  server.invalidateCaches();
  return row!;
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/cms/content/${id}`);
  await waitForReact(page.getByLabel("Title *"));
}

/** Replaces the body with this HTML, typed in the rich-text editor's HTML view. */
async function typeHtml(page: Page, html: string): Promise<void> {
  await page.getByRole("button", { name: "HTML view" }).click();
  await page.getByLabel("Content", { exact: true }).fill(html);
}

/**
 * A few seconds ahead, far enough that filling the field and sending the form on a busy machine
 * cannot take longer (the server refuses a time already past), near enough that the test is short.
 */
const SCHEDULE_AHEAD_SECONDS = 5;

/** London's wall clock `seconds` from now, with seconds, as a datetime-local field takes it. */
function londonIn(seconds: number): string {
  const at = new Date(Date.now() + seconds * 1000);
  return `${toLondonWallClock(at)}:${String(at.getUTCSeconds()).padStart(2, "0")}`;
}

async function publicStatus(page: Page, slug: string): Promise<number> {
  return (await page.request.get(`/content/${slug}`)).status();
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("a published page's draft stays off the site until Publish, which keeps the first date and shows the update", async ({
  page,
  server,
}) => {
  const slug = uniqueSlug("draft-live");
  const firstPublished = new Date("2025-01-10T10:00:00Z");
  const item = await insertContent(server, {
    slug,
    title: "Live title",
    status: "published",
    publishedAt: firstPublished,
    lastPublishedAt: firstPublished,
  });
  await signInAs(page, server, "admin");
  await openEditor(page, item.id);
  await expect(page.getByTestId("publishing-status")).toContainText("Status: Published");
  await expectAccessibleInBothThemes(page);

  await page.getByLabel("Title *").fill("Draft title");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Content updated successfully")).toBeVisible();

  // The public page is as it was.
  await page.goto(`/content/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Live title" })).toBeVisible();

  // The editor shows the draft, and says it is not live yet.
  await openEditor(page, item.id);
  await expect(page.getByLabel("Title *")).toHaveValue("Draft title");
  await expect(page.getByTestId("publishing-status")).toContainText("Status: Published with unpublished changes");
  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(page.getByText("Content published")).toBeVisible();

  await page.goto(`/content/${slug}`);
  await expect(page.getByRole("heading", { level: 1, name: "Draft title" })).toBeVisible();
  const dates = page.getByTestId("content-dates");
  await expect(dates).toHaveText(`Published 10 January 2025 · Updated ${formatDate(new Date(), "long")}`);
  await expect(dates.locator("time").first()).toHaveAttribute("datetime", firstPublished.toISOString());
  await expectAccessibleInBothThemes(page);
});

test("a page scheduled a few seconds ahead appears on the site at its time, and a scheduled unpublication takes it down", async ({
  page,
  server,
  consoleErrors,
}) => {
  const slug = uniqueSlug("scheduled");
  const item = await insertContent(server, { slug, title: "Scheduled page" });
  const admin = await signInAs(page, server, "admin");
  expect(await publicStatus(page, slug)).toBe(404);

  await openEditor(page, item.id);
  await page.getByLabel("Publish at (London time)", { exact: true }).fill(londonIn(SCHEDULE_AHEAD_SECONDS));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Content saved and scheduled")).toBeVisible();
  await expect.poll(() => publicStatus(page, slug), { timeout: 15_000 }).toBe(200);

  await openEditor(page, item.id);
  await expect(page.getByTestId("publishing-status")).toContainText("Status: Published");
  await page.getByLabel("Unpublish at (London time)", { exact: true }).fill(londonIn(SCHEDULE_AHEAD_SECONDS));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Content saved and scheduled")).toBeVisible();
  await expect.poll(() => publicStatus(page, slug), { timeout: 15_000 }).toBe(404);

  // The audit log says who scheduled each, and that the server carried them out.
  const audit = await server.db
    .select({ action: auditLog.action, userEmail: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entityId, item.id)));
  expect(audit.filter((entry) => entry.action === "content.schedule")).toHaveLength(2);
  expect(audit.map((entry) => entry.action)).toEqual(expect.arrayContaining(["content.publish", "content.unpublish"]));
  expect(audit.every((entry) => entry.userEmail === admin.email)).toBe(true);
  ignoreNotFoundResponses(consoleErrors);
});

test("the Scheduled view lists what is scheduled, in London time and by whom, and cancels it", async ({
  page,
  server,
}) => {
  const slug = uniqueSlug("cancelled");
  const title = `Cancel me ${slug}`;
  const item = await insertContent(server, { slug, title });
  const admin = await signInAs(page, server, "admin");

  await openEditor(page, item.id);
  await page.getByLabel("Publish at (London time)", { exact: true }).fill("2099-07-01T09:30");
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(page.getByText("Content saved and scheduled")).toBeVisible();
  await openEditor(page, item.id);
  // 09:30 in London in July is BST; shown back as it was typed.
  await expect(page.getByTestId("publishing-status")).toContainText(
    "Scheduled to publish at 1 Jul 2099, 09:30 (London time)",
  );

  await page.goto("/cms/content");
  await page.getByRole("link", { name: "Scheduled", exact: true }).click();
  await expect(page).toHaveURL("/cms/scheduled");
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Publish");
  await expect(row).toContainText("1 Jul 2099, 09:30 (London time)");
  await expect(row).toContainText(admin.email);
  await expectAccessibleInBothThemes(page);

  await waitForReact(row.getByRole("button", { name: `Cancel Publish of ${title}` }));
  await row.getByRole("button", { name: `Cancel Publish of ${title}` }).click();
  await expect(page.getByText("Schedule cancelled")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: title })).toHaveCount(0);
  const cancelled = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, item.id), eq(auditLog.action, "content.schedule_cancel")));
  expect(cancelled.map((entry) => entry.userEmail)).toEqual([admin.email]);
});

test("the History panel lists revisions, shows what changed between two, and restores one", async ({
  page,
  server,
}) => {
  const slug = uniqueSlug("history");
  const item = await insertContent(server, { slug, title: "History page" });
  const admin = await signInAs(page, server, "admin");

  await openEditor(page, item.id);
  await typeHtml(page, "<p>The original wording stays.</p>");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Content updated successfully")).toBeVisible();
  await openEditor(page, item.id);
  await typeHtml(page, "<p>The revised wording stays.</p>");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Content updated successfully")).toBeVisible();

  await openEditor(page, item.id);
  const history = page.getByRole("region", { name: /^History/ });
  const revisions = history.getByRole("list", { name: "Revisions, newest first" }).getByRole("listitem");
  await expect(revisions).toHaveCount(2);
  await expect(revisions.first()).toContainText("Saved draft");
  await expect(revisions.first()).toContainText(admin.email);

  // Compare the older with the newer (the form's default).
  await history.getByRole("button", { name: "Compare" }).click();
  const comparison = page.getByTestId("revision-comparison");
  await expect(comparison.locator("del")).toHaveText("removed: original");
  await expect(comparison.locator("ins")).toHaveText("added: revised");
  await expectAccessibleInBothThemes(page);

  // Restore the older one: it becomes the content again, as a new revision.
  const older = page
    .getByRole("region", { name: /^History/ })
    .getByRole("listitem")
    .nth(1);
  await older.getByRole("button", { name: /^Restore the revision of / }).click();
  await expect(page.getByText("Revision restored as the draft")).toBeVisible();
  await expect(richTextEditor(page, "Content")).toHaveText("The original wording stays.");
  await expect(
    page
      .getByRole("region", { name: /^History/ })
      .getByRole("listitem")
      .first(),
  ).toContainText("Restored");
});
