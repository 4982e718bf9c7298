/**
 * Accounts and sessions: password hashing, sign-in rules, session expiry and revocation,
 * the first-run setup code, and the last-administrator rule.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions, users } from "../../app/db/schema";
import { checkSetupCode, issueSetupCode } from "~/server/auth/admin-setup.server";
import { hashPassword, verifyPassword } from "~/server/auth/passwords.server";
import {
  createSession,
  deleteUserSessions,
  getSessionUser,
  SESSION_IDLE_MS,
  SESSION_MAX_AGE_MS,
} from "~/server/auth/sessions.server";
import { INVALID_CREDENTIALS, setUpFirstAdmin, signIn } from "~/server/auth/sign-in.server";
import { SignInThrottle } from "~/server/auth/sign-in-throttle.server";
import { MemoryRateLimitStore } from "~/server/platform/rate-limit/rate-limit.server";
import { createUser, setUserActive, setUserPassword, setUserRole } from "~/server/auth/users.server";
import { accountsDatabaseForFile } from "./accounts-database";
import { ExpectedError } from "~/server/platform/errors.server";

const database = accountsDatabaseForFile();

/** Each sign-in here counts its failures on a fresh store, so one test's failures never slow another. */
const freshThrottle = () => new SignInThrottle(new MemoryRateLimitStore());

/** The Cookie header a browser would send back for a Set-Cookie value. */
function requestWithCookie(setCookie: string): Request {
  return new Request("http://localhost/cms", { headers: { Cookie: setCookie.split(";")[0]! } });
}

describe("passwords", () => {
  it("are hashed with argon2id at OWASP's parameters and verified", async () => {
    const hash = await hashPassword("correct horse");
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, "correct horse")).toBe(true);
    expect(await verifyPassword(hash, "wrong horse")).toBe(false);
    expect(await verifyPassword("not a hash", "anything")).toBe(false);
  });
});

describe("sign-in", () => {
  it("normalises the e-mail (trim, lower case, no < >) and signs a user in", async () => {
    await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    const result = await signIn(database.db, { email: "  <ANN@Example.com> ", password: "secret-pass" }, "203.0.113.1");
    expect(result).toMatchObject({ ok: true, user: { email: "ann@example.com", role: "admin" } });
  });

  it("gives the same message for a wrong password and an unknown e-mail", async () => {
    await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    const wrongPassword = await signIn(
      database.db,
      { email: "ann@example.com", password: "wrong-pass" },
      "203.0.113.1",
    );
    const unknown = await signIn(database.db, { email: "nobody@example.com", password: "wrong-pass" }, "203.0.113.1");
    expect(wrongPassword).toEqual({ ok: false, status: 401, errors: { form: INVALID_CREDENTIALS } });
    expect(unknown).toEqual(wrongPassword);
  });

  it("refuses a deactivated user with the same message", async () => {
    const user = await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "editor" });
    await setUserActive(database.db, user.id, false);
    const result = await signIn(database.db, { email: "ann@example.com", password: "secret-pass" }, "203.0.113.1");
    expect(result).toMatchObject({ ok: false, errors: { form: INVALID_CREDENTIALS } });
  });

  it("validates with the spec's messages before looking anything up", async () => {
    expect(await signIn(database.db, { email: "", password: "" }, "203.0.113.1")).toEqual({
      ok: false,
      status: 400,
      errors: { email: "Email is required", password: "Password is required" },
    });
    expect(await signIn(database.db, { email: "not-an-email", password: "12345" }, "203.0.113.1")).toEqual({
      ok: false,
      status: 400,
      errors: { email: "Please enter a valid email address", password: "Password must be at least 6 characters" },
    });
  });

  it("slows down an account's failures from one address, with a message that says when to try again", async () => {
    await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    const throttle = freshThrottle();
    for (let attempt = 0; attempt < 5; attempt++) {
      await signIn(database.db, { email: "ann@example.com", password: "wrong-pass" }, "198.51.100.1", throttle);
    }
    const waiting = await signIn(
      database.db,
      { email: "ann@example.com", password: "secret-pass" },
      "198.51.100.1",
      throttle,
    );
    expect(waiting).toEqual({
      ok: false,
      status: 429,
      errors: { form: "Too many failed sign-in attempts. Please wait 1 minute and try again." },
      retryAfterSeconds: 60,
    });
  });
});

