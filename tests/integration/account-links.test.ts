/**
 * Invitations and password resets: single-use links stored as hashes only, spent once
 * even by requests racing each other, expiring on an injected clock; an invitation that becomes an
 * account with the invited role; "Forgot password?" that answers alike for every address and sends
 * a link only to an active account, within its limits; a reset that ends every session.
 */
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { accountTokens, auditLog, mailOutbox, sessions, users } from "../../app/db/schema";
import {
  INVITATION_LIFETIME_MS,
  invitationPath,
  PASSWORD_RESET_LIFETIME_MS,
  RESET_REQUESTED_MESSAGE,
  resetPasswordPath,
} from "~/lib/auth/account-links";
import {
  deleteSpentAccountTokens,
  findUsableToken,
  issueAccountToken,
  SPENT_TOKEN_RETENTION_MS,
  spendAccountToken,
} from "~/server/auth/account-tokens.server";
import {
  acceptInvitation,
  findUsableInvitation,
  INVITATION_GONE,
  inviteUser,
  resendInvitation,
  revokeInvitation,
  USER_ALREADY_EXISTS,
} from "~/server/auth/invitations.server";
import {
  findResetAccount,
  requestPasswordReset,
  ResetRequestLimits,
  resetPasswordWithLink,
  tooManyResetRequests,
} from "~/server/auth/password-reset.server";
import { COMMON_PASSWORD, GUESSABLE_PASSWORD } from "~/server/auth/password-policy.server";
import { verifyPassword } from "~/server/auth/passwords.server";
import { createSession } from "~/server/auth/sessions.server";
import { createUser, findUserByEmail, setUserActive } from "~/server/auth/users.server";
import type { Actor } from "~/server/platform/audit.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { canonicalPath } from "~/server/platform/http/canonical-address.server";
import { MemoryRateLimitStore } from "~/server/platform/rate-limit/rate-limit.server";
import { accountsDatabaseForFile } from "./accounts-database";
import { queryRows } from "./database";
import { createTestActor } from "./test-actor";

const database = accountsDatabaseForFile();

beforeEach(async () => {
  await database.db.delete(accountTokens);
  await database.db.delete(mailOutbox);
  await database.db.delete(auditLog);
});

const MAIL_CONTEXT = { settings: { company_name: "Larkspire Digital" }, publicUrl: "https://www.larkspire.test" };
const START = new Date("2026-11-20T09:00:00Z");
const at = (ms: number) => new Date(START.getTime() + ms);
const STRONG_PASSWORD = "copper kettle under amber lanterns";
const CLIENT = "203.0.113.7";

