/**
 * A stolen session cannot become permanent access. Changing how an account signs in needs a proof
 * of identity from the last ten minutes ("confirm it's you": the password with the app's code, or a
 * passkey); taking the account back (a password change or reset, "sign out everywhere") marks it
 * for review, and one click removes every passkey and the authenticator app. Every change e-mails
 * the owner. The account page's action is called as the browser calls it.
 */
import { and, eq } from "drizzle-orm";
import { generate } from "otplib";
import { describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, passkeys, recoveryCodes, sessions, users } from "../../app/db/schema";
import { RECENT_SIGN_IN_MS } from "~/lib/auth/recent-sign-in";
import { accountAction, loadAccount } from "~/routes/cms/account.server";
import { issueAccountToken } from "~/server/auth/account-tokens.server";
import { resetPasswordWithLink } from "~/server/auth/password-reset.server";
import { CONFIRM_FIRST } from "~/server/auth/recent-sign-in.server";
import { authenticationOptions } from "~/server/auth/second-factor/passkeys.server";
import {
  confirmTotpEnrolment,
  startTotpEnrolment,
  summariseSecondFactor,
} from "~/server/auth/second-factor/second-factor.server";
import { createSession } from "~/server/auth/sessions.server";
import { createUser, resetUserPassword } from "~/server/auth/users.server";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({
  name: "account-security",
  sessionSecret: "an account-security test secret, long enough",
});

const PASSWORD = "a long enough password";
const CLIENT = "192.0.2.10";

interface Account {
  id: string;
  email: string;
  /** `session=…` of the account's session. */
  cookie: string;
  sessionId: string;
}

/** An editor with one session, in use now, whose last proof of identity was `minutesAgo` minutes ago. */
async function account(label: string, minutesAgo = 0): Promise<Account> {
  const user = await createUser(cms.db, {
    email: `${label}-${crypto.randomUUID()}@example.com`,
    password: PASSWORD,
    role: "editor",
  });
  const cookie = (await createSession(cms.db, user.id, null)).split(";")[0]!;
  const [session] = await cms.db
    .update(sessions)
    .set({ confirmedAt: new Date(Date.now() - minutesAgo * 60_000) })
    .where(eq(sessions.userId, user.id))
    .returning({ id: sessions.id });
  return { id: user.id, email: user.email, cookie, sessionId: session!.id };
}

/** A session signed in longer ago than the confirmation lasts: a cookie someone copied, say. */
const stolenSession = (label: string) => account(label, RECENT_SIGN_IN_MS / 60_000 + 1);

function post(who: Account, fields: Record<string, string>) {
  return new Request("http://localhost/cms/account", {
    method: "POST",
    headers: { Cookie: `${who.cookie}; csrf=${cms.csrf}`, Origin: "http://localhost" },
    body: new URLSearchParams({ csrf: cms.csrf, ...fields }),
  });
}

interface Answer {
  status: number;
  body: { ok?: boolean; confirmFirst?: boolean; errors?: Record<string, string>; recoveryCodes?: string[] };
}

async function act(who: Account, fields: Record<string, string>): Promise<Answer> {
  const result = (await accountAction(post(who, fields), CLIENT)) as unknown;
  if (result instanceof Response) return { status: result.status, body: {} };
  const { data, init } = result as { data: Answer["body"]; init?: ResponseInit | null };
  return { status: init?.status ?? 200, body: data };
}

async function withPasskey(who: Account, name = "Laptop") {
  await cms.db
    .insert(passkeys)
    .values({ userId: who.id, credentialId: `cred-${crypto.randomUUID()}`, publicKey: "AAAA", name });
}

async function withTotp(who: Account) {
  const actor = { id: who.id, email: who.email };
  await startTotpEnrolment(cms.db, actor);
  const secret = (await summariseSecondFactor(cms.db, who.id)).totpSetup!.secret;
  // Set up a minute ago, so the code of now has not been spent by the set-up.
  const setUpAt = new Date(Date.now() - 60_000);
  await confirmTotpEnrolment(cms.db, actor, await generate({ secret, epoch: Math.floor(setUpAt.getTime() / 1000) }), {
    now: setUpAt,
  });
  return secret;
}

const subjectsTo = async (who: Account) =>
  (await cms.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, who.email))).map((mail) => mail.subject);

const userRow = async (who: Account) => (await cms.db.select().from(users).where(eq(users.id, who.id)))[0]!;

