/**
 * "Forgot password?" (OWASP Forgot Password Cheat Sheet). Anyone may ask for a link for
 * an address; the answer is always the same (RESET_REQUESTED_MESSAGE, 200) and comes as fast
 * whether or not the address has an account, because the answer waits only for what is the same
 * for every address: the form's check and the limits per address and per client. Looking the
 * account up, making the link, queueing its mail and the audit entry happen after the answer
 * (`later`), so neither the text, the status nor the time tells who has an account. Deactivated
 * accounts get no link.
 *
 * The link (account-tokens.server.ts) works once, for PASSWORD_RESET_LIFETIME_MS. Choosing a new
 * password with it ends every session of the account and spends every other reset link of it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { accountTokens } from "../../db/schema";
import { RESET_REQUESTED_MESSAGE } from "../../lib/auth/account-links";
import { forgotPasswordSchema } from "../../lib/schemas/account-links";
import { fieldErrors } from "../../lib/schemas/field-errors";
import { auditedChange, recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { kickMailDelivery } from "../platform/mail/delivery.server";
import { queueMail } from "../platform/mail/outbox.server";
import { RateLimiter, type RateLimitResult, type RateLimitStore } from "../platform/rate-limit/rate-limit.server";
import { accountMailContext, composePasswordResetMail, type AccountMailContext } from "./account-mail.server";
import { startSecurityReview } from "./account-recovery.server";
import {
  deleteSpentAccountTokens,
  findUsableToken,
  issueAccountToken,
  spendAccountToken,
} from "./account-tokens.server";
import { assertAcceptablePassword } from "./password-policy.server";
import { queueSecurityMail } from "./second-factor/security-mail.server";
import { deleteUserSessions } from "./sessions.server";
import { describeWait } from "./sign-in-throttle.server";
import { findUserByEmail, findUserById, setUserPassword, type PublicUser } from "./users.server";

const MINUTE = 60_000;

/**
 * Requests per address asked about and per client, each in a 15-minute window: enough for a person
 * whose first mail is slow, too few to fill someone's mailbox or to use the form as a mail cannon.
 * Both count every request, for addresses with and without an account alike.
 */
export class ResetRequestLimits {
  readonly email: RateLimiter;
  readonly client: RateLimiter;

  /** @param store a store of its own (tests); otherwise the process's */
  constructor(store?: RateLimitStore) {
    this.email = new RateLimiter("password-reset-email", 3, 15 * MINUTE, store);
    this.client = new RateLimiter("password-reset-client", 20, 15 * MINUTE, store);
  }

  /** Counts the request against both; refused when either is used up (the longer wait is told). */
  async hit(email: string, clientAddress: string): Promise<RateLimitResult> {
    const results = await Promise.all([this.email.hit(email), this.client.hit(clientAddress)]);
    const refused = results.filter((result) => !result.allowed);
    if (refused.length === 0) return { allowed: true, retryAfterSeconds: 0 };
    return { allowed: false, retryAfterSeconds: Math.max(...refused.map((result) => result.retryAfterSeconds)) };
  }
}

/** The process's limits, counting in the store the database module chose. */
export const resetRequestLimits = new ResetRequestLimits();

export function tooManyResetRequests(retryAfterSeconds: number): string {
  return `Too many requests for a reset link. Please wait ${describeWait(retryAfterSeconds)} and try again.`;
}

export type ResetRequestResult =
  | { ok: true; message: string }
  | { ok: false; status: 400 | 429; errors: Record<string, string>; retryAfterSeconds?: number };

export interface ResetRequestOptions {
  limits?: ResetRequestLimits;
  /**
   * Runs the work that depends on whether the account exists, after the answer. By default on
   * the next turn of the event loop, its failure logged; tests pass one that holds the work.
   */
  later?: (work: () => Promise<void>) => void;
  now?: Date;
  mailContext?: AccountMailContext;
}

function afterTheAnswer(work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((error: unknown) => logger.error({ err: error }, "could not send a password reset link"));
  });
}

