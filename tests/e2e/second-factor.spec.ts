/**
 * The second factor as people use it: setting up an authenticator app and signing in
 * with its codes and with a recovery code (once), adding a passkey and signing in with it (as the
 * second step and without a password) on Chromium's virtual authenticator, the setting that makes
 * administrators set one up, and an administrator's reset of another user's. TOTP codes are
 * computed here with otplib from the key the page shows.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { generate } from "otplib";
import { auditLog, mailOutbox, passkeys, siteSettings, users } from "../../app/db/schema";
import {
  ensureAdminExists,
  expect,
  expectAccessibleInBothThemes,
  expectPanelsFitPhoneWidth,
  ignoreErrorResponses,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const PASSWORD = "a second factor passphrase";

async function newAccount(server: TestServer, label: string, role: "admin" | "editor" | "support" = "admin") {
  const { createUser } = await import("../../app/server/auth/users.server");
  const email = `${label}-${process.pid}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const user = await createUser(server.db, { email, password: PASSWORD, role });
  return { id: user.id, email };
}

/** Signs in through the card, as a person would. */
async function signInWithPassword(page: Page, base: string, email: string) {
  await page.goto(`${base}/cms`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  // From a page of its own: the page the sign-in landed on may still be following its redirects.
  await page.goto(`${new URL(page.url()).origin}/cms/account`);
  await waitForReact(page.getByRole("button", { name: "Sign Out" }));
  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
}

/**
 * The code for the time step after this one: the set-up spent this step's code, and the next
 * step's is accepted (one step of clock drift) without waiting for it.
 */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

async function mailsTo(server: TestServer, email: string) {
  return server.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

test.describe("authenticator app", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));
  // Wrong codes answer 400/401, which the browser logs.
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 400, 401));

  test("set up with the QR code's key, then sign in with a code, and with a recovery code only once", async ({
    page,
    server,
  }) => {
    // A long journey (five sign-ins, four accessibility checks): more time than one page's test.
    test.slow();
    const account = await newAccount(server, "totp");
    await signInWithPassword(page, server.url, account.email);
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();

    await page.goto("/cms/account");
    await waitForReact(page.getByRole("button", { name: "Set up an authenticator app" }));
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(page.getByRole("img", { name: "QR code to add this account to an authenticator app" })).toBeVisible();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    // A wrong code is refused and nothing is set up.
    await page.getByLabel("Code from the app").fill("000000");
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    await expect(
      page.getByText("That code is not right. Enter the 6-digit code your app shows now.").first(),
    ).toBeVisible();

    await page.getByLabel("Code from the app").fill(await generate({ secret }));
    await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
    const codes = page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recovery = await codes.allTextContents();
    await expect(page.getByText("Recovery codes left: 10 of 10.")).toBeVisible();
    await waitForToastsToClose(page);
    await expectAccessibleInBothThemes(page);
    expect((await mailsTo(server, account.email)).map((mail) => mail.subject)).toContain("Two-step sign-in turned on");

    // The password alone is no longer a sign-in: the second step asks for a code.
    await signOut(page);
    await signInWithPassword(page, server.url, account.email);
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await expect(page).toHaveURL(/\/cms\/sign-in\/verify$/);
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);
    await page.getByLabel("Authentication code").fill("000000");
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("That code is not right, or it has been used already. Try the current code."),
    ).toBeVisible();
    await page.getByLabel("Authentication code").fill(await nextCode(secret));
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();

    // A recovery code signs in once.
    await signOut(page);
    await signInWithPassword(page, server.url, account.email);
    await page.getByLabel("Authentication code").fill(recovery[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();
    await signOut(page);
    await signInWithPassword(page, server.url, account.email);
    await page.getByLabel("Authentication code").fill(recovery[0]!);
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(
      page.getByText("That code is not right, or it has been used already. Try the current code."),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
  });
});

