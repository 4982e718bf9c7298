/**
 * Never lose work, on the forms cms-unsaved.spec.ts does not walk: the Content Blocks
 * tab's edit dialog and add form (their list items added by button count as changes), the Site
 * Settings tab's add form, and the content editor changed by its toolbar alone (no key typed).
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { content, contentBlocks } from "../../app/db/schema";
import { dismissCookieBanner, expect, openCmsTab, richTextEditor, signInAs, test, waitForReact } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const leaveDialog = (page: Page) => page.getByRole("alertdialog", { name: "Leave without saving?" });

/** Asks to reload, and says whether the browser's own prompt came up (dismissed: the page stays). */
async function reloadAsks(page: Page): Promise<boolean> {
  const asked = new Promise<boolean>((resolve) =>
    page.once("dialog", (dialog) => {
      resolve(dialog.type() === "beforeunload");
      void dialog.dismiss();
    }),
  );
  void page.reload().catch(() => undefined);
  return asked;
}

test("a block's edit dialog with a change, even one made by a button, asks before the page is left", async ({
  page,
  server,
}) => {
  const name = `Service card – Unsaved ${process.pid}-${Date.now()}`;
  const [block] = await server.db
    .insert(contentBlocks)
    .values({
      name,
      blockType: "service_card",
      contentData: { title: "Audits", description: "We audit.", features: ["Fast"] },
    })
    .returning();
  try {
    await signInAs(page, server, "admin");
    await openCmsTab(page, "/cms/blocks", "Content Blocks", "Add Block");
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit content block" });
    await expect(dialog).toBeVisible();
    // Only a button pressed: an item added to the list.
    await dialog.getByRole("button", { name: "Add feature" }).click();
    expect(await reloadAsks(page)).toBe(true);
    await expect(dialog).toBeVisible();

    // Cancel is the editor's own choice to drop the change: nothing is asked after it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("link", { name: "Careers" }).click();
    await expect(page).toHaveURL("/cms/careers");
    await expect(leaveDialog(page)).toHaveCount(0);
  } finally {
    await server.db.delete(contentBlocks).where(eq(contentBlocks.id, block!.id));
  }
});

test("the half-filled add forms of Content Blocks and Site Settings ask before leaving", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  await openCmsTab(page, "/cms/blocks", "Content Blocks", "Add Block");
  await page.getByRole("button", { name: "Add Block" }).click();
  await page.getByLabel("Block Name").fill("Half-typed block");
  await page.getByRole("link", { name: "Site Settings" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL("/cms/blocks");
  await expect(page.getByLabel("Block Name")).toHaveValue("Half-typed block");

  await page.getByRole("link", { name: "Site Settings" }).click();
  await page.getByRole("button", { name: "Leave" }).click();
  await expect(page).toHaveURL("/cms/settings");
  await waitForReact(page.getByRole("button", { name: "Add Setting" }));
  await page.getByRole("button", { name: "Add Setting" }).click();
  await page.getByLabel("Setting Key").fill("half_typed_setting");
  await page.getByRole("link", { name: "Content Blocks" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Setting Key")).toHaveValue("half_typed_setting");
});

test("the Users tab's half-filled invitation and the Redirects tab's add form ask before leaving; a sent one does not", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  await openCmsTab(page, "/cms/users", /^Users \(\d+\)$/, "Send invitation");
  const invite = page.getByRole("region", { name: "Invite a user" });
  const email = `half-invited-${process.pid}-${Date.now()}@example.com`;
  await invite.getByLabel("Email").fill(email);
  await page.getByRole("link", { name: "Redirects" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(invite.getByLabel("Email")).toHaveValue(email);

  // Sent: the form is emptied and leaving asks nothing.
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
  await expect(invite.getByLabel("Email")).toHaveValue("");
  await page.getByRole("link", { name: "Redirects" }).click();
  await expect(page).toHaveURL("/cms/redirects");
  await expect(leaveDialog(page)).toHaveCount(0);

  const add = page.getByRole("region", { name: "Add a redirect" });
  await waitForReact(add.getByRole("button", { name: /Add redirect/ }));
  await add.getByLabel("Old address").fill("/an-old-half-typed-address");
  await page.getByRole("link", { name: "Users" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(add.getByLabel("Old address")).toHaveValue("/an-old-half-typed-address");
});

test("a content page changed only through the editor's toolbar asks before leaving", async ({ page, server }) => {
  const [item] = await server.db
    .insert(content)
    .values({ title: "Toolbar only", slug: `toolbar-only-${process.pid}-${Date.now()}`, content: "<p>Body</p>" })
    .returning();
  try {
    await signInAs(page, server, "admin");
    await page.goto(`/cms/content?q=${item!.slug}`);
    const edit = page.getByRole("link", { name: "Edit Toolbar only" });
    await waitForReact(edit);
    await edit.click();
    const toolbar = page.getByRole("toolbar", { name: "Content formatting" });
    await toolbar.getByRole("button", { name: "Horizontal rule", exact: true }).click();
    await expect(richTextEditor(page, "Content").locator("hr")).toHaveCount(1);
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(leaveDialog(page)).toBeVisible();
    await page.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(`/cms/content/${item!.id}`);
  } finally {
    await server.db.delete(content).where(eq(content.id, item!.id));
  }
});