/** A "Forgot password?" request: the same answer for every well-formed address that is not limited. */
export async function requestPasswordReset(
  db: Database,
  input: { email: unknown },
  clientAddress: string,
  options: ResetRequestOptions = {},
): Promise<ResetRequestResult> {
  const parsed = forgotPasswordSchema.safeParse(input);
  if (!parsed.success) return { ok: false, status: 400, errors: fieldErrors(parsed.error) };
  const { email } = parsed.data;
  const limited = await (options.limits ?? resetRequestLimits).hit(email, clientAddress);
  if (!limited.allowed) {
    return {
      ok: false,
      status: 429,
      errors: { form: tooManyResetRequests(limited.retryAfterSeconds) },
      retryAfterSeconds: limited.retryAfterSeconds,
    };
  }
  (options.later ?? afterTheAnswer)(() => sendResetLink(db, email, clientAddress, options));
  return { ok: true, message: RESET_REQUESTED_MESSAGE };
}

/**
 * The work after the answer: for an active account, a new link, its mail and the audit entry in
 * one transaction; for a deactivated one only the audit entry; for an unknown address nothing.
 */
export async function sendResetLink(
  db: Database,
  email: string,
  clientAddress: string,
  options: Pick<ResetRequestOptions, "now" | "mailContext"> = {},
): Promise<void> {
  const now = options.now ?? new Date();
  const user = await findUserByEmail(db, email);
  if (!user) return;
  // The account's own history says a link was asked for, and from where (the owner may need to know).
  if (!user.isActive) {
    await recordAudit(db, user, "user.password_reset_request", "users", user.id, {
      from: clientAddress,
      sent: false,
      reason: "deactivated",
    });
    return;
  }
  const context = options.mailContext ?? (await accountMailContext(db));
  await auditedChange(
    db,
    user,
    async (tx) => {
      await deleteSpentAccountTokens(tx, now);
      const { token, row } = await issueAccountToken(tx, { kind: "password_reset", userId: user.id }, now);
      await queueMail(tx, composePasswordResetMail(user.email, token, context));
      return row;
    },
    (row) => ({
      action: "user.password_reset_request",
      entity: "users",
      entityId: user.id,
      details: { from: clientAddress, sent: true, linkId: row.id, expiresAt: row.expiresAt.toISOString() },
    }),
  );
  void kickMailDelivery();
}

/** The account a reset link belongs to, if the link can still be used and the account is active. */
export async function findResetAccount(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ email: string } | undefined> {
  const row = await findUsableToken(db, "password_reset", token, now);
  const user = row?.userId ? await findUserById(db, row.userId) : undefined;
  return user?.isActive ? { email: user.email } : undefined;
}

/**
 * Sets the new password with a reset link: the link spent, the password set, every session of the
 * account ended, its other reset links spent and the audit entry, all or nothing. Undefined when
 * the link cannot be used (whatever the reason); a password the policy refuses is an
 * ExpectedError on `password` and leaves the link unused. The caller signs this browser in afresh.
 */
export async function resetPasswordWithLink(
  db: Database,
  token: string,
  password: string,
  now = new Date(),
): Promise<PublicUser | undefined> {
  // A look first, so a dead link costs no password check and no hashing.
  const account = await findResetAccount(db, token, now);
  if (!account) return undefined;
  await assertAcceptablePassword(password, { field: "password", userInputs: [account.email] });
  return db.transaction(async (tx) => {
    const spent = await spendAccountToken(tx, "password_reset", token, now);
    if (!spent?.userId) return undefined;
    const user = await findUserById(tx, spent.userId);
    // Deactivated a moment ago: the link is spent and changes nothing.
    if (!user?.isActive) return undefined;
    await setUserPassword(tx, user.id, password);
    await deleteUserSessions(tx, user.id);
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(eq(accountTokens.kind, "password_reset"), eq(accountTokens.userId, user.id), isNull(accountTokens.usedAt)),
      );
    await startSecurityReview(tx, user.id, now);
    await recordAudit(tx, user, "user.password_reset_by_link", "users", user.id, { linkId: spent.id });
    await queueSecurityMail(tx, user.email, { kind: "password-reset-by-link" });
    return { id: user.id, email: user.email, role: user.role, isActive: user.isActive, createdAt: user.createdAt };
  });
}
