/**
 * The CMS Content tab and editor (/cms/content, SPEC.md "Content tab", "Content editor", sections 4,
 * 5 and 8) and the public pages they feed (/content/{slug}, /blog): who may use the CMS, the
 * create → edit → publish → unpublish → delete journey (Save draft, Publish and Unpublish), placeholders, sanitised bodies, the admin
 * preview of a draft, the spec's messages, and axe in both themes on every screen.
 */
import { and, eq, sql } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, content, siteSettings } from "../../app/db/schema";
import {
  csrfToken,
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  ignoreNotFoundResponses,
  richTextEditor,
  signInAs,
  test,
  waitForFramesAfter,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const LIST = "/cms/content";
const NEW = "/cms/content/new";

let counter = 0;
/** A slug no other test in this worker uses. */
function uniqueSlug(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}`;
}

async function contentBySlug(server: TestServer, slug: string) {
  const [row] = await server.db.select().from(content).where(eq(content.slug, slug));
  return row;
}

async function insertContent(server: TestServer, values: Partial<typeof content.$inferInsert> & { slug: string }) {
  const published = values.status === "published";
  const [row] = await server.db
    .insert(content)
    .values({ title: "Inserted item", publishedAt: published ? new Date() : null, ...values })
    .returning();
  // Written behind the CMS's back: the public pages' caches must forget what they hold, as a save does.
  server.invalidateCaches();
  return row!;
}

async function companyName(server: TestServer): Promise<string> {
  const [row] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, "company_name"));
  return row!.settingValue;
}

async function openEditor(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await waitForReact(page.getByLabel("Title *"));
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("an administrator creates, previews, publishes, unpublishes and deletes a content item", async ({
  page,
  server,
  consoleErrors,
}) => {
  const admin = await signInAs(page, server, "admin");
  const company = await companyName(server);

  // The list, with its columns and actions.
  await page.goto(LIST);
  await expect(page).toHaveTitle("Content | CMS");
  for (const heading of ["Title", "Type", "Status", "Slug", "Excerpt", "Updated"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Refresh" })).toBeVisible();
  await expect(page.getByRole("link", { name: "New Content", exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // New: the slug follows the title until it is edited by hand.
  await page.getByRole("link", { name: "Create New Content" }).click();
  await expect(page).toHaveURL(NEW);
  const title = page.getByLabel("Title *");
  const slugField = page.getByLabel("Slug *");
  await waitForReact(title);
  await expect(page.getByLabel("Content Type")).toHaveValue("page");
  await expect(page.getByTestId("publishing-status")).toContainText("Status: New draft");
  await expect(page.getByLabel("Excerpt")).toHaveAttribute("rows", "3");
  // The body is the rich-text editor (cms-rich-text.spec.ts), loaded after hydration.
  await expect(richTextEditor(page, "Content")).toBeVisible();
  await expect(page.getByRole("toolbar", { name: "Content formatting" })).toBeVisible();
  await expect(page.getByRole("group", { name: "SEO Settings" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Publishing" })).toBeVisible();
  await title.fill("Hello, World!  Again");
  await expect(slugField).toHaveValue("hello-world-again");
  await expectAccessibleInBothThemes(page);

  const slug = uniqueSlug("journey");
  await slugField.fill(slug);
  await title.fill("Journey {{company_name}} item");
  await expect(slugField).toHaveValue(slug);
  await page.getByLabel("Excerpt").fill("A short summary.");
  // Typed as HTML, in the editor's HTML view.
  await page.getByRole("button", { name: "HTML view" }).click();
  await page.getByLabel("Content", { exact: true }).fill("<p>Welcome to {{company_name}}.</p>\n<p>{{no_such_key}}</p>");
  await page.getByLabel("Meta Title").fill("Journey meta title");
  await page.getByLabel("Meta Description").fill("Journey meta description");
  await page.getByLabel("Content Type").selectOption("blog_post");

  // Save draft says Saving... while the request is on its way.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/cms/content/new.data*", async (route) => {
    await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByText("Content created successfully")).toBeVisible();
  await page.unroute("**/cms/content/new.data*");

  const created = await contentBySlug(server, slug);
  expect(created).toMatchObject({
    title: "Journey {{company_name}} item",
    type: "blog_post",
    status: "draft",
    excerpt: "A short summary.",
    metaTitle: "Journey meta title",
    authorId: admin.id,
    publishedAt: null,
  });
  const row = page.getByRole("row").filter({ hasText: slug });
  // The first cell holds the row's checkbox for the bulk actions.
  await expect(row.getByRole("cell").nth(2)).toHaveText("blog post");
  await expect(row.getByText("draft", { exact: true })).toBeVisible();

  // A draft is not public, but the administrator can preview it with the settings filled in.
  const draftResponse = await page.goto(`/content/${slug}`);
  expect(draftResponse?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Content Not Found" })).toBeVisible();
  await page.goto(`${LIST}/${created!.id}/preview`);
  await expect(page.getByRole("heading", { level: 1, name: `Journey ${company} item` })).toBeVisible();
  await expect(page.getByTestId("content-body")).toContainText(`Welcome to ${company}.`);
  await expect(page.getByText("Not visible on the public site until published.")).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Edit and publish.
  await page.goto(LIST);
  await page.getByRole("link", { name: "Edit Journey {{company_name}} item" }).click();
  await waitForReact(page.getByLabel("Title *"));
  await expect(page.getByLabel("Slug *")).toHaveValue(slug);
  // Editing the title of an existing item leaves its slug alone.
  await page.getByLabel("Title *").fill("Journey {{company_name}} published");
  await expect(page.getByLabel("Slug *")).toHaveValue(slug);
  await expect(page.getByTestId("publishing-status")).toContainText("Status: Draft");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(LIST);
  await expect(page.getByText("Content published")).toBeVisible();
  const published = await contentBySlug(server, slug);
  expect(published?.status).toBe("published");
  expect(published?.publishedAt).toBeInstanceOf(Date);

  // The public page, rendered on the server with the placeholder substituted.
  const response = await page.goto(`/content/${slug}`);
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle("Journey meta title");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", "Journey meta description");
  await expect(page.getByRole("heading", { level: 1, name: `Journey ${company} published` })).toBeVisible();
  await expect(page.getByTestId("content-type")).toHaveText("BLOG POST");
  await expect(page.getByText("A short summary.")).toBeVisible();
  await expect(page.getByText(/^Published /)).toBeVisible();
  await expect(page.getByTestId("content-author")).toBeVisible();
  const body = page.getByTestId("content-body");
  await expect(body).toContainText(`Welcome to ${company}.`);
  await expect(body).toContainText("{{no_such_key}}");
  await expect(body).not.toContainText("{{company_name}}");
  await expect(body).toHaveCSS("white-space", "pre-wrap");
  const html = await (await page.request.get(`/content/${slug}`)).text();
  expect(html).toContain(`Welcome to ${company}.`);
  await expectAccessibleInBothThemes(page);

  // Unpublish: the page is gone from the public site; its first publication's date is kept (decision 015).
  await page.goto(`${LIST}/${published!.id}`);
  await waitForReact(page.getByLabel("Title *"));
  await expect(page.getByTestId("publishing-status")).toContainText("Status: Published");
  await page.getByRole("button", { name: "Unpublish" }).click();
  await expect(page.getByText("Content unpublished")).toBeVisible();
  expect(await contentBySlug(server, slug)).toMatchObject({ status: "draft", publishedAt: published!.publishedAt });
  const archived = await page.goto(`/content/${slug}`);
  expect(archived?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Content Not Found" })).toBeVisible();
  await expect(page.getByText("The requested content could not be found.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await expect(page).toHaveTitle("Content Not Found");
  await expectAccessibleInBothThemes(page);

  // Delete, after the spec's confirmation; Cancel first keeps the item.
  await page.goto(LIST);
  const deleteButton = page.getByRole("button", { name: "Delete Journey {{company_name}} published" });
  await waitForReact(deleteButton);
  await deleteButton.click();
  const dialog = page.getByRole("alertdialog", { name: "Are you sure you want to delete this content?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  expect(await contentBySlug(server, slug)).toBeDefined();
  await deleteButton.click();
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Content deleted successfully")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: slug })).toHaveCount(0);
  // Deleting moves it to the trash, from where it can be restored for 30 days.
  expect(await contentBySlug(server, slug)).toMatchObject({ deletedAt: expect.any(Date) });

  // Every change is in the audit log.
  const audit = await server.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(and(eq(auditLog.userId, admin.id), eq(auditLog.entityId, published!.id)));
  expect(audit.map((entry) => entry.action).sort()).toEqual([
    "content.create",
    "content.delete",
    "content.publish",
    "content.unpublish",
  ]);
  ignoreNotFoundResponses(consoleErrors);
});

test("saving without a title or with a slug in use is refused with the spec's messages", async ({
  page,
  server,
  consoleErrors,
}) => {
  const existing = await insertContent(server, { slug: uniqueSlug("taken") });
  await signInAs(page, server, "admin");
  await openEditor(page, NEW);
  const before = (await server.db.select({ id: content.id }).from(content)).length;

  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Title and slug are required" })).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveAttribute("aria-invalid", "true");
  await expect(page).toHaveURL(NEW);

  await page.getByLabel("Title *").fill("Duplicate");
  await page.getByLabel("Slug *").fill(existing.slug);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("This slug is already used by another item").first()).toBeVisible();
  await expect(page.getByLabel("Slug *")).toHaveAttribute("aria-invalid", "true");

  await page.getByLabel("Slug *").fill("Not A Slug");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText(/Use lower-case letters and digits/).first()).toBeVisible();
  // The form's error state is checked by axe once the error toasts have gone: the shared Toaster's
  // rich red error colours are reported separately (they fall just short of 4.5:1).
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);
  expect((await server.db.select({ id: content.id }).from(content)).length).toBe(before);
  // Each refused save answers 400, which Chromium reports.
  expectConsoleError(consoleErrors, 400);
});

test("the server generates the slug from the title when a new item's slug is left empty", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  await page.goto(NEW);
  const stamp = `${process.pid}x${Date.now()}`;
  const title = `Server, Slug!  ${stamp}`;
  const response = await page.request.post(NEW, {
    form: { csrf: await csrfToken(page), intent: "save", title, slug: "" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(302);
  expect(await contentBySlug(server, `server-slug-${stamp}`)).toMatchObject({ title, type: "page", status: "draft" });
});

test("a database failure shows the spec's messages without internals", async ({ page, server, consoleErrors }) => {
  const item = await insertContent(server, { slug: uniqueSlug("outage"), status: "published" });
  await signInAs(page, server, "admin");
  await server.db.execute(sql.raw("alter table content rename to content_unavailable"));
  server.invalidateCaches();
  try {
    const response = await page.goto(`/content/${item.slug}`);
    expect(response?.status()).toBe(500);
    await expect(page.getByRole("heading", { name: "Failed to load content" })).toBeVisible();
    await expect(page.locator("body")).not.toContainText(/relation|content_unavailable|stack/i);
    await page.goto(LIST);
    await expect(page.getByRole("alert").filter({ hasText: "Failed to fetch content" })).toBeVisible();
  } finally {
    await server.db.execute(sql.raw("alter table content_unavailable rename to content"));
    server.invalidateCaches();
  }
  expectConsoleError(consoleErrors, 500);
});

test("the featured image preview shows a loadable image and hides itself when the image fails", async ({
  page,
  server,
  consoleErrors,
}) => {
  await signInAs(page, server, "admin");
  await openEditor(page, NEW);
  const url = page.getByLabel("Featured Image URL");
  const preview = page.getByTestId("featured-image-preview");
  await url.fill("/favicon.svg");
  await expect(preview).toBeVisible();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await url.fill("/no-such-image.png");
  await expect(preview).toHaveCount(0);
  // An existing item whose image is broken: the preview hides on load too.
  const item = await insertContent(server, { slug: uniqueSlug("broken-image"), featuredImageUrl: "/missing.png" });
  await openEditor(page, `${LIST}/${item.id}`);
  await expect(page.getByLabel("Featured Image URL")).toHaveValue("/missing.png");
  await expect(preview).toHaveCount(0);
  ignoreNotFoundResponses(consoleErrors);
});

test("the list searches, filters and pages", async ({ page, server }) => {
  const marker = `zq${process.pid}x${Date.now()}`;
  await server.db.insert(content).values(
    Array.from({ length: 27 }, (_, index) => ({
      title: `${marker} item ${index}`,
      slug: `${marker}-${index}`,
      type: index === 0 ? "case_study" : "page",
      status: index === 0 ? "archived" : "draft",
      updatedAt: new Date(Date.UTC(2030, 0, 1) + index * 60_000),
    })),
  );
  try {
    await signInAs(page, server, "admin");
    await page.goto(LIST);
    await page.getByLabel("Search title, slug or text").fill(marker.toUpperCase());
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "Content (27)" })).toBeVisible();
    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(25);
    await expect(rows.first()).toContainText(`${marker} item 26`);
    await page.getByRole("link", { name: "Next" }).click();
    await expect(rows).toHaveCount(2);
    await expect(page.getByText("Page 2 of 2")).toBeVisible();
    await expect(rows.last()).toContainText(`${marker} item 0`);

    await page.goto(`${LIST}?q=${marker}&type=case_study&status=archived`);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText("case study");
    await expect(rows.first().getByText("archived")).toBeVisible();
    await page.goto(`${LIST}?q=${encodeURIComponent("%")}${marker}`);
    await expect(page.getByText("No content matches these filters.")).toBeVisible();
  } finally {
    // Dated in 2030, they would head the CMS list for every spec that runs after this one.
    await server.db.delete(content).where(sql`${content.slug} like ${`${marker}-%`}`);
  }
});

test("a hostile body never runs on the public page: the HTML is sanitised on the server", async ({
  page,
  server,
  consoleErrors,
}) => {
  const slug = uniqueSlug("hostile");
  await insertContent(server, {
    slug,
    title: "Hostile body",
    status: "published",
    content:
      '<p>Safe text</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">x</a>',
  });
  const raw = await (await page.request.get(`/content/${slug}`)).text();
  expect(raw).not.toContain("window.__pwned=1");

  await page.goto(`/content/${slug}`);
  const body = page.getByTestId("content-body");
  await expect(body).toContainText("Safe text");
  const inner = await body.innerHTML();
  expect(inner).not.toMatch(/onerror|javascript:|<script/i);
  const link = body.getByText("x", { exact: true });
  await expect(link).not.toHaveAttribute("href", /^\s*javascript:/i);
  await link.click();
  await waitForFramesAfter(page);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(page.url()).toContain(`/content/${slug}`);
  // The relative image "x" is a 404 of its own.
  ignoreNotFoundResponses(consoleErrors);
  // Its broken image is this test's own doing: gone, it cannot fail the site-wide link check.
  await server.db.delete(content).where(eq(content.slug, slug));
  server.invalidateCaches();
});

test("/blog lists published blog posts only, newest first, linking to their pages", async ({ page, server }) => {
  const marker = `blog${process.pid}x${Date.now()}`;
  await server.db.insert(content).values([
    {
      title: `${marker} older`,
      slug: `${marker}-older`,
      type: "blog_post",
      status: "published",
      publishedAt: new Date(Date.UTC(2099, 0, 1)),
    },
    {
      title: `${marker} newer`,
      slug: `${marker}-newer`,
      type: "blog_post",
      status: "published",
      publishedAt: new Date(Date.UTC(2099, 5, 1)),
    },
    { title: `${marker} draft`, slug: `${marker}-draft`, type: "blog_post", status: "draft" },
    { title: `${marker} archived`, slug: `${marker}-archived`, type: "blog_post", status: "archived" },
    {
      title: `${marker} page`,
      slug: `${marker}-page`,
      type: "page",
      status: "published",
      publishedAt: new Date(Date.UTC(2099, 6, 1)),
    },
  ]);
  server.invalidateCaches();
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Blog" })).toBeVisible();
  const titles = page.getByTestId("blog-posts").getByRole("heading", { level: 2 });
  await expect(titles.nth(0)).toHaveText(`${marker} newer`);
  await expect(titles.nth(1)).toHaveText(`${marker} older`);
  for (const hidden of ["draft", "archived"]) await expect(page.getByText(`${marker} ${hidden}`)).toHaveCount(0);
  // A published page is not a post: it is listed under "More to read", so every page stays linked.
  await expect(page.getByTestId("blog-posts").getByText(`${marker} page`)).toHaveCount(0);
  await expect(
    page.getByRole("region", { name: "More to read" }).getByRole("link", { name: `${marker} page` }),
  ).toHaveAttribute("href", `/content/${marker}-page`);
  await expect(page.getByRole("link", { name: `${marker} newer` })).toHaveAttribute("href", `/content/${marker}-newer`);
  await expectAccessibleInBothThemes(page);
  await page.getByRole("link", { name: `${marker} newer` }).click();
  await expect(page.getByRole("heading", { level: 1, name: `${marker} newer` })).toBeVisible();
});

test("an unknown slug answers 404 with Content Not Found", async ({ page, consoleErrors }) => {
  const response = await page.goto("/content/no-such-item-here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Content Not Found" })).toBeVisible();
  await expect(page.getByText("The requested content could not be found.")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  ignoreNotFoundResponses(consoleErrors);
});

test("without JavaScript a refused save draws the editor again with everything typed, so nothing is lost", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  const title = `No script ${process.pid}-${Date.now()}`;
  try {
    await signInAs(page, server, "admin");
    await page.goto("/cms/content/new");
    await page.getByLabel("Title *").fill(title);
    await page.getByLabel("Slug *").fill("no-script-page");
    await page.getByLabel("Excerpt").fill("Typed without scripts.");
    // Without JavaScript the body is the editor's HTML textarea.
    await page.getByLabel("Content", { exact: true }).fill("<p>A long paragraph typed by hand.</p>");
    await page.getByLabel("Meta Title").fill("A meta title");
    await page.getByLabel("Featured Image URL").fill("/\\evil.example");
    await page.getByRole("button", { name: "Save draft" }).click();

    await expect(page.getByText("Enter an address starting with https:// or a path on this site")).toBeVisible();
    await expect(page.getByLabel("Title *")).toHaveValue(title);
    await expect(page.getByLabel("Slug *")).toHaveValue("no-script-page");
    await expect(page.getByLabel("Excerpt")).toHaveValue("Typed without scripts.");
    await expect(page.getByLabel("Content", { exact: true })).toHaveValue("<p>A long paragraph typed by hand.</p>");
    await expect(page.getByLabel("Meta Title")).toHaveValue("A meta title");
    await expect(page.getByLabel("Featured Image URL")).toHaveValue("/\\evil.example");
    const [stored] = await server.db.select().from(content).where(eq(content.title, title));
    expect(stored).toBeUndefined();
  } finally {
    await context.close();
    await server.db.delete(content).where(eq(content.title, title));
  }
});
