/**
 * A session that ends mid-edit: the save is not lost to the sign-in
 * page. The server answers the save 401 (auth/expired-session.server.ts), the CMS asks for the
 * password in a dialog over the form, and then sends the same save again.
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { sessions, siteSettings } from "../../app/db/schema";
import { SESSION_EXPIRED_HEADER, SESSION_EXPIRED_MESSAGE } from "../../app/lib/auth/session-expired";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  ignoreErrorResponses,
  openCmsTab,
  signInAs,
  test,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const card = (page: Page, key: string) => page.getByRole("listitem", { name: key, exact: true });

async function settingValue(server: TestServer, key: string) {
  const [row] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, key));
  return row?.settingValue;
}

/** A setting of this test's own, so parallel tests never meet it. */
async function ownSetting(server: TestServer): Promise<string> {
  const key = `expiry_${process.pid}_${Date.now()}`;
  await server.db.insert(siteSettings).values({ settingKey: key, settingValue: "before", isPublic: false });
  return key;
}

test("a save after the session ended asks to sign in again in a dialog, then saves what was typed", async ({
  page,
  server,
  consoleErrors,
}) => {
  test.setTimeout(60_000);
  const key = await ownSetting(server);
  const admin = await signInAs(page, server, "admin");
  await openCmsTab(page, "/cms/settings", "Site Settings", "Add Setting");
  const field = card(page, key).getByRole("textbox", { name: key, exact: true });
  await field.fill("typed while signed out");

  // The session ends on the server (it expired, or was ended from another tab).
  await server.db.delete(sessions).where(eq(sessions.userId, admin.id));
  const refused = page.waitForResponse((response) => response.status() === 401);
  await card(page, key)
    .getByRole("button", { name: `Save ${key}` })
    .click();
  expect((await refused).headers()[SESSION_EXPIRED_HEADER.toLowerCase()]).toBe("1");

  const dialog = page.getByRole("alertdialog", { name: "Sign in to save your changes" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(SESSION_EXPIRED_MESSAGE);
  await expect(dialog.getByRole("textbox", { name: "Email" })).toHaveValue(admin.email);
  await expect(dialog.getByLabel("Password", { exact: true })).toBeFocused();
  // Nothing was saved, the page did not move, and what was typed is still there under the dialog.
  await expect(page).toHaveURL(/\/cms\/settings$/);
  expect(await settingValue(server, key)).toBe("before");
  // (The dialog hides the page from assistive technology while it is open, hence includeHidden.)
  const fieldUnderDialog = page
    .getByRole("listitem", { name: key, exact: true, includeHidden: true })
    .getByRole("textbox", { name: key, exact: true, includeHidden: true });
  await expect(fieldUnderDialog).toHaveValue("typed while signed out");
  await expectAccessibleInBothThemes(page);
  // Escape does not drop the save.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeVisible();

  // A wrong password keeps the dialog with the sign-in form's message.
  await dialog.getByLabel("Password", { exact: true }).fill("not the password");
  await dialog.getByRole("button", { name: "Sign in and save" }).click();
  await expect(dialog.getByText("Invalid login credentials")).toBeVisible();
  expect(await settingValue(server, key)).toBe("before");

  await dialog.getByLabel("Password", { exact: true }).fill(admin.password);
  await dialog.getByRole("button", { name: "Sign in and save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`${key} has been updated successfully.`)).toBeVisible();
  // The browser logged the refused first attempt; the save itself then went through.
  ignoreErrorResponses(consoleErrors, 401);
  await expect.poll(() => settingValue(server, key)).toBe("typed while signed out");
  // A new session, and the page carries on signed in.
  const [session] = await server.db.select().from(sessions).where(eq(sessions.userId, admin.id));
  expect(session).toBeDefined();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Site Settings", exact: true })).toBeVisible();
});

test("without JavaScript, or signing out, an ended session still leads to the sign-in card", async ({
  request,
  server,
}) => {
  const headers = { Origin: new URL(server.url).origin };
  // A document post (no JavaScript) has no dialog to show: it gets the sign-in redirect as before.
  const documentPost = await request.post("/cms/settings", { form: { intent: "update" }, headers, maxRedirects: 0 });
  expect(documentPost.status()).toBe(302);
  // Signing in (the layout's own action) and signing out are never refused for want of a session.
  const signOut = await request.post("/cms/logout.data", { form: {}, headers, maxRedirects: 0 });
  expect(signOut.status()).not.toBe(401);
  const dataPost = await request.post("/cms/settings.data", { form: { intent: "update" }, headers, maxRedirects: 0 });
  expect(dataPost.status()).toBe(401);
  expect(dataPost.headers()[SESSION_EXPIRED_HEADER.toLowerCase()]).toBe("1");
  expect(dataPost.headers()["www-authenticate"]).toBeTruthy();
  expect(await dataPost.text()).toBe(SESSION_EXPIRED_MESSAGE);
});
