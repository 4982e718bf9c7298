/**
 * Never lose work, part 2: what is typed into the content editor, the rich-text body
 * included, is kept in the browser while typing; after a crash or a closed tab, opening the editor
 * again offers to restore it (or discard it), and a successful save forgets it.
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { content } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  richTextEditor,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function insertDraft(server: TestServer) {
  const [row] = await server.db
    .insert(content)
    .values({ title: "Autosave item", slug: `autosave-${process.pid}-${Date.now()}`, content: "<p>Saved body.</p>" })
    .returning();
  return row!;
}

/** The editor of `id` in a fresh tab, once the rich-text editor has loaded. */
async function openEditor(page: Page, id: string) {
  await page.goto(`/cms/content/${id}`);
  await waitForReact(page.getByLabel("Title *"));
  await expect(richTextEditor(page, "Content")).toBeVisible();
}

const offer = (page: Page) => page.getByRole("region", { name: "Unsaved changes" });
const keptCopy = (page: Page, id: string) =>
  page.evaluate((key) => localStorage.getItem(key), `cms-draft:content:${id}`);

test("typed work survives a closed tab, rich text included, and a save forgets it", async ({ page, server }) => {
  const item = await insertDraft(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item.id);
    // Nothing typed, nothing kept: opening the editor writes no copy.
    expect(await keptCopy(page, item.id)).toBeNull();

    await page.getByLabel("Title *").fill("Typed before the tab closed");
    const body = richTextEditor(page, "Content");
    await body.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("## A kept heading\nA kept paragraph.");
    await expect.poll(() => keptCopy(page, item.id)).toContain("A kept paragraph.");
    expect(await keptCopy(page, item.id)).toContain("Typed before the tab closed");

    // The tab goes without a word (a crash, or closed without its prompt).
    const context = page.context();
    await page.close();
    const next = await context.newPage();
    await openEditor(next, item.id);
    await expect(offer(next)).toBeVisible();
    await expect(next.getByLabel("Title *")).toHaveValue("Autosave item");
    await expectAccessibleInBothThemes(next);

    await offer(next).getByRole("button", { name: "Restore unsaved changes" }).click();
    await expect(offer(next)).toHaveCount(0);
    await expect(next.getByLabel("Title *")).toHaveValue("Typed before the tab closed");
    const restoredBody = richTextEditor(next, "Content");
    await expect(restoredBody.getByRole("heading", { level: 2 })).toHaveText("A kept heading");
    await expect(restoredBody).toContainText("A kept paragraph.");

    // Restored work is unsaved work: leaving asks first.
    await next.getByRole("link", { name: "Back", exact: true }).click();
    await expect(next.getByRole("alertdialog", { name: "Leave without saving?" })).toBeVisible();
    await next.getByRole("button", { name: "Stay on this page" }).click();

    await next.getByRole("button", { name: "Save draft" }).click();
    await expect(next).toHaveURL("/cms/content");
    await expect(next.getByText("Content updated successfully")).toBeVisible();
    const [stored] = await server.db.select().from(content).where(eq(content.id, item.id));
    expect(stored!.title).toBe("Typed before the tab closed");
    expect(stored!.content).toContain("<h2>A kept heading</h2>");
    expect(await keptCopy(next, item.id)).toBeNull();

    // Saved: the next visit offers nothing.
    await openEditor(next, item.id);
    await expect(next.getByLabel("Title *")).toHaveValue("Typed before the tab closed");
    await expect(offer(next)).toHaveCount(0);
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});

test("Discard drops the kept copy and leaves the saved item as it is", async ({ page, server }) => {
  const item = await insertDraft(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item.id);
    await page.getByLabel("Excerpt").fill("An excerpt typed and then thrown away");
    await expect.poll(() => keptCopy(page, item.id)).toContain("thrown away");

    const context = page.context();
    await page.close();
    const next = await context.newPage();
    await openEditor(next, item.id);
    await offer(next).getByRole("button", { name: "Discard them" }).click();
    await expect(offer(next)).toHaveCount(0);
    await expect(next.getByLabel("Excerpt")).toHaveValue("");
    expect(await keptCopy(next, item.id)).toBeNull();
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});
