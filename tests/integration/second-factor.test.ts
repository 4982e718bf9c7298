/**
 * The second factor: TOTP codes are accepted one step either side of now and only once,
 * wrong codes are limited per account and per pending sign-in, recovery codes work once, the
 * secret is stored encrypted, and every change is audited and e-mailed. The clock and the
 * rate-limit store are injected, so no test waits.
 */
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, passkeys, pendingSignIns, recoveryCodes, sessions, users } from "../../app/db/schema";
import { startPendingSignIn } from "~/server/auth/second-factor/pending-sign-in.server";
import { open } from "~/server/auth/second-factor/secret-box.server";
import {
  checkSecondFactorCode,
  CODE_WINDOW_MS,
  confirmTotpEnrolment,
  disableTotp,
  hasSecondFactor,
  MAX_WRONG_CODES,
  resetSecondFactor,
  secondFactorRefusal,
  startTotpEnrolment,
  summariseSecondFactor,
} from "~/server/auth/second-factor/second-factor.server";
import { answerWithCode, startSecondStepIfNeeded } from "~/server/auth/second-factor/second-step.server";
import { TOTP_PERIOD_SECONDS } from "~/server/auth/second-factor/totp.server";
import { createUser } from "~/server/auth/users.server";
import { MemoryRateLimitStore, RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import { routeArgs } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({
  name: "second-factor",
  sessionSecret: "a second-factor test secret, long enough for the rules",
});

const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/**
 * The start of the current time step, so "one step later" is unambiguous. Near the real time:
 * pending sign-ins are started on the real clock and must not look expired at T0.
 */
const T0 = new Date(Math.floor(Date.now() / STEP_MS) * STEP_MS);
const at = (steps: number, base = T0) => new Date(base.getTime() + steps * STEP_MS);

/** A limiter of its own on the test's clock, so one test's wrong codes never limit another's. */
function clockedLimiter(clock: { now: Date }) {
  return new RateLimiter(
    `second-factor-test-${crypto.randomUUID()}`,
    MAX_WRONG_CODES,
    CODE_WINDOW_MS,
    new MemoryRateLimitStore(() => clock.now.getTime()),
  );
}

const codeAt = (secret: string, when: Date) =>
  generate({ secret, epoch: Math.floor(when.getTime() / 1000), period: TOTP_PERIOD_SECONDS });

/** A user with the authenticator app set up at T0 (its confirming code spent), and the secret. */
async function userWithTotp(label = "totp") {
  const user = await createUser(cms.db, {
    email: `${label}-${crypto.randomUUID()}@example.com`,
    password: "a long enough password",
    role: "editor",
  });
  const actor = { id: user.id, email: user.email };
  await startTotpEnrolment(cms.db, actor);
  const summary = await summariseSecondFactor(cms.db, user.id);
  const secret = summary.totpSetup!.secret;
  const clock = { now: at(-10) };
  const recovery = await confirmTotpEnrolment(cms.db, actor, await codeAt(secret, clock.now), {
    now: clock.now,
    limiter: clockedLimiter(clock),
  });
  return { user, actor, secret, recovery };
}

describe("setting up the authenticator app", () => {
  it("keeps the secret encrypted, makes ten hashed recovery codes, audits and e-mails", async () => {
    const { user, secret, recovery } = await userWithTotp("setup");
    const [row] = await cms.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).not.toContain(secret);
    expect(open(row!.totpSecret!, user.id)).toBe(secret);
    // Sealed for this user only: another user's id does not open it.
    expect(open(row!.totpSecret!, crypto.randomUUID())).toBeNull();
    expect(row!.totpPendingSecret).toBeNull();

    expect(recovery).toHaveLength(10);
    expect(new Set(recovery).size).toBe(10);
    const stored = await cms.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id));
    expect(stored).toHaveLength(10);
    for (const code of recovery) expect(stored.map((item) => item.codeHash)).not.toContain(code);

    const audit = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, user.id));
    expect(audit.map((entry) => entry.action)).toContain("user.second_factor.totp_enable");
    const mails = await cms.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((mail) => [mail.kind, mail.subject])).toEqual([
      ["account_security", "Two-step sign-in turned on"],
    ]);
    expect(await hasSecondFactor(cms.db, user.id)).toBe(true);
  });

  it("refuses a wrong confirming code and changes nothing", async () => {
    const user = await createUser(cms.db, {
      email: `wrong-${crypto.randomUUID()}@example.com`,
      password: "a long enough password",
      role: "editor",
    });
    const actor = { id: user.id, email: user.email };
    await startTotpEnrolment(cms.db, actor);
    const clock = { now: T0 };
    await expect(
      confirmTotpEnrolment(cms.db, actor, "000000", { now: T0, limiter: clockedLimiter(clock) }),
    ).rejects.toThrow(/That code is not right/);
    const [row] = await cms.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.totpSecret).toBeNull();
    expect(await cms.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
  });
});

