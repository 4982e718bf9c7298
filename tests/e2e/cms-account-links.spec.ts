/**
 * Invitations and "Forgot password?", walked as people do them: an administrator
 * invites someone, who follows the mail's link, chooses a password and is signed in; a user who
 * forgot their password asks for a link, chooses a new password and every old session ends. The
 * mails stay in the outbox (no SMTP_URL in these tests), where the tests read the links. Neither
 * page tells anyone but the administrator whether an address has an account, and a dead link
 * reads the same whatever killed it. Axe in both themes and 375 px on every new page.
 */
import crypto from "node:crypto";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { accountTokens, auditLog, mailOutbox, users } from "../../app/db/schema";
import { INVALID_LINK_MESSAGE, INVALID_LINK_TITLE, RESET_REQUESTED_MESSAGE } from "../../app/lib/auth/account-links";
import { ROLE_LABELS } from "../../app/lib/auth/permissions";
import type { UserRole } from "../../app/lib/enums";
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

const NEW_PASSWORD = "copper kettle under amber lanterns";
const OLD_PASSWORD = "an old passphrase nobody remembers";

/** The role the journeys invite someone with. */
const EDITOR_ROLE = "editor" as const;

let counter = 0;
const uniqueEmail = (name: string) => `${name}-${process.pid}-${++counter}-${Date.now()}@example.com`;

async function createAccount(server: TestServer, email: string, role: UserRole = "admin") {
  const { createUser } = await import("../../app/server/auth/users.server");
  return createUser(server.db, { email, password: OLD_PASSWORD, role });
}

