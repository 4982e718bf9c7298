/**
 * Never lose work, part 1: leaving a CMS form with unsaved changes asks first, through an
 * accessible dialog for in-app links (the editor's Back and Preview, the tabs) and the browser's
 * Back button, and through the browser's own prompt for a reload or closing the tab; staying keeps
 * what was typed. Ctrl+S saves the form instead of the browser's "save page".
 */
import { eq, like } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { content } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function insertItem(server: TestServer) {
  const slug = `unsaved-${process.pid}-${Date.now()}`;
  const [row] = await server.db
    .insert(content)
    .values({ title: "Unsaved item", slug, content: "<p>Body</p>" })
    .returning();
  return row!;
}

/** The editor, reached from the list by its Edit link, as an editor does (so Back stays in the app). */
async function openEditor(page: Page, item: { title: string; slug: string }) {
  await page.goto(`/cms/content?q=${item.slug}`);
  const edit = page.getByRole("link", { name: `Edit ${item.title}` });
  await waitForReact(edit);
  await edit.click();
  await waitForReact(page.getByLabel("Title *"));
}

const leaveDialog = (page: Page) => page.getByRole("alertdialog", { name: "Leave without saving?" });

test("an in-app link and Back ask before leaving an edited form; staying keeps the text", async ({ page, server }) => {
  const item = await insertItem(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    const title = page.getByLabel("Title *");

    // Untouched: leaving asks nothing.
    await page.getByRole("link", { name: "Preview" }).click();
    await expect(page).toHaveURL(`/cms/content/${item.id}/preview`);
    await openEditor(page, item);

    await title.fill("Typed but not saved");
    // The editor's Back link.
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await leaveDialog(page).getByRole("button", { name: "Stay on this page" }).click();
    await expect(leaveDialog(page)).toBeHidden();
    await expect(page).toHaveURL(`/cms/content/${item.id}`);
    await expect(title).toHaveValue("Typed but not saved");

    // Preview, and Escape stays too.
    await page.getByRole("link", { name: "Preview" }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(leaveDialog(page)).toBeHidden();
    await expect(title).toHaveValue("Typed but not saved");

    // The browser's Back button.
    await page.goBack();
    await expect(leaveDialog(page)).toBeVisible();
    await leaveDialog(page).getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(`/cms/content/${item.id}`);
    await expect(title).toHaveValue("Typed but not saved");

    // Leave goes on, and the change is dropped.
    await page.getByRole("link", { name: "Careers" }).click();
    await leaveDialog(page).getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL("/cms/careers");
    const [stored] = await server.db.select().from(content).where(eq(content.id, item.id));
    expect(stored!.title).toBe("Unsaved item");
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});

test("reloading or closing an edited form asks through the browser's prompt", async ({ page, server }) => {
  const item = await insertItem(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    await page.getByLabel("Title *").fill("Typed before a reload");

    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    // Dismissing the prompt keeps the page: the reload does not finish, so it is not awaited.
    void page.reload().catch(() => undefined);
    expect(await asked).toBe("beforeunload");
    await expect(page.getByLabel("Title *")).toHaveValue("Typed before a reload");
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});

test("a reload at the very moment of typing still asks", async ({ page, server }) => {
  const item = await insertItem(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    const asked = new Promise<string>((resolve) =>
      page.once("dialog", (dialog) => {
        resolve(dialog.type());
        void dialog.dismiss();
      }),
    );
    // The edit and the reload in one task: the page has had no moment to note the change first.
    void page
      .getByLabel("Title *")
      .evaluate((field: HTMLInputElement) => {
        // The prototype's setter, as typing does: React's own record of the value is left behind.
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!.call(
          field,
          "Typed as the reload was pressed",
        );
        field.dispatchEvent(new Event("input", { bubbles: true }));
        location.reload();
      })
      .catch(() => undefined);
    expect(await asked).toBe("beforeunload");
    await expect(page.getByLabel("Title *")).toHaveValue("Typed as the reload was pressed");
  } finally {
    await server.db.delete(content).where(eq(content.id, item.id));
  }
});

test("Ctrl+S saves the edited form instead of the browser's save page", async ({ page, server }) => {
  const item = await insertItem(server);
  try {
    await signInAs(page, server, "admin");
    await openEditor(page, item);
    const title = page.getByLabel("Title *");
    await title.fill("Saved with the keyboard");
    await title.press("Control+s");
    await expect(page.getByText("Content updated successfully")).toBeVisible();
    // Saved: leaving no longer asks.
    await expect(page).toHaveURL("/cms/content");
    const [stored] = await server.db.select().from(content).where(eq(content.id, item.id));
    expect(stored!.title).toBe("Saved with the keyboard");
  } finally {
    await server.db.delete(content).where(like(content.slug, `${item.slug}%`));
  }
});
