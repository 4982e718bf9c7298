import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, sessions, users } from "../../app/db/schema";
import {
  csrfToken,
  ensureAdminExists,
  expect,
  expectConsoleError,
  expectAccessibleInBothThemes,
  ignoreErrorResponses,
  signInAs,
  test,
  type TestServer,
} from "./fixtures";
import type { UserRole } from "../../app/lib/enums";

/** Signs in through the form, as a person would. */
async function signInWithForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function createAccount(server: TestServer, role: UserRole, email: string, password = "secret-pass-1") {
  const { createUser } = await import("../../app/server/auth/users.server");
  return createUser(server.db, { email, password, role });
}

const unique = (name: string) => `${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

test.describe("first run", () => {
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 401));
  test("while no administrator exists, /cms creates one with the setup code from the log", async ({ page, server }) => {
    const { issueSetupCode } = await import("../../app/server/auth/admin-setup.server");
    await server.db.delete(users);
    const code = await issueSetupCode(server.db);
    expect(code).toBeTruthy();

    await page.goto("/cms");
    await expect(page.getByRole("heading", { name: "Create the administrator account" })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await page.getByLabel("Setup code").fill("WRON-GCOD-E222");
    await page.getByLabel("Email").fill("owner@example.com");
    await page.getByLabel("Password", { exact: true }).fill("owner passphrase at dawn");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByText("This setup code is not valid. Use the code in the server's log.")).toBeVisible();

    await page.getByLabel("Setup code").fill(code!.toLowerCase());
    await page.getByLabel("Password", { exact: true }).fill("owner passphrase at dawn");
    await page.getByRole("button", { name: "Create administrator" }).click();
    await expect(page.getByRole("heading", { name: "Content Management System" })).toBeVisible();
    await expect(page.getByText("Welcome, owner@example.com")).toBeVisible();

    const [owner] = await server.db.select().from(users).where(eq(users.email, "owner@example.com"));
    expect(owner?.role).toBe("admin");
    const audit = await server.db.select().from(auditLog).where(eq(auditLog.entityId, owner!.id));
    expect(audit.map((row) => row.action)).toContain("user.create");
  });
});

test.describe("signing in", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));
  // Refused sign-ins answer 400, 401 or 429, which the browser logs; they are expected here.
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 400, 401, 429));
  test("the form validates with the spec's messages, and an error clears once the value is valid", async ({ page }) => {
    await page.goto("/cms");
    await expect(page.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Password is required")).toBeVisible();

    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password", { exact: true }).fill("12345");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    await page.getByLabel("Email").fill("someone@example.com");
    await expect(page.getByText("Please enter a valid email address")).toBeHidden();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("show/hide reveals the password", async ({ page }) => {
    await page.goto("/cms");
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("visible-now");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("wrong credentials show the server's message; the e-mail is trimmed and lower-cased", async ({
    page,
    server,
  }) => {
    const email = unique("editor");
    await createAccount(server, "admin", email);
    await page.goto("/cms");
    await signInWithForm(page, email, "wrong-password");
    await expect(page.getByRole("alert")).toHaveText("Invalid login credentials");
    // The alert is still the first attempt's until the second one's answer is in: wait for that
    // answer, or the route below would hold the second attempt's request and the test wait on itself.
    const secondAnswer = page.waitForResponse(
      (response) => response.request().method() === "POST" && new URL(response.url()).pathname.startsWith("/cms"),
    );
    await signInWithForm(page, "nobody-" + email, "secret-pass-1");
    await secondAnswer;
    await expect(page.getByRole("alert")).toHaveText("Invalid login credentials");
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();

    // "Signing in..." while the server answers: its answer is held until the test has seen it.
    let releaseAnswer: () => void = () => {};
    const answerHeld = new Promise<void>((resolve) => (releaseAnswer = resolve));
    await page.route("**/cms.data*", async (route) => {
      await answerHeld;
      await route.continue();
    });
    await signInWithForm(page, `  <${email.toUpperCase()}>  `, "secret-pass-1");
    await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
    releaseAnswer();
    await expect(page.getByText(`Welcome, ${email}`)).toBeVisible();
    // /cms opens on the dashboard.
    await expect(page).toHaveURL(/\/cms$/);
  });

  test("repeated failures are refused for a while with a clear message", async ({ page, server }) => {
    const email = unique("target");
    await createAccount(server, "admin", email);
    await page.goto("/cms");
    for (let attempt = 0; attempt < 5; attempt++) {
      await signInWithForm(page, email, `wrong-${attempt}-pass`);
      await expect(page.getByRole("alert")).toHaveText("Invalid login credentials");
    }
    await signInWithForm(page, email, "secret-pass-1");
    // The first wait is a minute, counted from the fifth failure.
    await expect(page.getByRole("alert")).toHaveText(
      /^Too many failed sign-in attempts\. Please wait (1 minute|\d{2} seconds) and try again\.$/,
    );
  });

  test("after signing in, the owner sees the failed attempts since their last visit", async ({ page, server }) => {
    const email = unique("owner");
    await createAccount(server, "admin", email);
    await page.goto("/cms");
    for (const guess of ["wrong-guess-1", "wrong-guess-2"]) {
      await signInWithForm(page, email, guess);
      await expect(page.getByRole("alert")).toHaveText("Invalid login credentials");
    }
    await signInWithForm(page, email, "secret-pass-1");
    const notice = page.getByRole("region", { name: "2 failed sign-in attempts since your last visit" });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(/The latest was on \d{1,2} \w{3} \d{4}, \d{2}:\d{2} from /);
    await expect(notice.getByRole("link", { name: "change your password" })).toHaveAttribute("href", "/cms/account");
    await expectAccessibleInBothThemes(page);
  });

  test("an anonymous visitor to a tab signs in and comes back to it; Sign Out ends the session", async ({
    page,
    server,
  }) => {
    const email = unique("returning");
    await createAccount(server, "admin", email);
    const response = await page.goto("/cms/users");
    expect(response?.ok()).toBe(true);
    await expect(page).toHaveURL(/\/cms\?redirectTo=%2Fcms%2Fusers$/);
    await signInWithForm(page, email, "secret-pass-1");
    await expect(page).toHaveURL(/\/cms\/users$/);
    const cookies = await page.context().cookies();
    expect(cookies.find((cookie) => cookie.name === "session")).toMatchObject({ httpOnly: true, sameSite: "Lax" });

    const [account] = await server.db.select().from(users).where(eq(users.email, email));
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, account!.id))).toHaveLength(1);
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
    expect(await server.db.select().from(sessions).where(eq(sessions.userId, account!.id))).toHaveLength(0);
  });
});

test.describe("roles", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 403));
  test("an editor (without submissions.view and orders.view) who opens an export or a CV gets the Access Denied page, not the file", async ({
    page,
    server,
  }) => {
    const user = await signInAs(page, server, "editor");
    for (const path of [
      "/cms/orders/export.csv",
      "/cms/submissions/export.csv",
      `/cms/submissions/${crypto.randomUUID()}/attachment`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      expect(response?.headers()["content-type"], path).toMatch(/^text\/html/);
      await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
      await expect(page.getByText(`Signed in as ${user.email}`)).toBeVisible();
      await expect(page).toHaveTitle("Access Denied | Content Management System");
    }
    await expectAccessibleInBothThemes(page);
    // Its Sign Out works without JavaScript, as a plain form.
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
  });

  test("a role at a tab it may not open sees Access Denied with their e-mail and the way back", async ({
    page,
    server,
  }) => {
    const user = await signInAs(page, server, "support");
    const tab = await page.goto("/cms/users");
    expect(tab?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have admin privileges")).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    await expectAccessibleInBothThemes(page);

    // Back to the CMS: /cms sends support to its first tab.
    await page.getByRole("link", { name: "Back to the CMS" }).click();
    await expect(page).toHaveURL(/\/cms\/submissions$/);
    await expect(page.getByRole("heading", { name: /^Contact Submissions \(\d+\)$/ })).toBeVisible();

    await page.goto("/cms/settings");
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await expect(page.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
  });

  test("the Users tab's actions check the role, the anti-forgery token and the origin", async ({ page, server }) => {
    const before = (await server.db.select().from(users)).length;
    const anonymous = await page.request.post("/cms/users", { form: { intent: "create" }, maxRedirects: 0 });
    expect([302, 303]).toContain(anonymous.status());

    await signInAs(page, server, "editor");
    await page.goto("/cms");
    const token = await csrfToken(page);
    const asUser = await page.request.post("/cms/users", {
      form: { csrf: token, intent: "create", email: unique("sneaky"), password: "secret-pass-1", role: "admin" },
    });
    expect(asUser.status()).toBe(403);

    await page.context().clearCookies();
    await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    const adminToken = await csrfToken(page);
    const form = { intent: "create", email: unique("forged"), password: "secret-pass-1", role: "admin" };
    expect((await page.request.post("/cms/users", { form })).status()).toBe(403);
    const crossSite = await page.request.post("/cms/users", {
      form: { ...form, csrf: adminToken },
      headers: { Origin: "https://evil.example" },
    });
    expect(crossSite.status()).toBe(403);
    expect((await server.db.select().from(users)).length).toBe(before + 2); // only the two signInAs accounts
  });
});

test.describe("the Users tab", () => {
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 400, 401));
  test("an admin adds a user, resets their password and deactivates them, ending their sessions", async ({
    page,
    browser,
    server,
  }) => {
    await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    await expect(page.getByRole("heading", { name: /^Users \(\d+\)$/ })).toBeVisible();
    await expectAccessibleInBothThemes(page);

    const email = unique("colleague");
    const add = page.locator("section", { hasText: "Add a user" });
    await add.getByLabel("Email").fill(email);
    await add.getByLabel("Initial password").fill("first passphrase for bob");
    await add.getByLabel("Role").selectOption("support");
    await add.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText(`User ${email} added.`)).toBeVisible();
    // The list is searched for the new account, whichever page of the list it is on; the form is cleared.
    await expect(page).toHaveURL(`/cms/users?${new URLSearchParams({ q: email })}`);
    await expect(page.getByRole("searchbox", { name: "Search e-mail" })).toHaveValue(email);
    await expect(page.getByRole("heading", { name: "Users (1)" })).toBeVisible();
    await expect(add.getByLabel("Email")).toHaveValue("");
    const row = page.getByRole("row", { name: new RegExp(email) });
    await expect(row).toBeVisible();

    // The colleague signs in elsewhere.
    const other = await browser.newContext({ baseURL: server.url });
    const colleague = await other.newPage();
    await colleague.goto("/cms");
    await signInWithForm(colleague, email, "first passphrase for bob");
    // Support's first tab.
    await expect(colleague.getByRole("heading", { name: /^Contact Submissions \(\d+\)$/ })).toBeVisible();

    // A password reset ends their session.
    await row.getByLabel(`New password for ${email}`).fill("second passphrase for bob");
    await row.getByRole("button", { name: "Reset" }).click();
    await expect(page.getByText("Password reset. The user's sessions were ended.")).toBeVisible();
    await colleague.reload();
    await expect(colleague.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
    await signInWithForm(colleague, email, "second passphrase for bob");
    await expect(colleague.getByRole("heading", { name: /^Contact Submissions \(\d+\)$/ })).toBeVisible();

    // Deactivation asks first, then signs them out at once and keeps them out.
    await row.getByRole("button", { name: `Deactivate ${email}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`Deactivate ${email}? They will be signed out at once.`);
    // It can be undone (Reactivate), so the dialog must not say otherwise.
    await expect(dialog).not.toContainText("cannot be undone");
    await expect(dialog).toContainText("which you can do from this list at any time");
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(page.getByText("User deactivated and signed out.")).toBeVisible();
    await expect(row.getByText("Deactivated")).toBeVisible();
    await colleague.reload();
    await expect(colleague.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
    await signInWithForm(colleague, email, "second passphrase for bob");
    await expect(colleague.getByRole("alert")).toHaveText("Invalid login credentials");
    await other.close();

    const [stored] = await server.db.select().from(users).where(eq(users.email, email));
    const actions = (await server.db.select().from(auditLog).where(eq(auditLog.entityId, stored!.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(expect.arrayContaining(["user.create", "user.password_reset", "user.deactivate"]));

    // The same changes are listed, newest first, under "Recent changes".
    await page.reload();
    const recent = page.locator("section", { hasText: "Recent changes" });
    const rows = recent.getByRole("row", { name: new RegExp(stored!.id) });
    await expect(rows.first()).toContainText("user.deactivate");
    await expect(rows).toHaveCount(3);
    await expectAccessibleInBothThemes(page);
  });

  test("a long list comes a page at a time, and the search finds accounts by part of their e-mail", async ({
    page,
    server,
  }) => {
    const team = `team${Date.now()}`;
    const emails = Array.from(
      { length: 27 },
      (_, index) => `${team}-${String(index + 1).padStart(2, "0")}@example.com`,
    );
    // Straight into the table: the list is under test here, not adding accounts.
    await server.db
      .insert(users)
      .values(emails.map((email) => ({ email, passwordHash: "not a password hash", role: "editor" as const })));
    await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    const list = page.locator("section", { has: page.getByRole("heading", { name: /^Users \(\d+\)$/ }) });
    const search = list.getByRole("searchbox", { name: "Search e-mail" });
    await search.fill(team.toUpperCase());
    await search.press("Enter");
    await expect(list.getByRole("heading", { name: "Users (27)" })).toBeVisible();
    await expect(list.getByText("Page 1 of 2")).toBeVisible();
    await expect(list.getByRole("row")).toHaveCount(26);
    await expect(list.getByRole("row").nth(1)).toContainText(emails[0]!);
    await expectAccessibleInBothThemes(page);

    await list.getByRole("link", { name: "Next" }).click();
    await expect(list.getByText("Page 2 of 2")).toBeVisible();
    await expect(page).toHaveURL(`/cms/users?${new URLSearchParams({ q: team.toUpperCase(), page: "2" })}`);
    await expect(list.getByRole("row")).toHaveCount(3);
    await expect(list.getByRole("row").nth(2)).toContainText(emails[26]!);

    await search.fill("no-such-colleague");
    await search.press("Enter");
    await expect(list.getByText("No users match “no-such-colleague”.")).toBeVisible();
    await expect(list.getByRole("heading", { name: "Users (0)" })).toBeVisible();
  });

  test("changing one's own role asks first; Cancel changes nothing", async ({ page, server, consoleErrors }) => {
    await ensureAdminExists(server);
    const me = await signInAs(page, server, "admin");
    await page.goto(`/cms/users?${new URLSearchParams({ q: me.email })}`);
    const row = page.getByRole("row", { name: new RegExp(me.email) });
    await row.getByLabel(`Role of ${me.email}`).selectOption("editor");
    await row.getByRole("button", { name: "Save role" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Change your own role to Editor?" });
    await expect(dialog).toContainText("You will lose the administrator's access at once");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectAccessibleInBothThemes(page);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    const [stored] = await server.db.select().from(users).where(eq(users.id, me.id));
    expect(stored?.role).toBe("admin");

    // Someone else's role changes at once; one's own only once confirmed.
    await row.getByRole("button", { name: "Save role" }).click();
    await dialog.getByRole("button", { name: "Change my role" }).click();
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    const [demoted] = await server.db.select().from(users).where(eq(users.id, me.id));
    expect(demoted?.role).toBe("editor");
    expectConsoleError(consoleErrors, 403);
  });

  test("a duplicate e-mail is refused with a clear message", async ({ page, server }) => {
    const admin = await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    const add = page.locator("section", { hasText: "Add a user" });
    await add.getByLabel("Email").fill(admin.email);
    await add.getByLabel("Initial password").fill("another passphrase at noon");
    await add.getByRole("button", { name: "Add user" }).click();
    await expect(page.getByText("A user with this e-mail already exists.").first()).toBeVisible();
  });

  test("short, common and breached passwords are refused with a clear message, and no user is added", async ({
    page,
    server,
  }) => {
    await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    const before = (await server.db.select().from(users)).length;
    const add = page.locator("section", { hasText: "Add a user" });
    await add.getByLabel("Email").fill(unique("weak"));
    for (const [password, message] of [
      ["password123", "Password must be at least 15 characters"],
      ["123456789qwerty", "This password is on a list of common or breached passwords. Please choose another one."],
    ] as const) {
      await add.getByLabel("Initial password").fill(password);
      await add.getByRole("button", { name: "Add user" }).click();
      await expect(add.getByText(message)).toBeVisible();
    }
    expect((await server.db.select().from(users)).length).toBe(before);
  });
});

test.describe("own password", () => {
  test.beforeEach(async ({ server }) => ensureAdminExists(server));
  test.afterEach(({ consoleErrors }) => ignoreErrorResponses(consoleErrors, 400, 403));
  test("any user changes their password; other sessions end, this one continues", async ({ page, browser, server }) => {
    const user = await signInAs(page, server, "support");
    const other = await browser.newContext({ baseURL: server.url });
    const elsewhere = await other.newPage();
    await elsewhere.goto("/cms");
    await signInWithForm(elsewhere, user.email, user.password);
    await expect(elsewhere.getByRole("heading", { name: /^Contact Submissions \(\d+\)$/ })).toBeVisible();

    // The Access Denied page of a tab the role may not open links to the account page too.
    await page.goto("/cms/settings");
    await page.getByRole("link", { name: "Change your password" }).click();
    await expect(page.getByRole("heading", { name: "Change your password" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await page.getByLabel("Current password").fill("not-my-password");
    await page.getByLabel("New password", { exact: true }).fill("brand new passphrase at dusk");
    await page.getByLabel("Confirm new password").fill("brand new passphrase at dusk");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your current password is not correct")).toBeVisible();

    await page.getByLabel("Current password").fill(user.password);
    await page.getByLabel("New password", { exact: true }).fill("brand new passphrase at dusk");
    await page.getByLabel("Confirm new password").fill("brand new passphrase at dusk");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByText("Your password was changed. Other devices have been signed out.")).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Contact Submissions \(\d+\)$/ })).toBeVisible();

    await elsewhere.reload();
    await expect(elsewhere.getByRole("heading", { name: "Login to CMS" })).toBeVisible();
    await other.close();
  });
});
