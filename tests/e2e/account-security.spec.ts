/**
 * A stolen session cannot become permanent access, as a person meets it on the account page: a
 * session that signed in a while ago is asked "confirm it's you" before it adds or removes a passkey
 * or an authenticator app or makes new recovery codes, with the password, the password and the
 * app's code, or a passkey (Chromium's virtual authenticator); the change then goes on with nothing
 * retyped. After a password change the page offers to remove every passkey and the app, and every
 * other device can be signed out. A passkey alone signs in only when the device verifies its user.
 */
import { eq } from "drizzle-orm";
import type { CDPSession, Page } from "@playwright/test";
import { generate } from "otplib";
import { mailOutbox, passkeys, sessions, users } from "../../app/db/schema";
import { RECENT_SIGN_IN_MS } from "../../app/lib/auth/recent-sign-in";
import {
  ensureAdminExists,
  expect,
  expectAccessibleInBothThemes,
  ignoreErrorResponses,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const PASSWORD = "an account security passphrase";

/** A new editor, signed in just now in this page's browser (a session cookie for `base`). */
async function signedIn(page: Page, server: TestServer, base: string, label: string) {
  const { createUser } = await import("../../app/server/auth/users.server");
  const { createSession } = await import("../../app/server/auth/sessions.server");
  const email = `${label}-${process.pid}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const user = await createUser(server.db, { email, password: PASSWORD, role: "editor" });
  const [pair] = (await createSession(server.db, user.id, "playwright")).split(";");
  const [name, value] = pair!.split("=");
  await page.context().addCookies([{ name: name!, value: value!, url: base, httpOnly: true, sameSite: "Lax" }]);
  return { id: user.id, email };
}

/** Makes the account's sessions' proof of identity older than a confirmation lasts (a copied cookie, say). */
async function ageConfirmation(server: TestServer, userId: string) {
  const long = new Date(Date.now() - RECENT_SIGN_IN_MS - 60_000);
  await server.db.update(sessions).set({ confirmedAt: long }).where(eq(sessions.userId, userId));
}

/** A platform authenticator (fingerprint or PIN) in this page's browser, as Chromium's DevTools make one. */
async function virtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  return { cdp, authenticatorId };
}

async function addPasskey(page: Page, name: string) {
  await waitForReact(page.getByRole("button", { name: "Add a passkey" }));
  await page.getByLabel("Passkey name").fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
}

const confirmDialog = (page: Page) => page.getByRole("dialog", { name: "Confirm it's you" });

async function subjectsTo(server: TestServer, email: string) {
  return (await server.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).map((mail) => mail.subject);
}

test.describe("confirm it's you", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));
  // Wrong passwords and codes answer 400, which the browser logs.
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 400, 403));

  test("with the password: a passkey is added only after it, and the typed name is kept", async ({ page, server }) => {
    // WebAuthn needs a host name for its relying party: localhost, not 127.0.0.1.
    const base = server.url.replace("127.0.0.1", "localhost");
    await virtualAuthenticator(page);
    const account = await signedIn(page, server, base, "confirm-password");
    await ageConfirmation(server, account.id);
    await page.goto(`${base}/cms/account`);
    await addPasskey(page, "Work laptop");

    const dialog = confirmDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Your password")).toBeFocused();
    await expectAccessibleInBothThemes(page);
    await dialog.getByLabel("Your password").fill("not my password");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText("Your current password is not correct")).toBeVisible();
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id))).toEqual([]);

    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Work laptop")).toBeVisible();
    expect(await subjectsTo(server, account.email)).toContain("Passkey added");
  });

  test("with the password and the authenticator app's code, before new recovery codes", async ({ page, server }) => {
    const account = await signedIn(page, server, server.url, "confirm-totp");
    const { startTotpEnrolment, summariseSecondFactor, confirmTotpEnrolment } =
      await import("../../app/server/auth/second-factor/second-factor.server");
    const actor = { id: account.id, email: account.email };
    await startTotpEnrolment(server.db, actor);
    const secret = (await summariseSecondFactor(server.db, account.id)).totpSetup!.secret;
    // Set up a minute ago, so the code of now is still unspent.
    const setUpAt = new Date(Date.now() - 60_000);
    const epoch = Math.floor(setUpAt.getTime() / 1000);
    await confirmTotpEnrolment(server.db, actor, await generate({ secret, epoch }), { now: setUpAt });
    await ageConfirmation(server, account.id);

    await page.goto(`${server.url}/cms/account`);
    const renew = page.getByRole("button", { name: "Make new recovery codes" });
    await waitForReact(renew);
    await renew.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Make new codes" }).click();
    const dialog = confirmDialog(page);
    await dialog.getByLabel("Your password").fill(PASSWORD);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog.getByText("Enter the code from your authenticator app, or a recovery code.")).toBeVisible();
    await dialog.getByLabel("Code from your authenticator app").fill(await generate({ secret }));
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
    expect(await subjectsTo(server, account.email)).toContain("New recovery codes");
  });

  test("with a passkey, before removing it; the password alone is not offered", async ({ page, server }) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    await virtualAuthenticator(page);
    const account = await signedIn(page, server, base, "confirm-passkey");
    await page.goto(`${base}/cms/account`);
    // Signed in just now: added without a question.
    await addPasskey(page, "Phone");
    await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Phone")).toBeVisible();
    await expect(confirmDialog(page)).toBeHidden();
    await waitForToastsToClose(page);

    await ageConfirmation(server, account.id);
    await page.reload();
    const remove = page.getByRole("button", { name: "Remove passkey Phone" });
    await waitForReact(remove);
    await remove.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    const dialog = confirmDialog(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Your password")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Confirm with a passkey" }).click();
    await expect(dialog).toBeHidden();
    // The passkey that confirmed it is the one removed: it signs in no more.
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id))).toEqual([]);
  });
});

test.describe("taking an account back", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));

  test("other devices signed out, every CMS page points to the review, and one click removes every passkey", async ({
    page,
    server,
  }) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    await virtualAuthenticator(page);
    const account = await signedIn(page, server, base, "take-back");
    await page.goto(`${base}/cms/account`);
    await addPasskey(page, "Someone else's laptop");
    await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Someone else's laptop")).toBeVisible();
    await waitForToastsToClose(page);

    // Another device is signed in; "sign out everywhere else" ends it and keeps this one.
    const { createSession } = await import("../../app/server/auth/sessions.server");
    await createSession(server.db, account.id, "another browser");
    await page.reload();
    await expect(page.getByText("You are signed in on 1 other device.")).toBeVisible();
    await waitForReact(page.getByRole("button", { name: "Sign out everywhere else" }));
    await page.getByRole("button", { name: "Sign out everywhere else" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Sign out everywhere else" }).click();
    await expect(page.getByText("You are not signed in anywhere else.")).toBeVisible();
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, account.id))).toHaveLength(1);
    expect(await subjectsTo(server, account.email)).toContain("Signed out everywhere");

    // Every CMS page points to the review until it is done.
    await page.goto(`${base}/cms/content`);
    const notice = page.getByRole("region", { name: "Check your passkeys and authenticator app" });
    await expect(notice).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await notice.getByRole("link", { name: "review them on your account page" }).click();
    await expect(page).toHaveURL(/\/cms\/account$/);

    const review = page.getByRole("region", { name: "Check how your account signs in" });
    await expect(review).toContainText("It still has 1 passkey");
    await expectAccessibleInBothThemes(page);
    await review.getByRole("button", { name: "Remove them all" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove them all" }).click();
    await expect(review).toBeHidden();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id))).toEqual([]);
    const [row] = await server.db.select().from(users).where(eq(users.id, account.id));
    expect(row!.securityReviewSince).toBeNull();
    expect(await subjectsTo(server, account.email)).toContain("Passkeys and authenticator app removed");
  });
});

test.describe("a passkey without a password", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 401));

  test("does not sign in when the device did not verify its user", async ({ page, server }) => {
    const base = server.url.replace("127.0.0.1", "localhost");
    const { cdp, authenticatorId } = await virtualAuthenticator(page);
    const account = await signedIn(page, server, base, "no-verification");
    await page.goto(`${base}/cms/account`);
    await addPasskey(page, "Security key");
    await expect(page.getByRole("list", { name: "Your passkeys" }).getByText("Security key")).toBeVisible();
    await page.context().clearCookies();

    // The same key, now answering without a PIN or biometric.
    await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
    await page.goto(`${base}/cms`);
    await waitForReact(page.getByRole("button", { name: "Continue with a passkey" }));
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeHidden();
    const [key] = await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id));
    expect(key!.lastUsedAt).toBeNull();
  });
});