describe("sessions", () => {
  it("store only a hash of the token and find the user from the cookie", async () => {
    const user = await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    const setCookie = await createSession(database.db, user.id, "test");
    expect(setCookie).toMatch(/^session=[A-Za-z0-9_-]{43}; Max-Age=43200; Path=\/; HttpOnly; SameSite=Lax$/);
    const token = setCookie.split(";")[0]!.split("=")[1]!;
    const [stored] = await database.db.select().from(sessions);
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const found = await getSessionUser(database.db, requestWithCookie(setCookie));
    expect(found?.user.email).toBe("ann@example.com");
  });

  it("end after the idle timeout and after the absolute lifetime", async () => {
    const user = await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    // Sessions begin after the account (and its password) was created, as they always do.
    const start = new Date(Date.now() + 60_000);
    const idle = await createSession(database.db, user.id, null, start);
    expect(
      await getSessionUser(database.db, requestWithCookie(idle), new Date(start.getTime() + SESSION_IDLE_MS + 1)),
    ).toBeNull();

    // Used every hour, it still ends at the absolute limit.
    const busy = await createSession(database.db, user.id, null, start);
    for (let hour = 1; hour * 3_600_000 < SESSION_MAX_AGE_MS; hour++) {
      expect(
        await getSessionUser(database.db, requestWithCookie(busy), new Date(start.getTime() + hour * 3_600_000)),
      ).not.toBeNull();
    }
    expect(
      await getSessionUser(database.db, requestWithCookie(busy), new Date(start.getTime() + SESSION_MAX_AGE_MS)),
    ).toBeNull();
  });

  it("end when the password changes, when the user is deactivated, and when revoked", async () => {
    const user = await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "editor" });
    const before = await createSession(database.db, user.id, null, new Date(Date.now() - 1000));
    await setUserPassword(database.db, user.id, "new-secret-pass");
    expect(await getSessionUser(database.db, requestWithCookie(before))).toBeNull();

    const second = await createSession(database.db, user.id, null);
    await setUserActive(database.db, user.id, false);
    expect(await getSessionUser(database.db, requestWithCookie(second))).toBeNull();

    await setUserActive(database.db, user.id, true);
    const third = await createSession(database.db, user.id, null);
    await deleteUserSessions(database.db, user.id);
    expect(await getSessionUser(database.db, requestWithCookie(third))).toBeNull();
  });

  it("ignore unknown and oversized tokens", async () => {
    expect(await getSessionUser(database.db, requestWithCookie("session=unknown"))).toBeNull();
    expect(await getSessionUser(database.db, requestWithCookie(`session=${"a".repeat(500)}`))).toBeNull();
  });
});

describe("first-run setup", () => {
  it("issues a code while no administrator exists, and creates the first one with it", async () => {
    const code = await issueSetupCode(database.db);
    expect(code).toMatch(/^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(await checkSetupCode(database.db, code!.toLowerCase())).toBe(true);

    const wrong = await setUpFirstAdmin(
      database.db,
      { code: "AAAA-BBBB-CCCC", email: "ann@example.com", password: "a quiet harbour at dawn" },
      "203.0.113.1",
    );
    expect(wrong).toMatchObject({ ok: false, status: 401 });

    const created = await setUpFirstAdmin(
      database.db,
      { code: code!, email: "Ann@Example.com", password: "a quiet harbour at dawn" },
      "203.0.113.1",
    );
    expect(created).toMatchObject({ ok: true, user: { email: "ann@example.com", role: "admin" } });
    // The code is used up, and no second "first" administrator can be made.
    expect(await checkSetupCode(database.db, code!)).toBe(false);
    const again = await setUpFirstAdmin(
      database.db,
      { code: code!, email: "eve@example.com", password: "a quiet harbour at dawn" },
      "203.0.113.1",
    );
    expect(again).toMatchObject({ ok: false, errors: { form: "An administrator already exists. Please sign in." } });
    expect(await issueSetupCode(database.db)).toBeNull();
  });
});

describe("the last administrator", () => {
  it("cannot be demoted or deactivated, but can once another admin exists", async () => {
    const ann = await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    await expect(setUserRole(database.db, ann.id, "editor")).rejects.toThrow(ExpectedError);
    await expect(setUserActive(database.db, ann.id, false)).rejects.toThrow(/last administrator/);

    const bob = await createUser(database.db, { email: "bob@example.com", password: "secret-pass", role: "editor" });
    await setUserRole(database.db, bob.id, "admin");
    await setUserActive(database.db, ann.id, false);
    const [stored] = await database.db.select().from(users).where(eq(users.id, ann.id));
    expect(stored!.isActive).toBe(false);
  });

  it("refuses a second account with the same e-mail in any case", async () => {
    await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "editor" });
    await expect(
      createUser(database.db, { email: "ANN@example.com", password: "secret-pass", role: "editor" }),
    ).rejects.toThrow("A user with this e-mail already exists.");
  });
});

describe("expired sessions", () => {
  it("are cleared, and live ones kept", async () => {
    const { deleteExpiredSessions } = await import("~/server/auth/sessions.server");
    const user = await createUser(database.db, { email: "ann@example.com", password: "secret-pass", role: "admin" });
    const now = new Date(Date.now() + 60_000);
    await createSession(database.db, user.id, null, now);
    await createSession(database.db, user.id, null, new Date(now.getTime() - SESSION_MAX_AGE_MS - 1));
    await deleteExpiredSessions(database.db, now);
    expect(await database.db.select().from(sessions)).toHaveLength(1);
  });
});