/** A browser of its own (another person, or another device), signed in as `userId` when given. */
async function otherBrowser(browser: Browser, server: TestServer, userId?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  await context.addInitScript(() => localStorage.setItem("cookieChoice", "rejected"));
  if (userId) {
    const { createSession } = await import("../../app/server/auth/sessions.server");
    const [pair] = (await createSession(server.db, userId, "another device")).split(";");
    const [name, value] = pair!.split("=");
    await context.addCookies([{ name: name!, value: value!, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  }
  return context;
}

/**
 * The newest link of this kind in the outbox for `email`. The reset mail is queued just after the
 * answer, so it is waited for.
 */
async function linkInOutbox(server: TestServer, email: string, path: "invitation" | "reset-password") {
  const pattern = new RegExp(`${server.url.replace(/[.]/g, "\\.")}/cms/${path}/[0-9a-f]{64}`);
  let link = "";
  await expect
    .poll(async () => {
      const [mail] = await server.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.toAddress, email))
        .orderBy(desc(mailOutbox.createdAt));
      link = pattern.exec(mail?.textBody ?? "")?.[0] ?? "";
      return link;
    })
    .toMatch(pattern);
  return new URL(link).pathname;
}

async function auditActionsOf(server: TestServer, entityId: string) {
  const rows = await server.db
    .select({ action: auditLog.action })
    .from(auditLog)
    .where(eq(auditLog.entityId, entityId));
  return rows.map((row) => row.action);
}

async function choosePassword(page: Page, submit: string) {
  await waitForReact(page.getByRole("button", { name: submit }));
  await page.getByLabel("New password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel("Confirm new password", { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole("button", { name: submit }).click();
}

async function expectDeadLink(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(404);
  await expect(page.getByRole("heading", { name: INVALID_LINK_TITLE })).toBeVisible();
  await expect(page.getByText(INVALID_LINK_MESSAGE)).toBeVisible();
  return page.locator("main").innerText();
}

async function inviteWithForm(page: Page, email: string) {
  const form = page.getByRole("region", { name: "Invite a user" });
  await waitForReact(form.getByRole("button", { name: "Send invitation" }));
  await form.getByLabel("Email").fill(email);
  await form.getByLabel("Role").selectOption({ label: ROLE_LABELS[EDITOR_ROLE] });
  await form.getByRole("button", { name: "Send invitation" }).click();
}

test.describe("invitations", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));

  test("an administrator invites an editor, who chooses a password and is signed in; the link then no longer works", async ({
    page,
    browser,
    server,
  }) => {
    // Two people's journeys, each page checked with axe in both themes and at 375 px.
    test.setTimeout(180_000);
    const admin = await signInAs(page, server, "admin");
    const email = uniqueEmail("editor");
    await page.goto("/cms/users");
    await inviteWithForm(page, email);
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    const pending = page.getByRole("region", { name: /^Pending invitations/ });
    const row = pending.getByRole("row").filter({ hasText: email });
    await expect(row).toContainText(ROLE_LABELS[EDITOR_ROLE]);
    await expect(row).toContainText(admin.email);
    await waitForToastsToClose(page);
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    const link = await linkInOutbox(server, email, "invitation");
    const [stored] = await server.db.select().from(accountTokens).where(eq(accountTokens.email, email));
    expect(stored!.tokenHash).toBe(crypto.createHash("sha256").update(link.split("/").pop()!).digest("hex"));

    const inviteeBrowser = await otherBrowser(browser, server);
    try {
      const invitee = await inviteeBrowser.newPage();
      await invitee.goto(link);
      await expect(invitee.getByRole("heading", { name: "Set up your account" })).toBeVisible();
      await expect(invitee.getByText(`You have been invited to the CMS as ${ROLE_LABELS[EDITOR_ROLE]}`)).toBeVisible();
      await expect(invitee.getByLabel("Email")).toHaveValue(email);
      await expectAccessibleInBothThemes(invitee);
      await expectPanelsFitPhoneWidth(invitee);

      await choosePassword(invitee, "Create account");
      // Signed in as the new account, on the first tab an Editor works in.
      await expect(invitee).toHaveURL(/\/cms\/content$/);
      await expect(invitee.getByText(`Welcome, ${email}`)).toBeVisible();
      const [account] = await server.db.select().from(users).where(eq(users.email, email));
      expect(account).toMatchObject({ role: EDITOR_ROLE, isActive: true });
      expect(await auditActionsOf(server, stored!.id)).toEqual(["user.invite"]);
      expect(await auditActionsOf(server, account!.id)).toEqual(["user.invitation_accept"]);

      // The link works once.
      await expectDeadLink(invitee, link);
    } finally {
      await inviteeBrowser.close();
    }
    await page.reload();
    await expect(pending.getByRole("row").filter({ hasText: email })).toHaveCount(0);
    // The account is in the list of users now, with its role (searched for: the list comes a page at a time).
    await page.goto(`/cms/users?${new URLSearchParams({ q: email })}`);
    await expect(page.getByRole("combobox", { name: `Role of ${email}` })).toHaveValue(EDITOR_ROLE);
  });

  test("an invitation to an address that already has an account is refused to the administrator alone; nothing is sent", async ({
    page,
    server,
    consoleErrors,
  }) => {
    const existing = uniqueEmail("member");
    await createAccount(server, existing, "support");
    await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    await inviteWithForm(page, existing.toUpperCase());
    const form = page.getByRole("region", { name: "Invite a user" });
    await expect(form.getByText("A user with this e-mail already exists.")).toBeVisible();
    await expect(form.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Email")).toHaveValue(existing.toUpperCase());
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, existing))).toHaveLength(0);
    expect(await server.db.select().from(accountTokens).where(eq(accountTokens.email, existing))).toHaveLength(0);
    ignoreErrorResponses(consoleErrors, 400);
  });

  test("Resend sends a new link and the old one stops working; Revoke stops it at once", async ({
    page,
    browser,
    server,
    consoleErrors,
  }) => {
    await signInAs(page, server, "admin");
    const email = uniqueEmail("invitee");
    await page.goto("/cms/users");
    await inviteWithForm(page, email);
    await expect(page.getByText(`Invitation sent to ${email}.`)).toBeVisible();
    const first = await linkInOutbox(server, email, "invitation");

    await page.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
    await expect(page.getByText(`Invitation sent again to ${email}. The earlier link no longer works.`)).toBeVisible();
    const second = await linkInOutbox(server, email, "invitation");
    expect(second).not.toBe(first);

    const visitor = await otherBrowser(browser, server);
    try {
      const other = await visitor.newPage();
      await expectDeadLink(other, first);
      expect((await other.goto(second))?.status()).toBe(200);

      await page.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
      await page.getByRole("alertdialog").getByRole("button", { name: "Revoke" }).click();
      await expect(page.getByText(`Invitation to ${email} revoked.`)).toBeVisible();
      await expectDeadLink(other, second);
    } finally {
      await visitor.close();
    }
    const actions = await server.db.select({ action: auditLog.action, details: auditLog.details }).from(auditLog);
    expect(
      actions
        .filter((entry) => entry.details.email === email)
        .map((entry) => entry.action)
        .sort(),
    ).toEqual(["user.invite", "user.invite_resend", "user.invite_revoke"]);
    ignoreErrorResponses(consoleErrors, 404);
  });
});