describe("TOTP codes at sign-in", () => {
  it("accepts the code of now and of one step either side, not two steps away", async () => {
    const { user, secret } = await userWithTotp("window");
    const clock = { now: T0 };
    const options = { now: T0, limiter: clockedLimiter(clock) };
    expect(await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, at(-2)), options)).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, at(2)), options)).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, at(-1)), options)).toEqual({
      ok: true,
      method: "totp",
    });
    expect(await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, at(0)), options)).toEqual({
      ok: true,
      method: "totp",
    });
    expect(await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, at(1)), options)).toEqual({
      ok: true,
      method: "totp",
    });
  });

  it("refuses a code a second time, and an older step's code after a newer one", async () => {
    const { user, secret } = await userWithTotp("replay");
    const clock = { now: T0 };
    const options = { now: T0, limiter: clockedLimiter(clock) };
    const now = await codeAt(secret, T0);
    expect(await checkSecondFactorCode(cms.db, user.id, now, options)).toEqual({ ok: true, method: "totp" });
    expect(await checkSecondFactorCode(cms.db, user.id, now, options)).toEqual({ ok: false, reason: "wrong" });
    // Still within its window a step later, and still spent.
    expect(await checkSecondFactorCode(cms.db, user.id, now, { ...options, now: at(1) })).toEqual({
      ok: false,
      reason: "wrong",
    });
    expect(await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, at(-1)), options)).toEqual({
      ok: false,
      reason: "wrong",
    });
    // Two requests racing with the same fresh code: exactly one is accepted.
    const next = await codeAt(secret, at(1));
    const raced = await Promise.all(
      [1, 2].map(() => checkSecondFactorCode(cms.db, user.id, next, { ...options, now: at(1) })),
    );
    expect(raced.filter((result) => result.ok)).toHaveLength(1);
  });

  it("limits wrong codes per account to five in fifteen minutes, even a right code after them", async () => {
    const { user, secret } = await userWithTotp("limit");
    const clock = { now: T0 };
    const limiter = clockedLimiter(clock);
    for (let attempt = 1; attempt < MAX_WRONG_CODES; attempt += 1) {
      expect(await checkSecondFactorCode(cms.db, user.id, "000000", { now: clock.now, limiter })).toEqual({
        ok: false,
        reason: "wrong",
      });
    }
    expect(await checkSecondFactorCode(cms.db, user.id, "000000", { now: clock.now, limiter })).toMatchObject({
      ok: false,
    });
    const blocked = await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, clock.now), {
      now: clock.now,
      limiter,
    });
    expect(blocked).toMatchObject({ ok: false, reason: "limited" });
    expect((blocked as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(0);

    // Fifteen minutes later the account may try again.
    clock.now = new Date(T0.getTime() + CODE_WINDOW_MS + 1000);
    expect(
      await checkSecondFactorCode(cms.db, user.id, await codeAt(secret, clock.now), { now: clock.now, limiter }),
    ).toEqual({
      ok: true,
      method: "totp",
    });
  });

  it("takes each recovery code once", async () => {
    const { user, recovery } = await userWithTotp("recovery");
    const options = { now: T0, limiter: clockedLimiter({ now: T0 }) };
    // Case, spaces and the dash do not matter.
    const typed = ` ${recovery[0]!.toUpperCase().replace("-", " ")} `;
    expect(await checkSecondFactorCode(cms.db, user.id, typed, options)).toEqual({ ok: true, method: "recovery-code" });
    expect(await checkSecondFactorCode(cms.db, user.id, recovery[0]!, options)).toEqual({ ok: false, reason: "wrong" });
    expect(await checkSecondFactorCode(cms.db, user.id, recovery[1]!, options)).toEqual({
      ok: true,
      method: "recovery-code",
    });
    expect((await summariseSecondFactor(cms.db, user.id)).recoveryCodesLeft).toBe(8);
  });

  it("asks the mid-edit sign-in for a code only of an account with a second factor", async () => {
    const { user, secret } = await userWithTotp("again");
    const options = { now: T0, limiter: clockedLimiter({ now: T0 }) };
    expect(await secondFactorRefusal(cms.db, cms.userId("editor"), "", options)).toBeNull();
    expect(await secondFactorRefusal(cms.db, user.id, "", options)).toMatchObject({
      status: 401,
      errors: { code: expect.any(String) },
    });
    expect(await secondFactorRefusal(cms.db, user.id, "000000", options)).toMatchObject({ status: 401 });
    expect(await secondFactorRefusal(cms.db, user.id, await codeAt(secret, T0), options)).toBeNull();
  });
});

