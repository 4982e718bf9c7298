/**
 * Two editors on one page: two administrators in two browsers edit
 * the same page; the second save is refused instead of silently overwriting the first, and a
 * dialog shows who saved, when and what differs, and lets the editor choose: Cancel (the form as
 * it was), Use their version (their text in the editor, what was typed kept beside it), Keep my
 * version (a knowing overwrite). Nothing typed is lost on any path.
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { content } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";
import { saveDraftStatus } from "./edit-collision-steps";

async function insertItem(server: TestServer) {
  const slug = `collision-${process.pid}-${Date.now()}`;
  const [row] = await server.db
    .insert(content)
    .values({ title: "Shared page", slug, content: "<p>Words both editors opened.</p>" })
    .returning();
  return row!;
}

async function storedTitle(server: TestServer, id: string): Promise<string | undefined> {
  const [row] = await server.db.select({ title: content.title }).from(content).where(eq(content.id, id));
  return row?.title;
}

async function openEditor(page: Page, id: string): Promise<void> {
  await page.goto(`/cms/content/${id}`);
  await waitForReact(page.getByLabel("Title *"));
}

const conflictDialog = (page: Page) => page.getByRole("alertdialog", { name: "Someone else saved this page" });

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("a save over another editor's newer save is refused with a dialog that shows their change and lets the editor choose", async ({
  page,
  browser,
  server,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const item = await insertItem(server);
  // Editor A works in a browser of their own, signed in as another administrator.
  const otherBrowser = await browser.newContext({ baseURL: server.url });
  const other = await otherBrowser.newPage();
  try {
    await dismissCookieBanner(other);
    const editorA = await signInAs(other, server, "admin");
    await signInAs(page, server, "admin");
    await openEditor(other, item.id);
    await openEditor(page, item.id);

    // A saves first.
    await other.getByLabel("Title *").fill("Title by A");
    expect(await saveDraftStatus(other, "/cms/content/")).not.toBe(409);
    await expect(other.getByText("Content updated successfully")).toBeVisible();

    // B, who opened the same version, saves over it: refused, nothing changed.
    const title = page.getByLabel("Title *");
    await title.fill("Title by B");
    expect(await saveDraftStatus(page, "/cms/content/")).toBe(409);
    const dialog = conflictDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${editorA.email} saved it on`);
    await expect(dialog).toContainText("(Saved draft). Someone else saved this after you opened it.");
    const titleChange = dialog.getByRole("region", { name: "Title", exact: true });
    await expect(titleChange).toContainText("Their version");
    await expect(titleChange.locator("del")).toHaveText("only in their version: A");
    await expect(titleChange.locator("ins")).toHaveText("only in your version: B");
    // Only what differs is listed: the body both have is not.
    await expect(dialog.getByRole("region", { name: "Content", exact: true })).toHaveCount(0);
    expect(await storedTitle(server, item.id)).toBe("Title by A");
    await expectAccessibleInBothThemes(page);

    // At phone width the dialog fits the screen and every choice can be reached.
    await page.setViewportSize({ width: 375, height: 740 });
    const box = await dialog.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    for (const choice of ["Keep my version", "Use their version", "Cancel"]) {
      await dialog.getByRole("button", { name: choice }).scrollIntoViewIfNeeded();
      await expect(dialog.getByRole("button", { name: choice })).toBeInViewport();
    }
    await page.setViewportSize({ width: 1280, height: 720 });

    // Cancel: back to the form as it was typed, focus on the button that saved.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(title).toHaveValue("Title by B");
    await expect(page.getByRole("button", { name: "Save draft" })).toBeFocused();
    // Escape is Cancel too; the next save asks again.
    expect(await saveDraftStatus(page, "/cms/content/")).toBe(409);
    await expect(dialog).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(title).toHaveValue("Title by B");

    // Use their version: the editor shows theirs, and what B typed is kept beside it.
    expect(await saveDraftStatus(page, "/cms/content/")).toBe(409);
    await dialog.getByRole("button", { name: "Use their version" }).click();
    await expect(title).toHaveValue("Title by A");
    const kept = page.getByRole("region", { name: "Your version, kept aside" });
    await expect(kept.getByRole("heading", { name: "Your version, kept aside" })).toBeFocused();
    await expect(kept.getByRole("textbox", { name: "Your Title" })).toHaveValue("Title by B");
    await expect(dialog).toBeHidden();
    expect(await storedTitle(server, item.id)).toBe("Title by A");
    await expectAccessibleInBothThemes(page);

    // A saves again while B types; B keeps their version, knowingly.
    await openEditor(other, item.id);
    await other.getByLabel("Title *").fill("Second title by A");
    expect(await saveDraftStatus(other, "/cms/content/")).not.toBe(409);
    await expect(other.getByText("Content updated successfully")).toBeVisible();
    await title.fill("Final title by B");
    expect(await saveDraftStatus(page, "/cms/content/")).toBe(409);
    // Their newest title, word by word against the form's.
    await expect(dialog.getByRole("region", { name: "Title", exact: true }).locator("del")).toHaveText([
      "only in their version: Second",
      "only in their version: A",
    ]);
    const saved = page.waitForURL("**/cms/content");
    const answered = page.waitForResponse((response) => response.request().method() === "POST");
    await dialog.getByRole("button", { name: "Keep my version" }).click();
    // The save is accepted (a refusal's own answer says why, should it ever be refused).
    const answer = await answered;
    if (answer.status() >= 400)
      throw new Error(`Keep my version was answered ${answer.status()}: ${await answer.text()}`);
    await saved;
    await expect(page.getByText("Content updated successfully")).toBeVisible();
    expect(await storedTitle(server, item.id)).toBe("Final title by B");

    // The kept copy is dismissed once it is no longer needed.
    await openEditor(page, item.id);
    await kept.getByRole("button", { name: "Dismiss your kept version" }).click();
    await expect(kept).toHaveCount(0);
    await openEditor(page, item.id);
    await expect(page.getByRole("region", { name: "Your version, kept aside" })).toHaveCount(0);
  } finally {
    await otherBrowser.close();
    await server.db.delete(content).where(eq(content.id, item.id));
  }
  // Chromium logs each refused save (409) as a console error.
  expectConsoleError(consoleErrors, 409);
});