function sha256(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The link's token in the only place it exists outside the invitee's hands: the mail. */
function tokenInMail(text: string, path: "invitation" | "reset-password"): string {
  const match = new RegExp(`https://www\\.larkspire\\.test/cms/${path}/([0-9a-f]{64})`).exec(text);
  if (!match) throw new Error(`no ${path} link in the mail:\n${text}`);
  return match[1]!;
}

async function mailsTo(email: string) {
  return database.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
}

async function auditActions() {
  const rows = await database.db.select({ action: auditLog.action }).from(auditLog);
  return rows.map((row) => row.action).sort();
}

async function invite(actor: Actor, email = "new.editor@example.com", now = START) {
  return inviteUser(database.db, actor, { email, role: "editor" }, { now, mailContext: MAIL_CONTEXT });
}

/** Runs "Forgot password?" and holds the work that follows the answer, for the test to run. */
async function askForReset(email: string, options: { limits?: ResetRequestLimits; client?: string } = {}) {
  const held: (() => Promise<void>)[] = [];
  const answer = await requestPasswordReset(database.db, { email }, options.client ?? CLIENT, {
    limits: options.limits ?? new ResetRequestLimits(new MemoryRateLimitStore()),
    later: (work) => held.push(work),
    now: START,
    mailContext: MAIL_CONTEXT,
  });
  return { answer, held };
}

async function activeUser(email = "owner@example.com", password = "the old long passphrase") {
  return createUser(database.db, { email, password, role: "editor" });
}

describe("account tokens", () => {
  it("store only the SHA-256 hash of a 256-bit random token, written in lower-case hex", async () => {
    const user = await activeUser();
    const { token, row } = await issueAccountToken(database.db, { kind: "password_reset", userId: user.id }, START);
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    expect(Buffer.from(token, "hex")).toHaveLength(32);
    // Lower-case, so the canonical-address redirect (which lower-cases paths) leaves a link alone.
    expect(canonicalPath(resetPasswordPath(token))).toBeNull();
    expect(canonicalPath(invitationPath(token))).toBeNull();
    expect(row.tokenHash).toBe(sha256(token));
    const [stored] = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select row_to_json(t)::text as json from account_tokens t`,
    );
    expect(String(stored!.json)).not.toContain(token);
  });

  it("are spent once, even by requests that use the link at the same moment", async () => {
    const user = await activeUser();
    const { token } = await issueAccountToken(database.db, { kind: "password_reset", userId: user.id }, START);
    const results = await Promise.all(
      Array.from({ length: 8 }, () => spendAccountToken(database.db, "password_reset", token, at(1000))),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await spendAccountToken(database.db, "password_reset", token, at(2000))).toBeUndefined();
  });

  it("work until their expiry on the clock they are given, and not a moment after", async () => {
    const user = await activeUser();
    const reset = await issueAccountToken(database.db, { kind: "password_reset", userId: user.id }, START);
    const invitation = await issueAccountToken(
      database.db,
      { kind: "invitation", email: "someone@example.com", role: "editor", createdBy: null },
      START,
    );
    expect(reset.row.expiresAt).toEqual(at(30 * 60 * 1000));
    expect(invitation.row.expiresAt).toEqual(at(7 * 24 * 60 * 60 * 1000));
    for (const [kind, token, lifetime] of [
      ["password_reset", reset.token, PASSWORD_RESET_LIFETIME_MS],
      ["invitation", invitation.token, INVITATION_LIFETIME_MS],
    ] as const) {
      expect(await findUsableToken(database.db, kind, token, at(lifetime - 1))).toBeDefined();
      expect(await findUsableToken(database.db, kind, token, at(lifetime))).toBeUndefined();
      expect(await spendAccountToken(database.db, kind, token, at(lifetime))).toBeUndefined();
      expect(await spendAccountToken(database.db, kind, token, at(lifetime - 1))).toBeDefined();
    }
  });

  it("of one kind do nothing as the other, and a malformed or unknown token is no link", async () => {
    const user = await activeUser();
    const { token } = await issueAccountToken(database.db, { kind: "password_reset", userId: user.id }, START);
    expect(await spendAccountToken(database.db, "invitation", token, START)).toBeUndefined();
    expect(await findUsableToken(database.db, "password_reset", "not-a-token", START)).toBeUndefined();
    expect(await findUsableToken(database.db, "password_reset", "a".repeat(64), START)).toBeUndefined();
    expect(await findUsableToken(database.db, "password_reset", token.toUpperCase(), START)).toBeUndefined();
    expect(await findUsableToken(database.db, "password_reset", token, START)).toBeDefined();
  });

  it("are forgotten 30 days after they were used or expired (an invitation holds an e-mail)", async () => {
    const user = await activeUser();
    const used = await issueAccountToken(database.db, { kind: "password_reset", userId: user.id }, START);
    await spendAccountToken(database.db, "password_reset", used.token, at(1000));
    const pending = await issueAccountToken(
      database.db,
      { kind: "invitation", email: "someone@example.com", role: "editor", createdBy: null },
      START,
    );
    await deleteSpentAccountTokens(database.db, at(SPENT_TOKEN_RETENTION_MS));
    expect(await database.db.select().from(accountTokens)).toHaveLength(2);
    await deleteSpentAccountTokens(database.db, at(1001 + SPENT_TOKEN_RETENTION_MS));
    const left = await database.db.select({ id: accountTokens.id }).from(accountTokens);
    expect(left).toEqual([{ id: pending.row.id }]);
    await deleteSpentAccountTokens(database.db, at(INVITATION_LIFETIME_MS + SPENT_TOKEN_RETENTION_MS + 1));
    expect(await database.db.select().from(accountTokens)).toHaveLength(0);
  });
});

describe("invitations", () => {
  it("go out by mail through the outbox with a link the table knows only by its hash, and are audited", async () => {
    const actor = await createTestActor(database.db);
    const { invitation, token } = await invite(actor);
    const [mail] = await mailsTo("new.editor@example.com");
    expect(mail).toMatchObject({
      kind: "invitation",
      status: "pending",
      subject: "You are invited to the Larkspire Digital CMS",
    });
    expect(tokenInMail(mail!.textBody, "invitation")).toBe(token);
    expect(mail!.textBody).toContain(`${actor.email} has invited you`);
    expect(mail!.htmlBody).toContain(`https://www.larkspire.test/cms/invitation/${token}`);
    expect(invitation).toMatchObject({ kind: "invitation", email: "new.editor@example.com", role: "editor" });
    expect(invitation.tokenHash).toBe(sha256(token));
    const [entry] = await database.db.select().from(auditLog).where(eq(auditLog.action, "user.invite"));
    expect(entry).toMatchObject({ userId: actor.id, entityId: invitation.id });
    expect(entry!.details).toMatchObject({ email: "new.editor@example.com", role: "editor" });
  });

  it("become an account with the invited role and the chosen password; the link then reads as dead", async () => {
    const actor = await createTestActor(database.db);
    const { token } = await invite(actor);
    expect(await findUsableInvitation(database.db, token, at(1000))).toMatchObject({
      email: "new.editor@example.com",
      role: "editor",
    });
    const user = await acceptInvitation(database.db, token, STRONG_PASSWORD, at(1000));
    expect(user).toMatchObject({ email: "new.editor@example.com", role: "editor", isActive: true });
    const stored = await findUserByEmail(database.db, "new.editor@example.com");
    expect(await verifyPassword(stored!.passwordHash, STRONG_PASSWORD)).toBe(true);
    expect(await findUsableInvitation(database.db, token, at(2000))).toBeUndefined();
    expect(await acceptInvitation(database.db, token, "another long passphrase entirely", at(2000))).toBeUndefined();
    const [accepted] = await database.db.select().from(auditLog).where(eq(auditLog.action, "user.invitation_accept"));
    expect(accepted).toMatchObject({ userId: user!.id, entityId: user!.id });
    expect(accepted!.details).toMatchObject({ invitedBy: actor.id });
  });

  it("make one account when two acceptances arrive at the same moment", async () => {
    const actor = await createTestActor(database.db);
    const { token } = await invite(actor);
    const results = await Promise.all([
      acceptInvitation(database.db, token, STRONG_PASSWORD, at(1000)),
      acceptInvitation(database.db, token, "a different strong passphrase here", at(1000)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await database.db.select().from(users).where(eq(users.email, "new.editor@example.com"))).toHaveLength(1);
  });

  it("expire after 7 days", async () => {
    const actor = await createTestActor(database.db);
    const { token } = await invite(actor);
    expect(await acceptInvitation(database.db, token, STRONG_PASSWORD, at(INVITATION_LIFETIME_MS))).toBeUndefined();
    expect(await findUserByEmail(database.db, "new.editor@example.com")).toBeUndefined();
  });

  it("keep the password policy, and a refused password leaves the link usable", async () => {
    const actor = await createTestActor(database.db);
    const { token } = await invite(actor);
    const refusal = (await acceptInvitation(database.db, token, "aaaaaaaaaaaaaaaaaaaa", at(1000)).catch(
      (error: unknown) => error,
    )) as ExpectedError;
    expect(refusal).toBeInstanceOf(ExpectedError);
    expect(refusal.field).toBe("password");
    expect([GUESSABLE_PASSWORD, COMMON_PASSWORD]).toContain(refusal.message);
    expect(await findUsableInvitation(database.db, token, at(1000))).toBeDefined();
    expect(await findUserByEmail(database.db, "new.editor@example.com")).toBeUndefined();
  });

  it("to an address that has an account are refused to the administrator alone: no link, no mail", async () => {
    const actor = await createTestActor(database.db);
    await activeUser("taken@example.com");
    await expect(invite(actor, " Taken@Example.com ")).rejects.toMatchObject({
      message: USER_ALREADY_EXISTS,
      field: "email",
    });
    expect(await database.db.select().from(accountTokens)).toHaveLength(0);
    expect(await mailsTo("taken@example.com")).toHaveLength(0);
    expect(await auditActions()).toEqual([]);
  });

  it("whose address got an account meanwhile read like any dead link", async () => {
    const actor = await createTestActor(database.db);
    const { token } = await invite(actor);
    await activeUser("new.editor@example.com");
    expect(await findUsableInvitation(database.db, token, at(1000))).toBeUndefined();
    expect(await acceptInvitation(database.db, token, STRONG_PASSWORD, at(1000))).toBeUndefined();
  });

  it("can be sent again (a new link, the old one dead) or revoked, each audited", async () => {
    const actor = await createTestActor(database.db);
    const first = await invite(actor);
    const again = await resendInvitation(database.db, actor, first.invitation.id, {
      now: at(60_000),
      mailContext: MAIL_CONTEXT,
    });
    expect(again.token).not.toBe(first.token);
    expect(again.invitation.expiresAt).toEqual(at(60_000 + INVITATION_LIFETIME_MS));
    expect(await findUsableInvitation(database.db, first.token, at(61_000))).toBeUndefined();
    expect(await findUsableInvitation(database.db, again.token, at(61_000))).toBeDefined();
    const mails = await mailsTo("new.editor@example.com");
    expect(mails.map((mail) => tokenInMail(mail.textBody, "invitation")).sort()).toEqual(
      [first.token, again.token].sort(),
    );

    await revokeInvitation(database.db, actor, first.invitation.id);
    expect(await findUsableInvitation(database.db, again.token, at(62_000))).toBeUndefined();
    await expect(revokeInvitation(database.db, actor, first.invitation.id)).rejects.toMatchObject({
      message: INVITATION_GONE,
      status: 404,
    });
    expect(await auditActions()).toEqual(["user.invite", "user.invite_resend", "user.invite_revoke"]);
  });

  it("to an address invited before replace the earlier invitation", async () => {
    const actor = await createTestActor(database.db);
    const first = await invite(actor);
    const second = await invite(actor, "new.editor@example.com", at(1000));
    expect(await findUsableInvitation(database.db, first.token, at(2000))).toBeUndefined();
    expect(await findUsableInvitation(database.db, second.token, at(2000))).toBeDefined();
    expect(await database.db.select().from(accountTokens)).toHaveLength(1);
  });
});

describe("forgot password", () => {
  it("answers alike for an address with and without an account, before any of the work that differs", async () => {
    await activeUser("owner@example.com");
    const known = await askForReset("owner@example.com");
    const unknown = await askForReset("nobody@example.com");
    expect(known.answer).toEqual({ ok: true, message: RESET_REQUESTED_MESSAGE });
    expect(unknown.answer).toEqual(known.answer);
    // Nothing that depends on the account was done before the answer: one job each, still held.
    expect(known.held).toHaveLength(1);
    expect(unknown.held).toHaveLength(1);
    expect(await database.db.select().from(accountTokens)).toHaveLength(0);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);

    await unknown.held[0]!();
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
    expect(await auditActions()).toEqual([]);

    await known.held[0]!();
    const [mail] = await mailsTo("owner@example.com");
    expect(mail).toMatchObject({
      kind: "password_reset",
      subject: "Reset your password for the Larkspire Digital CMS",
    });
    const token = tokenInMail(mail!.textBody, "reset-password");
    expect(await findResetAccount(database.db, token, START)).toEqual({ email: "owner@example.com" });
    const [row] = await database.db.select().from(accountTokens);
    expect(row!.tokenHash).toBe(sha256(token));
    const [entry] = await database.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "user.password_reset_request", entityId: row!.userId });
    expect(entry!.details).toMatchObject({ from: CLIENT, sent: true });
  });

  it("sends a deactivated account no link (the request is audited on the account)", async () => {
    const user = await activeUser("left@example.com");
    await setUserActive(database.db, user.id, false);
    const { answer, held } = await askForReset("left@example.com");
    expect(answer).toEqual({ ok: true, message: RESET_REQUESTED_MESSAGE });
    await held[0]!();
    expect(await database.db.select().from(accountTokens)).toHaveLength(0);
    expect(await database.db.select().from(mailOutbox)).toHaveLength(0);
    const [entry] = await database.db.select().from(auditLog);
    expect(entry).toMatchObject({ action: "user.password_reset_request", entityId: user.id });
    expect(entry!.details).toMatchObject({ sent: false, reason: "deactivated" });
  });

  it("refuses a malformed address with the form's message, and does nothing", async () => {
    const { answer, held } = await askForReset("not-an-email");
    expect(answer).toEqual({ ok: false, status: 400, errors: { email: "Please enter a valid email address" } });
    expect(held).toHaveLength(0);
  });

  it("is limited per address asked about and per client, alike for addresses with and without an account", async () => {
    await activeUser("owner@example.com");
    let time = START.getTime();
    const limits = new ResetRequestLimits(new MemoryRateLimitStore(() => time));
    for (const email of ["owner@example.com", "nobody@example.com"]) {
      for (let i = 0; i < 3; i++) expect((await askForReset(email, { limits })).answer.ok).toBe(true);
      const refused = await askForReset(email, { limits, client: "198.51.100.1" });
      expect(refused.answer).toEqual({
        ok: false,
        status: 429,
        errors: { form: tooManyResetRequests(900) },
        retryAfterSeconds: 900,
      });
      expect(refused.held).toHaveLength(0);
    }
    // One client asking about many addresses: 20 in the window (the 6 above included).
    for (let i = 0; i < 14; i++) expect((await askForReset(`person${i}@example.com`, { limits })).answer.ok).toBe(true);
    expect((await askForReset("one-more@example.com", { limits })).answer).toMatchObject({ ok: false, status: 429 });
    time += 15 * 60 * 1000;
    expect((await askForReset("owner@example.com", { limits })).answer.ok).toBe(true);
  });
});

