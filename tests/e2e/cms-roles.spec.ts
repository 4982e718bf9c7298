/**
 * The CMS roles, walked as each role would: an Editor signs in,
 * sees the editor's tabs only, cannot open Users (403), and edits a page; a Support user lands on
 * the contact submissions, changes a status, and reads the content without any way to change it.
 * The tabs come from the permission table (app/lib/auth/permissions.ts), as the server's checks do.
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, contactSubmissions, content } from "../../app/db/schema";
import { CMS_TABS, roleCan } from "../../app/lib/auth/permissions";
import type { UserRole } from "../../app/lib/enums";
import {
  csrfToken,
  ensureAdminExists,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  expectPanelsFitPhoneWidth,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const PASSWORD = "a long enough passphrase for roles";

let counter = 0;
/** An account of this role, made the way the Users tab makes one. */
async function account(server: TestServer, role: UserRole) {
  const { createUser } = await import("../../app/server/auth/users.server");
  counter += 1;
  const email = `${role}-roles-${process.pid}-${counter}-${Date.now()}@example.com`;
  const user = await createUser(server.db, { email, password: PASSWORD, role });
  return { ...user, email };
}

/** Signs in through the sign-in card, as a person would. */
async function signInWithForm(page: Page, email: string) {
  await page.goto("/cms");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** The titles of the tab bar as shown. */
/** The tabs' titles, without the inbox's unread count (its number and its spoken sentence). */
async function tabTitles(page: Page) {
  const links = page.getByRole("navigation", { name: "CMS sections" }).getByRole("link");
  return (await links.allTextContents()).map((text) => text.replace(/\d* \(\d+ unread\)$/, ""));
}

const tabsOf = (role: UserRole) => CMS_TABS.filter((tab) => roleCan(role, tab.permission)).map((tab) => tab.title);

test.beforeEach(async ({ server }) => ensureAdminExists(server));

test("an editor signs in to the Content tab, sees the editor's tabs, cannot open Users, and edits a page", async ({
  page,
  server,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const [item] = await server.db
    .insert(content)
    .values({ title: "Editor's page", slug: `editor-page-${Date.now()}`, content: "<p>Before</p>" })
    .returning();
  const editor = await account(server, "editor");

  await signInWithForm(page, editor.email);
  await expect(page).toHaveURL(/\/cms\/content$/);
  await expect(page.getByRole("heading", { name: /^Content \(\d+\)$/ })).toBeVisible();
  expect(await tabTitles(page)).toEqual(["Content", "Careers", "Content Blocks", "Courses", "Assistant", "Media"]);
  expect(await tabTitles(page)).toEqual(tabsOf("editor"));
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Redirects" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Trash" })).toBeVisible();
  await expect(header.getByRole("link", { name: "Outbox" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Create New Content" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await expectPanelsFitPhoneWidth(page);

  // Users is an administrator's: 403 and Access Denied, with the way back.
  const users = await page.goto("/cms/users");
  expect(users?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByRole("heading", { name: /^Users \(\d+\)$/ })).toHaveCount(0);
  expectConsoleError(consoleErrors, 403);
  await page.getByRole("link", { name: "Back to the CMS" }).click();
  await expect(page).toHaveURL(/\/cms\/content$/);

  // Editing a page works as it does for an administrator.
  await page.getByRole("link", { name: `Edit ${item!.title}` }).click();
  const title = page.getByLabel("Title *");
  await expect(title).toHaveValue("Editor's page");
  await waitForReact(page.getByRole("button", { name: "Save draft" }));
  await title.fill("Edited by the editor");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page).toHaveURL(/\/cms\/content$/);
  await expect
    .poll(async () => (await server.db.select().from(content).where(eq(content.id, item!.id)))[0]?.title)
    .toBe("Edited by the editor");
  const [entry] = await server.db.select().from(auditLog).where(eq(auditLog.entityId, item!.id));
  expect(entry?.userEmail).toBe(editor.email);
});

test("support lands on the contact submissions, changes a status, and reads the content without a way to change it", async ({
  page,
  server,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const name = `Role Tester ${Date.now()}`;
  const [submission] = await server.db
    .insert(contactSubmissions)
    .values({ name, email: "role-tester@example.com", subject: "A question for support", message: "Hello." })
    .returning();
  const [item] = await server.db
    .insert(content)
    .values({ title: `Support reads ${Date.now()}`, slug: `support-reads-${Date.now()}`, content: "<p>Body</p>" })
    .returning();
  const support = await account(server, "support");

  await signInWithForm(page, support.email);
  await expect(page).toHaveURL(/\/cms\/submissions$/);
  await expect(page.getByRole("heading", { name: /^Contact Submissions \(\d+\)$/ })).toBeVisible();
  expect(await tabTitles(page)).toEqual(tabsOf("support"));
  expect(await tabTitles(page)).not.toContain("Users");
  expect(await tabTitles(page)).not.toContain("Site Settings");

  // A status change, audited under support's name.
  const row = page.getByRole("row", { name: new RegExp(name) });
  const select = row.getByLabel(`Status of ${name}'s submission`);
  await waitForReact(select);
  await select.selectOption("resolved");
  await expect(page.getByText("Status updated successfully").first()).toBeVisible();
  await expect
    .poll(
      async () =>
        (await server.db.select().from(contactSubmissions).where(eq(contactSubmissions.id, submission!.id)))[0]?.status,
    )
    .toBe("resolved");
  const [audited] = await server.db.select().from(auditLog).where(eq(auditLog.entityId, submission!.id));
  expect(audited?.userEmail).toBe(support.email);
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);

  // The content list, read-only: no create, edit, delete or bulk selection; the preview opens.
  await page
    .getByRole("navigation", { name: "CMS sections" })
    .getByRole("link", { name: "Content", exact: true })
    .click();
  await expect(page.getByRole("heading", { name: /^Content \(\d+\)$/ })).toBeVisible();
  const contentRow = page.getByRole("row", { name: new RegExp(item!.title) });
  await expect(contentRow).toBeVisible();
  await expect(page.getByRole("link", { name: "Create New Content" })).toHaveCount(0);
  await expect(contentRow.getByRole("link", { name: `Edit ${item!.title}` })).toHaveCount(0);
  await expect(contentRow.getByRole("button", { name: `Delete ${item!.title}` })).toHaveCount(0);
  await expect(page.getByRole("checkbox")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  await expectPanelsFitPhoneWidth(page);
  await contentRow.getByRole("link", { name: `Preview ${item!.title}` }).click();
  await expect(page.getByRole("link", { name: "Back to the content list" })).toBeVisible();

  // The server refuses what the screen does not offer: the editor (403) and a delete.
  const editorPage = await page.goto(`/cms/content/${item!.id}`);
  expect(editorPage?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  expectConsoleError(consoleErrors, 403);
  const refused = await page.request.post("/cms/content", {
    form: { csrf: await csrfToken(page), intent: "delete", id: item!.id },
  });
  expect(refused.status()).toBe(403);
  const [stored] = await server.db.select().from(content).where(eq(content.id, item!.id));
  expect(stored?.deletedAt).toBeNull();
  expect(stored?.title).toBe(item!.title);
});
