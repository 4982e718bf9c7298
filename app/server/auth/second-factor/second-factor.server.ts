/**
 * A user's second factor: setting up and removing the authenticator app (TOTP), checking
 * a code at sign-in, an administrator's reset, and whether an administrator must set one up first.
 * Passkeys are passkeys.server.ts; both count as "a second factor".
 *
 * Wrong codes are limited twice: per pending sign-in (pending-sign-in.server.ts) and per account,
 * MAX_WRONG_CODES in CODE_WINDOW_MS across every sign-in and the account page, so a password thief
 * cannot start sign-in after sign-in to try more codes. Every change is audited and e-mailed to
 * the user in the same transaction.
 */
import { and, count, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { passkeys, pendingSignIns, siteSettings, users } from "../../../db/schema";
import { SETTING_KEYS } from "../../../lib/site/site-setting-keys";
import { recordAudit, type Actor } from "../../platform/audit.server";
import type { Database } from "../../platform/db/db.server";
import { getEnv } from "../../platform/env.server";
import { ExpectedError } from "../../platform/errors.server";
import { logger } from "../../platform/logger.server";
import { RateLimiter } from "../../platform/rate-limit/rate-limit.server";
import { verifyPassword } from "../passwords.server";
import { describeWait } from "../sign-in-throttle.server";
import {
  countUnusedRecoveryCodes,
  deleteRecoveryCodes,
  replaceRecoveryCodes,
  spendRecoveryCode,
} from "./recovery-codes.server";
import { open, seal } from "./secret-box.server";
import { queueSecurityMail } from "./security-mail.server";
import { matchTotpCode, newTotpSecret, totpQrSvg, totpUri } from "./totp.server";

export const MAX_WRONG_CODES = 5;
export const CODE_WINDOW_MS = 15 * 60 * 1000;

/** Wrong second-factor codes (TOTP or recovery) per account. */
export const secondFactorLimiter = new RateLimiter("second-factor-account", MAX_WRONG_CODES, CODE_WINDOW_MS);

export const WRONG_CODE = "That code is not right, or it has been used already. Try the current code.";
export const tooManyCodes = (retryAfterSeconds: number) =>
  `Too many wrong codes. Please wait ${describeWait(retryAfterSeconds)} and try again.`;

/** The injected clock and limiter of the tests; production uses the defaults. */
export interface CodeCheckOptions {
  now?: Date;
  limiter?: RateLimiter;
}

export type CodeCheck =
  | { ok: true; method: "totp" | "recovery-code" }
  | { ok: false; reason: "wrong" }
  | { ok: false; reason: "limited"; retryAfterSeconds: number };

type UserRow = typeof users.$inferSelect;

async function findUser(db: Database, userId: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

/** The issuer shown in the authenticator app: the site's host name. */
function issuer(): string {
  return new URL(getEnv().publicUrl).hostname;
}

/**
 * Checks a code given as the second step: the authenticator app's current code (once only) or one
 * of the unused recovery codes (spent by this). Wrong codes count against the account.
 */
export async function checkSecondFactorCode(
  db: Database,
  userId: string,
  code: string,
  options: CodeCheckOptions = {},
): Promise<CodeCheck> {
  const now = options.now ?? new Date();
  const limiter = options.limiter ?? secondFactorLimiter;
  const limited = await limiter.isLimited(userId);
  if (!limited.allowed) return { ok: false, reason: "limited", retryAfterSeconds: limited.retryAfterSeconds };

  const user = await findUser(db, userId);
  if (user?.totpSecret) {
    const secret = open(user.totpSecret, user.id);
    const match = secret ? await matchTotpCode(secret, code, now, user.totpLastTimeStep) : { valid: false as const };
    // The step is stored only if it is newer than the stored one, in one statement: of two
    // requests racing with the same code, one wins and the other is refused as a replay.
    if (match.valid && (await recordTimeStep(db, user.id, match.timeStep))) return { ok: true, method: "totp" };
  }
  if (user && (await spendRecoveryCode(db, user.id, code, now))) return { ok: true, method: "recovery-code" };

  const counted = await limiter.hit(userId);
  if (!counted.allowed) return { ok: false, reason: "limited", retryAfterSeconds: counted.retryAfterSeconds };
  return { ok: false, reason: "wrong" };
}

/**
 * For a sign-in that asks for the password and the code in one form (signing in again mid-edit):
 * null when the account has no second factor or the code holds, else what to answer.
 */
export async function secondFactorRefusal(
  db: Database,
  userId: string,
  code: string,
  options: CodeCheckOptions = {},
): Promise<{ status: 401 | 429; errors: Record<string, string> } | null> {
  if (!(await hasSecondFactor(db, userId))) return null;
  if (!code.trim()) {
    return { status: 401, errors: { code: "Enter the code from your authenticator app, or a recovery code." } };
  }
  const check = await checkSecondFactorCode(db, userId, code, options);
  if (check.ok) return null;
  if (check.reason === "limited") return { status: 429, errors: { code: tooManyCodes(check.retryAfterSeconds) } };
  return { status: 401, errors: { code: WRONG_CODE } };
}

async function recordTimeStep(db: Database, userId: string, timeStep: number): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ totpLastTimeStep: timeStep })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastTimeStep), lt(users.totpLastTimeStep, timeStep))))
    .returning({ id: users.id });
  return updated.length === 1;
}