describe("a change to how an account signs in", () => {
  it("is refused to a session that signed in longer ago than the confirmation lasts, and nothing changes", async () => {
    const victim = await stolenSession("stolen");
    await withPasskey(victim);
    const [key] = await cms.db.select().from(passkeys).where(eq(passkeys.userId, victim.id));
    const attempts: Record<string, string>[] = [
      { intent: "passkey-options" },
      { intent: "passkey-register", name: "Attacker", response: "{}" },
      { intent: "passkey-remove", id: key!.id },
      { intent: "totp-start" },
      { intent: "totp-confirm", code: "123456" },
      { intent: "recovery-codes-renew" },
      { intent: "remove-all-sign-in-methods" },
      {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "another long passphrase",
        confirmPassword: "another long passphrase",
      },
    ];
    for (const fields of attempts) {
      const answer = await act(victim, fields);
      expect(answer, fields.intent).toMatchObject({
        status: 403,
        body: { ok: false, confirmFirst: true, errors: { form: CONFIRM_FIRST } },
      });
    }
    const row = await userRow(victim);
    expect(row.totpPendingSecret).toBeNull();
    expect(await cms.db.select().from(passkeys).where(eq(passkeys.userId, victim.id))).toHaveLength(1);
    expect(await cms.db.select().from(sessions).where(eq(sessions.userId, victim.id))).toHaveLength(1);
  });

  it("is allowed within the confirmation's time after signing in", async () => {
    const owner = await account("fresh");
    expect(await act(owner, { intent: "totp-start" })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await userRow(owner)).totpPendingSecret).not.toBeNull();
    const loaded = await loadAccount(
      new Request("http://localhost/cms/account", { headers: { Cookie: owner.cookie } }),
    );
    expect(loaded.confirmation.leftMs).toBeGreaterThan(RECENT_SIGN_IN_MS - 60_000);
    expect(loaded.confirmation.leftMs).toBeLessThanOrEqual(RECENT_SIGN_IN_MS);
  });

  it("is allowed again after confirming with the password, when the account has no second factor", async () => {
    const owner = await stolenSession("password-only");
    expect(await act(owner, { intent: "confirm-password", password: "not the password" })).toMatchObject({
      status: 400,
      body: { ok: false, errors: { password: "Your current password is not correct" } },
    });
    expect(await act(owner, { intent: "totp-start" })).toMatchObject({ status: 403 });
    expect(await act(owner, { intent: "confirm-password", password: PASSWORD })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    expect(await act(owner, { intent: "totp-start" })).toMatchObject({ status: 200, body: { ok: true } });
  });

  it("asks for the authenticator app's code with the password when the account has one", async () => {
    const owner = await stolenSession("with-app");
    const secret = await withTotp(owner);
    expect(await act(owner, { intent: "confirm-password", password: PASSWORD })).toMatchObject({
      status: 400,
      body: { errors: { code: "Enter the code from your authenticator app, or a recovery code." } },
    });
    expect(await act(owner, { intent: "confirm-password", password: PASSWORD, code: "000000" })).toMatchObject({
      status: 400,
      body: { errors: { code: expect.stringMatching(/not right/) } },
    });
    expect(await act(owner, { intent: "recovery-codes-renew" })).toMatchObject({ status: 403 });
    const code = await generate({ secret });
    expect(await act(owner, { intent: "confirm-password", password: PASSWORD, code })).toMatchObject({ status: 200 });
    const renewed = await act(owner, { intent: "recovery-codes-renew" });
    expect(renewed).toMatchObject({ status: 200, body: { ok: true } });
    expect(renewed.body.recoveryCodes).toHaveLength(10);
    expect(await subjectsTo(owner)).toContain("New recovery codes");
  });

  it("cannot be confirmed with the password alone when passkeys are the account's second factor", async () => {
    const owner = await stolenSession("passkeys-only");
    await withPasskey(owner);
    expect(await act(owner, { intent: "confirm-password", password: PASSWORD })).toMatchObject({
      status: 400,
      body: { errors: { form: "Confirm with one of your passkeys." } },
    });
    const options = await act(owner, { intent: "confirm-passkey-options" });
    expect(options).toMatchObject({ status: 200, body: { ok: true } });
    // The passkey confirms only with user verification (PIN or biometric), for this account's keys alone.
    expect(options.body).toMatchObject({ options: { userVerification: "required", allowCredentials: [{}] } });
  });
});