describe("the pending sign-in", () => {
  const withCookie = (setCookie: string) =>
    new Request("http://localhost/cms/sign-in/verify", {
      method: "POST",
      headers: { Cookie: setCookie.split(";")[0]! },
    });

  it("starts only for an account with a second factor, and a right code turns it into a session once", async () => {
    const plain = await createUser(cms.db, {
      email: `plain-${crypto.randomUUID()}@example.com`,
      password: "a long enough password",
      role: "editor",
    });
    expect(await startSecondStepIfNeeded(cms.db, { user: plain }, "/cms")).toBeNull();

    const { user, secret } = await userWithTotp("pending");
    const cookie = await startSecondStepIfNeeded(cms.db, { user }, "/cms/content");
    expect(cookie).toBeTruthy();
    const options = { now: T0, limiter: clockedLimiter({ now: T0 }) };
    const result = await answerWithCode(cms.db, withCookie(cookie!), await codeAt(secret, T0), options);
    expect(result).toMatchObject({ ok: true, redirectTo: "/cms/content" });
    expect(await cms.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
    // Used up: the same cookie with the next code starts nothing.
    const again = await answerWithCode(cms.db, withCookie(cookie!), await codeAt(secret, at(1)), {
      ...options,
      now: at(1),
    });
    expect(again).toMatchObject({ ok: false, expired: true });
    expect(await cms.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);
  });

  it("is spent after five wrong codes, and expires after five minutes", async () => {
    const { user, secret } = await userWithTotp("spent");
    const options = { now: T0, limiter: clockedLimiter({ now: T0 }) };
    const cookie = (await startSecondStepIfNeeded(cms.db, { user }, "/cms"))!;
    for (let attempt = 1; attempt < 5; attempt += 1) {
      expect(await answerWithCode(cms.db, withCookie(cookie), "000000", options)).toMatchObject({
        ok: false,
        status: 401,
        errors: { code: expect.any(String) },
      });
    }
    expect(await answerWithCode(cms.db, withCookie(cookie), "000000", options)).toMatchObject({
      ok: false,
      expired: true,
    });
    expect(await answerWithCode(cms.db, withCookie(cookie), await codeAt(secret, T0), options)).toMatchObject({
      ok: false,
      expired: true,
    });

    const later = (await startPendingSignIn(cms.db, { kind: "second_factor", userId: user.id }, T0))!;
    const afterExpiry = new Date(T0.getTime() + 5 * 60 * 1000 + 1);
    expect(
      await answerWithCode(cms.db, withCookie(later), await codeAt(secret, afterExpiry), {
        now: afterExpiry,
        limiter: clockedLimiter({ now: afterExpiry }),
      }),
    ).toMatchObject({ ok: false, expired: true });
    expect(await cms.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});

describe("removing and resetting", () => {
  it("removes the authenticator app with the password, not with a wrong one", async () => {
    const { user, actor } = await userWithTotp("disable");
    const options = { now: T0, limiter: clockedLimiter({ now: T0 }) };
    await expect(disableTotp(cms.db, actor, { password: "not the password" }, options)).rejects.toThrow(/not right/);
    expect(await hasSecondFactor(cms.db, user.id)).toBe(true);
    await disableTotp(cms.db, actor, { password: "a long enough password" }, options);
    expect(await hasSecondFactor(cms.db, user.id)).toBe(false);
    expect(await cms.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    const audit = await cms.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "user.second_factor.totp_disable")));
    expect(audit).toHaveLength(1);
  });

  it("lets an administrator reset another user's authenticator app and passkeys, audited and e-mailed", async () => {
    const { user } = await userWithTotp("reset");
    await cms.db
      .insert(passkeys)
      .values({ userId: user.id, credentialId: crypto.randomUUID(), publicKey: "AAAA", name: "Phone" });
    await startPendingSignIn(cms.db, { kind: "second_factor", userId: user.id });
    const admin = { id: cms.userId("admin"), email: "admin@example.com" };
    await resetSecondFactor(cms.db, admin, user.id);

    expect(await hasSecondFactor(cms.db, user.id)).toBe(false);
    expect(await cms.db.select().from(passkeys).where(eq(passkeys.userId, user.id))).toEqual([]);
    expect(await cms.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toEqual([]);
    expect(await cms.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, user.id))).toEqual([]);
    const [entry] = await cms.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, user.id), eq(auditLog.action, "user.second_factor.reset")));
    expect(entry).toMatchObject({
      userEmail: "admin@example.com",
      details: { hadAuthenticatorApp: true, removedSignInKeys: 1 },
    });
    const mails = await cms.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, user.email));
    expect(mails.map((mail) => mail.subject)).toContain("Your second factor was reset");

    // Nothing left to reset: refused, nothing recorded.
    await expect(resetSecondFactor(cms.db, admin, user.id)).rejects.toThrow(/has no second factor/);
  });
});

describe("links that sign in", () => {
  it("a password reset link sets the password, then asks for the second factor instead of signing in", async () => {
    const { user } = await userWithTotp("reset-link");
    const { issueAccountToken } = await import("~/server/auth/account-tokens.server");
    const { action } = await import("~/routes/cms/reset-password");
    const { token } = await issueAccountToken(cms.db, { kind: "password_reset", userId: user.id });
    const password = "a brand new passphrase for the reset";
    const request = cms.post(
      `http://localhost/cms/reset-password/${token}`,
      { password, confirmPassword: password },
      { as: null },
    );
    const answer = (await action({ ...(routeArgs(request) as object), params: { token } } as never)) as Response;

    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe("/cms/sign-in/verify");
    // A pending sign-in for this account, and no session yet.
    expect(await cms.db.select().from(pendingSignIns).where(eq(pendingSignIns.userId, user.id))).toHaveLength(1);
    expect(await cms.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });
});