/* ------------------------------------------------------------------------------------------------
 * The account page: what is set up, adding and removing the authenticator app
 * ---------------------------------------------------------------------------------------------- */

export interface TotpSetup {
  /** The secret as text, for typing into an app that cannot scan. */
  secret: string;
  uri: string;
  qrSvg: string;
}

export interface SecondFactorSummary {
  totpEnabled: boolean;
  /** An enrolment started and not yet confirmed: what the page shows to scan. */
  totpSetup: TotpSetup | null;
  recoveryCodesLeft: number;
  passkeys: { id: string; name: string; createdAt: Date; lastUsedAt: Date | null }[];
}

export async function summariseSecondFactor(db: Database, userId: string): Promise<SecondFactorSummary> {
  const user = await findUser(db, userId);
  if (!user) throw new ExpectedError("User not found.", { status: 404 });
  const pendingSecret = user.totpPendingSecret ? open(user.totpPendingSecret, user.id) : null;
  const uri = pendingSecret ? totpUri(issuer(), user.email, pendingSecret) : null;
  const keys = await db
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(passkeys.createdAt);
  return {
    totpEnabled: user.totpSecret !== null,
    totpSetup: pendingSecret && uri ? { secret: pendingSecret, uri, qrSvg: await totpQrSvg(uri) } : null,
    recoveryCodesLeft: await countUnusedRecoveryCodes(db, userId),
    passkeys: keys,
  };
}

/** Starts setting up the authenticator app: a new secret, kept encrypted until a code confirms it. */
export async function startTotpEnrolment(db: Database, user: Pick<UserRow, "id">): Promise<void> {
  const current = await findUser(db, user.id);
  if (!current) throw new ExpectedError("User not found.", { status: 404 });
  if (current.totpSecret) throw new ExpectedError("An authenticator app is already set up. Remove it first.");
  await db
    .update(users)
    .set({ totpPendingSecret: seal(newTotpSecret(), user.id) })
    .where(eq(users.id, user.id));
}

/**
 * Confirms the authenticator app with a code it shows: the secret becomes the user's second factor
 * and ten recovery codes are made. Returns the codes, readable this once.
 */