describe("taking an account back", () => {
  it("a password change ends the other sessions, e-mails the owner and offers to remove the passkeys it had", async () => {
    const owner = await account("change");
    await withPasskey(owner);
    await createSession(cms.db, owner.id, "the attacker's browser");
    const changed = await accountAction(
      post(owner, {
        intent: "password",
        currentPassword: PASSWORD,
        newPassword: "a brand new passphrase",
        confirmPassword: "a brand new passphrase",
      }),
      CLIENT,
    );
    expect(changed).toBeInstanceOf(Response);
    expect((changed as Response).headers.get("Location")).toBe("/cms/account");
    expect((await userRow(owner)).securityReviewSince).not.toBeNull();
    expect(await subjectsTo(owner)).toContain("Your password was changed");
  });

  it("an administrator's reset and a reset link mark the account for review and e-mail its owner", async () => {
    const byAdmin = await account("admin-reset");
    await withPasskey(byAdmin);
    await resetUserPassword(
      cms.db,
      { id: cms.userId("admin"), email: "admin@example.com" },
      byAdmin.id,
      "an administrator's new passphrase",
    );
    expect((await userRow(byAdmin)).securityReviewSince).not.toBeNull();
    expect(await subjectsTo(byAdmin)).toContain("Your password was reset");
    expect(await cms.db.select().from(sessions).where(eq(sessions.userId, byAdmin.id))).toEqual([]);

    const byLink = await account("link-reset");
    await withPasskey(byLink);
    const { token } = await issueAccountToken(cms.db, { kind: "password_reset", userId: byLink.id });
    expect(await resetPasswordWithLink(cms.db, token, "a passphrase chosen by link")).toMatchObject({ id: byLink.id });
    expect((await userRow(byLink)).securityReviewSince).not.toBeNull();
    expect(await subjectsTo(byLink)).toContain("Your password was reset");
  });

  it("sign out everywhere ends every other session, keeps this one and e-mails the owner", async () => {
    const owner = await stolenSession("everywhere");
    await withPasskey(owner);
    await createSession(cms.db, owner.id, "a phone");
    await createSession(cms.db, owner.id, "a shared computer");
    // It only takes access away, so no confirmation is asked, however old the session.
    expect(await act(owner, { intent: "sign-out-everywhere" })).toMatchObject({ status: 200, body: { ok: true } });
    const left = await cms.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, owner.id));
    expect(left).toEqual([{ id: owner.sessionId }]);
    expect((await userRow(owner)).securityReviewSince).not.toBeNull();
    expect(await subjectsTo(owner)).toContain("Signed out everywhere");
  });

  it("one click removes every passkey, the authenticator app and its recovery codes; the owner is e-mailed", async () => {
    const owner = await account("remove-all");
    await withTotp(owner);
    await withPasskey(owner, "Phone");
    await withPasskey(owner, "Key");
    expect(await act(owner, { intent: "sign-out-everywhere" })).toMatchObject({ status: 200 });
    const before = await loadAccount(
      new Request("http://localhost/cms/account", { headers: { Cookie: owner.cookie } }),
    );
    expect(before.securityReviewSince).not.toBeNull();

    expect(await act(owner, { intent: "remove-all-sign-in-methods" })).toMatchObject({
      status: 200,
      body: { ok: true },
    });
    const row = await userRow(owner);
    expect(row).toMatchObject({ totpSecret: null, totpEnabledAt: null, securityReviewSince: null });
    expect(await cms.db.select().from(passkeys).where(eq(passkeys.userId, owner.id))).toEqual([]);
    expect(await cms.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, owner.id))).toEqual([]);
    expect(await subjectsTo(owner)).toContain("Passkeys and authenticator app removed");
    const audit = await cms.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, owner.id), eq(auditLog.action, "user.second_factor.remove_all")));
    expect(audit[0]?.details).toMatchObject({ hadAuthenticatorApp: true, removedSignInKeys: 2 });
  });

  it("keeping the sign-in methods ends the review and removes nothing", async () => {
    const owner = await account("keep");
    await withPasskey(owner);
    await act(owner, { intent: "sign-out-everywhere" });
    expect(await act(owner, { intent: "keep-sign-in-methods" })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await userRow(owner)).securityReviewSince).toBeNull();
    expect(await cms.db.select().from(passkeys).where(eq(passkeys.userId, owner.id))).toHaveLength(1);
  });
});

describe("a passkey without a password", () => {
  it("must verify its user (PIN or biometric); as the step after a password its presence is enough", async () => {
    const rp = { id: "localhost", name: "test", origins: ["http://localhost"] };
    expect((await authenticationOptions(cms.db, null, rp)).userVerification).toBe("required");
    const owner = await account("second-step");
    expect((await authenticationOptions(cms.db, owner.id, rp)).userVerification).toBe("preferred");
  });
});