describe("resetting a password with a link", () => {
  async function linkFor(email: string, now = START) {
    const user = (await findUserByEmail(database.db, email))!;
    return (await issueAccountToken(database.db, { kind: "password_reset", userId: user.id }, now)).token;
  }

  it("sets the password, ends every session, spends every reset link of the account, and is audited", async () => {
    const user = await activeUser("owner@example.com");
    await createSession(database.db, user.id, "laptop");
    await createSession(database.db, user.id, "phone");
    const first = await linkFor("owner@example.com");
    const second = await linkFor("owner@example.com");
    const result = await resetPasswordWithLink(database.db, first, STRONG_PASSWORD, at(60_000));
    expect(result).toMatchObject({ id: user.id, email: "owner@example.com" });
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(0);
    const stored = (await findUserByEmail(database.db, "owner@example.com"))!;
    expect(await verifyPassword(stored.passwordHash, STRONG_PASSWORD)).toBe(true);
    expect(await verifyPassword(stored.passwordHash, "the old long passphrase")).toBe(false);
    expect(await resetPasswordWithLink(database.db, first, "yet another long passphrase", at(61_000))).toBeUndefined();
    expect(await findResetAccount(database.db, second, at(61_000))).toBeUndefined();
    expect(await auditActions()).toEqual(["user.password_reset_by_link"]);
  });

  it("changes one password when two resets with the link arrive at the same moment", async () => {
    await activeUser("owner@example.com");
    const token = await linkFor("owner@example.com");
    const results = await Promise.all([
      resetPasswordWithLink(database.db, token, STRONG_PASSWORD, at(1000)),
      resetPasswordWithLink(database.db, token, "a different strong passphrase here", at(1000)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await auditActions()).toEqual(["user.password_reset_by_link"]);
  });

  it("keeps the password policy, and a refused password leaves the link usable", async () => {
    await activeUser("owner@example.com");
    const token = await linkFor("owner@example.com");
    await expect(resetPasswordWithLink(database.db, token, "password1234567890", at(1000))).rejects.toMatchObject({
      field: "password",
    });
    expect(await findResetAccount(database.db, token, at(1000))).toBeDefined();
  });

  it("does nothing after 30 minutes, or for an account deactivated since the link was sent", async () => {
    const user = await activeUser("owner@example.com");
    const token = await linkFor("owner@example.com");
    expect(
      await resetPasswordWithLink(database.db, token, STRONG_PASSWORD, at(PASSWORD_RESET_LIFETIME_MS)),
    ).toBeUndefined();
    const fresh = await linkFor("owner@example.com", at(PASSWORD_RESET_LIFETIME_MS));
    await setUserActive(database.db, user.id, false);
    expect(await findResetAccount(database.db, fresh, at(PASSWORD_RESET_LIFETIME_MS + 1000))).toBeUndefined();
    expect(
      await resetPasswordWithLink(database.db, fresh, STRONG_PASSWORD, at(PASSWORD_RESET_LIFETIME_MS + 1000)),
    ).toBeUndefined();
    const stored = (await findUserByEmail(database.db, "owner@example.com"))!;
    expect(await verifyPassword(stored.passwordHash, "the old long passphrase")).toBe(true);
    const unused = await database.db.select().from(accountTokens).where(eq(accountTokens.userId, user.id));
    expect(unused.every((row) => row.usedAt === null)).toBe(true);
  });
});