test.describe("forgot password", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));

  test("a link by e-mail sets a new password, ends every old session and signs in afresh", async ({
    page,
    browser,
    server,
    consoleErrors,
  }) => {
    test.setTimeout(180_000);
    const email = uniqueEmail("forgetful");
    const account = await createAccount(server, email);
    // A session on another device, left signed in.
    const laptop = await otherBrowser(browser, server, account.id);
    try {
      const laptopPage = await laptop.newPage();
      await laptopPage.goto("/cms/content");
      await expect(laptopPage.getByText(`Welcome, ${email}`)).toBeVisible();

      await page.goto("/cms");
      await page.getByRole("link", { name: "Forgot password?" }).click();
      await expect(page).toHaveURL(/\/cms\/forgot-password$/);
      await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
      await expectAccessibleInBothThemes(page);
      await expectPanelsFitPhoneWidth(page);
      await waitForReact(page.getByRole("button", { name: "Send link" }));
      await page.getByLabel("Email").fill(email);
      await page.getByRole("button", { name: "Send link" }).click();
      await expect(page.getByRole("status")).toHaveText(RESET_REQUESTED_MESSAGE);
      await expectAccessibleInBothThemes(page);

      const link = await linkInOutbox(server, email, "reset-password");
      await page.goto(link);
      await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
      await expect(page.getByLabel("Email")).toHaveValue(email);
      await expectAccessibleInBothThemes(page);
      await expectPanelsFitPhoneWidth(page);
      await choosePassword(page, "Set new password");
      // An administrator opens on the dashboard.
      await expect(page).toHaveURL(/\/cms$/);
      await expect(page.getByText("Your password was changed and you are signed in.")).toBeVisible();

      // The laptop's session is gone; the old password no longer works, the new one does.
      await laptopPage.reload();
      await expect(laptopPage.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
      await laptopPage.getByLabel("Email").fill(email);
      await laptopPage.getByLabel("Password", { exact: true }).fill(OLD_PASSWORD);
      await laptopPage.getByRole("button", { name: "Sign In" }).click();
      await expect(laptopPage.getByRole("alert")).toHaveText("Invalid login credentials");
      await laptopPage.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
      await laptopPage.getByRole("button", { name: "Sign In" }).click();
      await expect(laptopPage.getByText(`Welcome, ${email}`)).toBeVisible();

      await expectDeadLink(page, link);
      ignoreErrorResponses(consoleErrors, 404);
      expect(await auditActionsOf(server, account.id)).toEqual([
        "user.password_reset_request",
        "user.password_reset_by_link",
      ]);
    } finally {
      await laptop.close();
    }
  });

  test("the answer, its status and its time tell nobody whether the address has an account", async ({
    page,
    server,
  }) => {
    const known = uniqueEmail("known");
    await createAccount(server, known);
    const unknown = uniqueEmail("unknown");
    const answers: { status: number; text: string }[] = [];
    for (const email of [known, unknown]) {
      await page.goto("/cms/forgot-password");
      await waitForReact(page.getByRole("button", { name: "Send link" }));
      await page.getByLabel("Email").fill(email);
      const response = page.waitForResponse(
        (answer) =>
          answer.request().method() === "POST" && new URL(answer.url()).pathname.startsWith("/cms/forgot-password"),
      );
      await page.getByRole("button", { name: "Send link" }).click();
      const status = (await response).status();
      await expect(page.getByRole("status")).toHaveText(RESET_REQUESTED_MESSAGE);
      answers.push({ status, text: await page.locator("main").innerText() });
    }
    expect(answers[0]).toEqual({ status: 200, text: expect.stringContaining(RESET_REQUESTED_MESSAGE) });
    expect(answers[1]).toEqual(answers[0]);
    // Only the account's owner learns more, in their own inbox.
    await linkInOutbox(server, known, "reset-password");
    expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, unknown))).toHaveLength(0);
  });
});

test("an unknown, used or expired link gets one message and one status, for invitations and resets alike", async ({
  page,
  server,
  consoleErrors,
}) => {
  await ensureAdminExists(server);
  const { issueAccountToken, spendAccountToken } = await import("../../app/server/auth/account-tokens.server");
  const account = await createAccount(server, uniqueEmail("reset"));
  const longAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
  const invitation = { kind: "invitation" as const, email: uniqueEmail("invited"), role: EDITOR_ROLE, createdBy: null };
  const reset = { kind: "password_reset" as const, userId: account.id };
  for (const [path, target] of [
    ["/cms/invitation", invitation],
    ["/cms/reset-password", reset],
  ] as const) {
    const used = await issueAccountToken(server.db, target);
    await spendAccountToken(server.db, target.kind, used.token);
    const expired = await issueAccountToken(server.db, target, longAgo);
    const texts = new Set<string>();
    for (const token of [crypto.randomBytes(32).toString("hex"), used.token, expired.token]) {
      texts.add(await expectDeadLink(page, `${path}/${token}`));
    }
    expect(texts.size, path).toBe(1);
  }
  await expectAccessibleInBothThemes(page);
  ignoreErrorResponses(consoleErrors, 404);
});