export async function confirmTotpEnrolment(
  db: Database,
  actor: Actor,
  code: string,
  options: CodeCheckOptions = {},
): Promise<string[]> {
  const now = options.now ?? new Date();
  const limiter = options.limiter ?? secondFactorLimiter;
  const user = await findUser(db, actor.id);
  const secret = user?.totpPendingSecret ? open(user.totpPendingSecret, actor.id) : null;
  if (!user || !secret) {
    throw new ExpectedError("Start the set-up again: choose Set up an authenticator app.", { field: "code" });
  }
  const limited = await limiter.isLimited(actor.id);
  if (!limited.allowed)
    throw new ExpectedError(tooManyCodes(limited.retryAfterSeconds), { status: 429, field: "code" });
  const match = await matchTotpCode(secret, code, now, null);
  if (!match.valid) {
    await limiter.hit(actor.id);
    throw new ExpectedError("That code is not right. Enter the 6-digit code your app shows now.", { field: "code" });
  }
  return db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecret: seal(secret, actor.id),
        totpEnabledAt: now,
        totpPendingSecret: null,
        // The confirming code is spent too: it cannot sign anyone in.
        totpLastTimeStep: match.timeStep,
      })
      .where(eq(users.id, actor.id));
    const codes = await replaceRecoveryCodes(tx, actor.id);
    await recordAudit(tx, actor, "user.second_factor.totp_enable", "users", actor.id, {
      backupCodesIssued: codes.length,
    });
    await queueSecurityMail(tx, user.email, { kind: "totp-enabled" });
    return codes;
  });
}

/** Abandons an enrolment that was started and not confirmed. */
export async function cancelTotpEnrolment(db: Database, user: Pick<UserRow, "id">): Promise<void> {
  await db.update(users).set({ totpPendingSecret: null }).where(eq(users.id, user.id));
}

/**
 * Removes the authenticator app and the recovery codes; proof is a current code (or a recovery
 * code) or the account's password, so a session left open is not enough.
 */
export async function disableTotp(
  db: Database,
  actor: Actor,
  proof: { code?: string; password?: string },
  options: CodeCheckOptions = {},
): Promise<void> {
  const limiter = options.limiter ?? secondFactorLimiter;
  const user = await findUser(db, actor.id);
  if (!user?.totpSecret) throw new ExpectedError("No authenticator app is set up.");
  const code = proof.code?.trim() ?? "";
  const password = proof.password ?? "";
  if (!code && !password) {
    throw new ExpectedError("Enter a code from your app or your password.", { field: "proof" });
  }
  let proven = false;
  if (code) {
    const check = await checkSecondFactorCode(db, user.id, code, options);
    if (!check.ok && check.reason === "limited") {
      throw new ExpectedError(tooManyCodes(check.retryAfterSeconds), { status: 429, field: "proof" });
    }
    proven = check.ok;
  } else {
    const limited = await limiter.isLimited(user.id);
    if (!limited.allowed)
      throw new ExpectedError(tooManyCodes(limited.retryAfterSeconds), { status: 429, field: "proof" });
    proven = await verifyPassword(user.passwordHash, password);
    if (!proven) await limiter.hit(user.id);
  }
  if (!proven) throw new ExpectedError("That code or password is not right.", { field: "proof" });
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ totpSecret: null, totpEnabledAt: null, totpLastTimeStep: null, totpPendingSecret: null })
      .where(eq(users.id, user.id));
    await deleteRecoveryCodes(tx, user.id);
    await recordAudit(tx, actor, "user.second_factor.totp_disable", "users", user.id);
    await queueSecurityMail(tx, user.email, { kind: "totp-disabled" });
  });
}

/* ------------------------------------------------------------------------------------------------
 * Administrators
 * ---------------------------------------------------------------------------------------------- */

