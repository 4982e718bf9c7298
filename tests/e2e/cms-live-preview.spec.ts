/**
 * The content editor's live preview: beside the form, the UNSAVED page as the public
 * site will show it, updated as the editor types, at a phone's width (375 px, the site's phone
 * layout) or a desktop's; nothing is saved and the public page stays as it was. The frame's address
 * is the only one this site may frame, and only itself; it answers administrators only.
 */
import { eq, like } from "drizzle-orm";
import type { FrameLocator, Page } from "@playwright/test";
import { content } from "../../app/db/schema";
import {
  csrfToken,
  dismissCookieBanner,
  expect,
  expectNoAxeViolations,
  richTextEditor,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function insertPublished(server: TestServer) {
  const slug = `live-preview-${process.pid}-${Date.now()}`;
  const [row] = await server.db
    .insert(content)
    .values({
      title: "Saved heading",
      slug,
      content: "<p>Saved body text.</p>",
      status: "published",
      publishedAt: new Date(),
    })
    .returning();
  // Written behind the server's back: its caches of published pages must forget what they hold.
  server.invalidateCaches();
  return row!;
}

/** The editor of the item, reached from the list (so Back stays in the app), with the rich-text editor loaded. */
async function openEditor(page: Page, item: { title: string; slug: string }) {
  await page.goto(`/cms/content?q=${item.slug}`);
  const edit = page.getByRole("link", { name: `Edit ${item.title}` });
  await waitForReact(edit);
  await edit.click();
  await waitForReact(page.getByLabel("Title *"));
  await expect(richTextEditor(page, "Content")).toBeVisible();
}

/** Opens the live preview and waits for its first page. */
async function openLivePreview(page: Page): Promise<FrameLocator> {
  await page.getByRole("button", { name: "Live preview" }).click();
  const panel = page.getByRole("complementary", { name: "Live preview" });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("live-preview-frame")).toBeVisible();
  return page.frameLocator('[data-testid="live-preview-frame"]');
}

/** Waits until the preview has no page on its way (so a frame is not swapped under a check). */
async function settled(page: Page): Promise<void> {
  await expect(page.getByTestId("live-preview-status")).toHaveText(/as the public page will show them/);
}

test("the preview shows what is typed, title and rich text, without saving it", async ({ page, server }) => {
  const item = await insertPublished(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    const frame = await openLivePreview(page);
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Saved heading");

    await page.getByLabel("Title *").fill("Typed heading, not saved");
    const editor = richTextEditor(page, "Content");
    await editor.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("## A typed subheading\nA typed paragraph about {{company_name}}.");

    await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Typed heading, not saved");
    await expect(frame.getByRole("heading", { level: 2 })).toHaveText("A typed subheading");
    // The same steps as the public page: placeholders filled in from the public settings.
    await expect(frame.getByTestId("content-body")).not.toContainText("{{company_name}}");
    await expect(frame.getByTestId("content-body")).toContainText("A typed paragraph about");
    // The preview's own page: not indexed, the site's stylesheet, no script.
    await settled(page);
    const head = await frame.locator("html").evaluate((html) => ({
      robots: html.querySelector('meta[name="robots"]')?.getAttribute("content"),
      stylesheet: html.querySelector('link[rel="stylesheet"]')?.getAttribute("href"),
      scripts: html.querySelectorAll("script").length,
    }));
    expect(head).toEqual({ robots: "noindex, nofollow", stylesheet: expect.stringMatching(/^\/assets\//), scripts: 0 });

    // Nothing saved: the row and the public page are as they were.
    const [stored] = await server.db.select().from(content).where(eq(content.id, item.id));
    expect(stored!.title).toBe("Saved heading");
    expect(stored!.draft).toBeNull();
    const publicPage = await page.context().newPage();
    await publicPage.goto(`/content/${item.slug}`);
    await expect(publicPage.getByRole("heading", { level: 1 })).toHaveText("Saved heading");
    await expect(publicPage.getByText("A typed subheading")).toHaveCount(0);
    await publicPage.close();

    // Opening and updating the preview added no step to the history: Back still leaves the editor (and asks).
    await page.goBack();
    await expect(page.getByRole("alertdialog", { name: "Leave without saving?" })).toBeVisible();
    await page.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(`/cms/content/${item.id}`);
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});

test("Phone shows the page 375 px wide in the site's phone layout; Desktop in its desktop layout", async ({
  page,
  server,
}) => {
  const item = await insertPublished(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    const frame = await openLivePreview(page);
    const width = () => frame.locator("html").evaluate(() => window.innerWidth);
    const headingSize = () =>
      frame.getByRole("heading", { level: 1 }).evaluate((heading) => getComputedStyle(heading).fontSize);

    await expect(page.getByRole("button", { name: "Desktop" })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(width).toBe(1280);
    // text-4xl on phones, sm:text-5xl from 640 px: the frame's own width decides.
    await expect.poll(headingSize).toBe("48px");

    await page.getByRole("button", { name: "Phone" }).click();
    await expect(page.getByRole("button", { name: "Phone" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("live-preview-frame")).toHaveJSProperty("offsetWidth", 375);
    await expect.poll(width).toBe(375);
    await expect.poll(headingSize).toBe("36px");
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});

test("a new item previews too, and an unreadable document is answered with a message, not a page", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  await page.goto("/cms/content/new");
  await waitForReact(page.getByLabel("Title *"));
  const frame = await openLivePreview(page);
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Untitled");
  await page.getByLabel("Title *").fill("A page not yet created");
  await expect(frame.getByRole("heading", { level: 1 })).toHaveText("A page not yet created");
  expect(await server.db.select().from(content).where(like(content.title, "A page not yet created"))).toEqual([]);

  // The address itself: a broken document is refused with the save's message, and nothing is stored.
  const response = await page.request.post("/cms/content/live-preview", {
    headers: { Origin: server.url },
    form: { csrf: await csrfToken(page), id: "new", title: "Broken", slug: "broken", contentDocument: "{not json" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(400);
  expect(await response.text()).toContain("The editor&#x27;s document could not be read");
  const headers = response.headers();
  expect(headers["x-frame-options"]).toBe("SAMEORIGIN");
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'self'");
  expect(headers["x-robots-tag"]).toBe("noindex, nofollow");
  expect(headers["cache-control"]).toContain("no-store");
});

test("the editor with the preview open passes axe in both themes and is usable at 375 px", async ({ page, server }) => {
  const item = await insertPublished(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    const frame = await openLivePreview(page);
    await page.addStyleTag({
      content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
    });
    await page.mouse.move(0, 0);
    // The preview follows the CMS's theme: each theme is checked once the frame shows it.
    for (const dark of [true, false]) {
      await page.evaluate((value) => document.documentElement.classList.toggle("dark", value), dark);
      await expect(frame.locator("html")).toHaveClass(dark ? "dark" : "");
      await settled(page);
      await expectNoAxeViolations(page);
    }

    await page.setViewportSize({ width: 375, height: 800 });
    // Above the form on a phone, and the page does not scroll sideways.
    await expect(page.getByRole("complementary", { name: "Live preview" })).toBeInViewport();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.getByRole("button", { name: "Phone" }).click();
    await expect(frame.getByRole("heading", { level: 1 })).toHaveText("Saved heading");
    await settled(page);
    await expectNoAxeViolations(page);
    // Closed by keyboard: focus goes on from the Close button.
    await page.getByRole("button", { name: "Close the live preview" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("complementary", { name: "Live preview" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Live preview" })).toHaveAttribute("aria-expanded", "false");
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});