test.describe("passkeys", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));

  test("add a passkey on the account page, then sign in with it as the second step and without a password", async ({
    page,
    server,
  }) => {
    test.slow();
    // WebAuthn needs a host name for its relying party: localhost, not 127.0.0.1.
    const base = server.url.replace("127.0.0.1", "localhost");
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    const account = await newAccount(server, "passkey");
    await signInWithPassword(page, base, account.email);
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();
    await page.goto(`${base}/cms/account`);
    await waitForReact(page.getByRole("button", { name: "Add a passkey" }));
    // A name first: the device is not asked for a passkey the server would refuse.
    await page.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Give the passkey a name, e.g. the device it is on.")).toBeVisible();
    await page.getByLabel("Passkey name").fill("Test laptop");
    await page.getByRole("button", { name: "Add a passkey" }).click();
    const list = page.getByRole("list", { name: "Your passkeys" });
    await expect(list.getByText("Test laptop")).toBeVisible();
    await expect(list.getByText(/Last used never/)).toBeVisible();
    await waitForToastsToClose(page);
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);
    const [stored] = await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id));
    expect(stored).toMatchObject({ name: "Test laptop" });
    expect((await mailsTo(server, account.email)).map((mail) => mail.subject)).toContain("Passkey added");

    // As the second step after the password.
    await signOut(page);
    await signInWithPassword(page, base, account.email);
    await expect(page.getByRole("heading", { name: "Two-step sign-in" })).toBeVisible();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();

    // Without a password, from the sign-in card.
    await signOut(page);
    await waitForReact(page.getByRole("button", { name: "Continue with a passkey" }));
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await expect(page.getByText(`Welcome, ${account.email}`)).toBeVisible();
    const [used] = await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id));
    expect(used!.lastUsedAt).not.toBeNull();

    // Removed, it signs in no more.
    await page.goto(`${base}/cms/account`);
    await page.getByRole("button", { name: "Remove passkey Test laptop" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("You have no passkeys yet.")).toBeVisible();
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, account.id))).toEqual([]);
  });
});

test.describe("administrators", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));

  test("with the setting on, an administrator without a second factor is sent to set one up first", async ({
    page,
    server,
  }) => {
    const setting = eq(siteSettings.settingKey, "require_admin_second_factor");
    await server.db.update(siteSettings).set({ settingValue: "true" }).where(setting);
    try {
      await signInAs(page, server, "admin");
      await page.goto("/cms/content");
      await expect(page).toHaveURL(/\/cms\/account$/);
      await expect(page.getByText("This site requires administrators to use a second factor.")).toBeVisible();
      await expectAccessibleInBothThemes(page);

      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
      await page.getByLabel("Code from the app").fill(await generate({ secret }));
      await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
      await expect(page.getByRole("list", { name: "Recovery codes" })).toBeVisible();

      const response = await page.goto("/cms/content");
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(/\/cms\/content$/);
    } finally {
      await server.db.update(siteSettings).set({ settingValue: "false" }).where(setting);
    }
  });

  test("an administrator resets another user's second factor from the Users tab; it is audited and e-mailed", async ({
    page,
    server,
  }) => {
    const target = await newAccount(server, "reset-target", "editor");
    await server.db
      .update(users)
      .set({ totpSecret: "v1.sealed.elsewhere.secret", totpEnabledAt: new Date() })
      .where(eq(users.id, target.id));
    await server.db.insert(passkeys).values({
      userId: target.id,
      credentialId: `credential-${target.id}`,
      publicKey: "AAAA",
      name: "Old phone",
    });
    const admin = await signInAs(page, server, "admin");
    await page.goto(`/cms/users?${new URLSearchParams({ q: target.email })}`);
    const reset = page.getByRole("button", { name: `Reset second factor of ${target.email}` });
    await waitForReact(reset);
    await expectAccessibleInBothThemes(page);
    await reset.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset second factor" }).click();
    await expect(page.getByText("Second factor reset. The user was told by e-mail.")).toBeVisible();
    await expect(reset).toBeHidden();

    const [row] = await server.db.select().from(users).where(eq(users.id, target.id));
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null });
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, target.id))).toEqual([]);
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, target.id), eq(auditLog.action, "user.second_factor.reset")));
    expect(audit).toMatchObject([{ userEmail: admin.email }]);
    expect((await mailsTo(server, target.email)).map((mail) => mail.subject)).toContain("Your second factor was reset");
  });
});