/** An administrator removes another user's authenticator app, recovery codes and passkeys. */
export async function resetSecondFactor(db: Database, actor: Actor, userId: string): Promise<void> {
  const user = await findUser(db, userId);
  if (!user) throw new ExpectedError("User not found.", { status: 404 });
  if (user.id === actor.id) {
    throw new ExpectedError("Change your own second factor on your account page.");
  }
  if (!(await hasSecondFactor(db, user.id)) && !user.totpPendingSecret) {
    throw new ExpectedError(`${user.email} has no second factor to reset.`);
  }
  await db.transaction(async (tx) => {
    const removed = await removeSecondFactors(tx, user.id);
    // Named so that the log's secret filter (names with "totp", "passkey", "recovery") keeps them.
    await recordAudit(tx, actor, "user.second_factor.reset", "users", user.id, {
      email: user.email,
      hadAuthenticatorApp: removed.authenticatorApp,
      removedSignInKeys: removed.passkeys,
    });
    await queueSecurityMail(tx, user.email, { kind: "reset-by-administrator", by: actor.email });
  });
}

/**
 * Removes every way but the password to sign in to an account: the authenticator app (set up or
 * half set up), its recovery codes and every passkey; and any sign-in half-way through with one of
 * them, which must not finish. Nothing is then left to review. For a caller's transaction.
 */
export async function removeSecondFactors(
  tx: Database,
  userId: string,
): Promise<{ passkeys: number; authenticatorApp: boolean }> {
  const [before] = await tx.select({ totpSecret: users.totpSecret }).from(users).where(eq(users.id, userId));
  await tx
    .update(users)
    .set({
      totpSecret: null,
      totpEnabledAt: null,
      totpLastTimeStep: null,
      totpPendingSecret: null,
      securityReviewSince: null,
    })
    .where(eq(users.id, userId));
  await deleteRecoveryCodes(tx, userId);
  const removed = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id });
  await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  return { passkeys: removed.length, authenticatorApp: Boolean(before?.totpSecret) };
}

/** Whether the user has an authenticator app or at least one passkey. */
export async function hasSecondFactor(db: Database, userId: string): Promise<boolean> {
  const [user] = await db.select({ enabled: users.totpEnabledAt }).from(users).where(eq(users.id, userId));
  if (user?.enabled) return true;
  const [keys] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, userId));
  return (keys?.total ?? 0) > 0;
}

/** The ids of the users with a second factor (the Users tab's column). */
export async function usersWithSecondFactor(db: Database): Promise<Set<string>> {
  const [withTotp, withPasskeys] = await Promise.all([
    db.select({ id: users.id }).from(users).where(isNotNull(users.totpEnabledAt)),
    db.selectDistinct({ id: passkeys.userId }).from(passkeys),
  ]);
  return new Set([...withTotp, ...withPasskeys].map((row) => row.id));
}

/** Whether the site requires administrators to have a second factor (a Site Settings row). */
export async function secondFactorRequiredForAdmins(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, SETTING_KEYS.requireAdminSecondFactor));
  return row?.value === "true";
}

/** Where an administrator without a required second factor is sent. */
export const SECOND_FACTOR_SETUP_PATH = "/cms/account";

/**
 * An administrator the site requires a second factor of, who has none yet. When the database cannot
 * tell (its tables unreadable), the page goes on: it reads the same database and answers its own
 * "could not load" message, where a redirect to the account page would fail the same way.
 */
export async function mustSetUpSecondFactor(db: Database, userId: string): Promise<boolean> {
  try {
    return (await secondFactorRequiredForAdmins(db)) && !(await hasSecondFactor(db, userId));
  } catch (error) {
    logger.warn({ err: error }, "could not tell whether a second factor is required");
    return false;
  }
}

/** New recovery codes for an account with an authenticator app: the old ones stop working. Returns the new ones, readable this once. */
export async function renewRecoveryCodes(db: Database, actor: Actor): Promise<string[]> {
  const user = await findUser(db, actor.id);
  if (!user?.totpSecret) throw new ExpectedError("Recovery codes come with an authenticator app: set one up first.");
  return db.transaction(async (tx) => {
    const codes = await replaceRecoveryCodes(tx, user.id);
    await recordAudit(tx, actor, "user.second_factor.recovery_codes_renew", "users", user.id, {
      backupCodesIssued: codes.length,
    });
    await queueSecurityMail(tx, user.email, { kind: "recovery-codes-replaced" });
    return codes;
  });
}
