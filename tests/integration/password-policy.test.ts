/**
 * New passwords (decision 013): at least 15 characters, up to 256 of any kind, and not
 * common, breached or easy to guess, wherever a password is set: the first-run set-up, a new user,
 * an administrator's reset and one's own change. Signing in keeps the spec's own rule. Words of the
 * site (the company's name as the settings say now, the host name, "cms") and of the person's
 * e-mail count against a password.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { siteSettings, users } from "../../app/db/schema";
import { SETTING_KEYS } from "~/lib/site/site-setting-keys";
import { loginSchema, newPasswordField } from "~/lib/schemas/auth";
import { issueSetupCode } from "~/server/auth/admin-setup.server";
import { COMMON_PASSWORD, GUESSABLE_PASSWORD, newPasswordProblem } from "~/server/auth/password-policy.server";
import { setUpFirstAdmin } from "~/server/auth/sign-in.server";
import { SignInThrottle } from "~/server/auth/sign-in-throttle.server";
import { addUser, changeOwnPassword, createUser, findUserById, resetUserPassword } from "~/server/auth/users.server";
import { updateSettingValue } from "~/server/content/site-settings.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { ExpectedError } from "~/server/platform/errors.server";
import type * as OpenDatabase from "~/server/platform/db/open-database.server";
import { MemoryRateLimitStore } from "~/server/platform/rate-limit/rate-limit.server";
import { accountsDatabaseForFile } from "./accounts-database";

// The server's own database, which the policy reads the company's name from, is this file's.
vi.mock("~/server/platform/db/open-database.server", async (importOriginal) => ({
  ...(await importOriginal<typeof OpenDatabase>()),
  getDbIfOpen: async () => database.db,
}));

const database = accountsDatabaseForFile();

const GOOD = "a quiet harbour at dawn";
const TOO_SHORT = "Password must be at least 15 characters";

/** The message an entity function refused with, on which field; or "accepted". */
async function refusal(work: Promise<unknown>): Promise<string> {
  try {
    await work;
    return "accepted";
  } catch (error) {
    if (error instanceof ExpectedError) return `${error.field}: ${error.message}`;
    throw error;
  }
}

describe("the rule for a new password", () => {
  it("asks for 15 characters, allows 256 of any kind, and leaves the sign-in form's rule as the spec says", () => {
    expect(newPasswordField.safeParse("123456").error?.issues[0]?.message).toBe(TOO_SHORT);
    expect(newPasswordField.safeParse("password123").error?.issues[0]?.message).toBe(TOO_SHORT);
    const long = "Ünïcödé ✓ 密码 🙂 \t\"'<>&;".repeat(10).slice(0, 256);
    expect(newPasswordField.safeParse(long).success).toBe(true);
    expect(newPasswordField.safeParse("x".repeat(257)).success).toBe(false);
    expect(loginSchema.safeParse({ email: "ann@example.com", password: "123456" }).success).toBe(true);
  });

  it("refuses common and breached passwords and easily guessed ones, and accepts a passphrase", async () => {
    expect(await newPasswordProblem("123456")).toBe(COMMON_PASSWORD);
    expect(await newPasswordProblem("password123")).toBe(COMMON_PASSWORD);
    expect(await newPasswordProblem("123456789qwerty")).toBe(COMMON_PASSWORD);
    expect(await newPasswordProblem("qwertyuiopasdfgh")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("passwordpassword")).toBe(COMMON_PASSWORD);
    expect(await newPasswordProblem("aaaaaaaaaaaaaaaaaaaa")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("ann@example.com1", ["ann@example.com"])).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem(GOOD)).toBeNull();
    expect(await newPasswordProblem("Ünïcödé ✓ 密码 🙂 and more words".repeat(3))).toBeNull();
  });
});

describe("wherever a password is set", () => {
  it("the first-run set-up refuses a weak one with a message on the field and creates nothing", async () => {
    const code = (await issueSetupCode(database.db))!;
    const setUp = (password: string) =>
      setUpFirstAdmin(database.db, { code, email: "owner@example.com", password }, "203.0.113.1");
    expect(await setUp("password123")).toMatchObject({ ok: false, status: 400, errors: { password: TOO_SHORT } });
    expect(await setUp("123456789qwerty")).toMatchObject({ ok: false, errors: { password: COMMON_PASSWORD } });
    expect(await database.db.select().from(users)).toHaveLength(0);
    expect(await setUp(GOOD)).toMatchObject({ ok: true });
  });

  it("adding a user, an administrator's reset and one's own change refuse weak ones", async () => {
    const admin = await createUser(database.db, { email: "admin@example.com", password: GOOD, role: "admin" });
    expect(
      await refusal(
        addUser(database.db, admin, { email: "bob@example.com", password: "123456789qwerty", role: "editor" }),
      ),
    ).toBe(`password: ${COMMON_PASSWORD}`);
    expect(await database.db.select().from(users)).toHaveLength(1);

    const bob = await addUser(database.db, admin, { email: "bob@example.com", password: GOOD, role: "editor" });
    expect(await refusal(resetUserPassword(database.db, admin, bob.id, "qwertyuiopasdfgh"))).toBe(
      `password: ${GUESSABLE_PASSWORD}`,
    );

    const bobRow = (await findUserById(database.db, bob.id))!;
    const throttle = new SignInThrottle(new MemoryRateLimitStore());
    expect(
      await refusal(
        changeOwnPassword(
          database.db,
          bobRow,
          { currentPassword: GOOD, newPassword: "bob@example.com123" },
          "203.0.113.1",
          throttle,
        ),
      ),
    ).toBe(`newPassword: ${GUESSABLE_PASSWORD}`);
    // Nothing changed: the old password still stands.
    expect((await findUserById(database.db, bob.id))!.passwordHash).toBe(bobRow.passwordHash);
  });
});

describe("the words of the site and of the person", () => {
  const publicUrl = process.env.PUBLIC_URL;
  beforeEach(async () => {
    await database.db
      .insert(siteSettings)
      .values({ settingKey: SETTING_KEYS.companyName, settingValue: "Larkspire Digital" })
      .onConflictDoUpdate({ target: siteSettings.settingKey, set: { settingValue: "Larkspire Digital" } });
    invalidateAll();
  });
  afterEach(() => {
    if (publicUrl === undefined) delete process.env.PUBLIC_URL;
    else process.env.PUBLIC_URL = publicUrl;
    resetEnvForTests();
  });

  it("refuses passwords made of the company's name, and still takes an unrelated passphrase", async () => {
    expect(await newPasswordProblem("larkspiredigital2026")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("larkspire digital cms 2026")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("Larkspire-Digital-2026!")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("digital larkspire 2026")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("cms-larkspire-digital-2026")).toBe(GUESSABLE_PASSWORD);
    expect(await newPasswordProblem("larkspire rides seventeen crimson bicycles")).toBeNull();
    expect(await newPasswordProblem(GOOD, ["ann@example.com"])).toBeNull();
    expect(await newPasswordProblem("copper kettle under marching clouds", ["ann@example.com"])).toBeNull();
  });

  it("reads the company's name as it is when the password is set, after a change in the CMS", async () => {
    expect(await newPasswordProblem("brindlewoodanalytics2026")).toBeNull();
    const admin = await createUser(database.db, { email: "admin@example.com", password: GOOD, role: "admin" });
    await updateSettingValue(database.db, admin, SETTING_KEYS.companyName, "Brindlewood Analytics");
    expect(await newPasswordProblem("brindlewoodanalytics2026")).toBe(GUESSABLE_PASSWORD);
  });

  it("refuses the site's host name", async () => {
    process.env.PUBLIC_URL = "https://www.tessellane.example";
    resetEnvForTests();
    expect(await newPasswordProblem("tessellane-2026-cms")).toBe(GUESSABLE_PASSWORD);
  });

  it("refuses the e-mail's local part with digits, where a password is set", async () => {
    expect(await newPasswordProblem("quillanbrex48213", ["quillanbrex@example.com"])).toBe(GUESSABLE_PASSWORD);
    const admin = await createUser(database.db, { email: "admin@example.com", password: GOOD, role: "admin" });
    expect(
      await refusal(
        addUser(database.db, admin, { email: "quillanbrex@example.com", password: "quillanbrex48213", role: "editor" }),
      ),
    ).toBe(`password: ${GUESSABLE_PASSWORD}`);
  });
});
