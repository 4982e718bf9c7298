/**
 * Taking an account back. A password change or reset and "sign out everywhere" end the other
 * sessions, but a passkey or an authenticator app that someone else added while they had a session
 * would still sign them in. So each of these marks the account for review (`securityReviewSince`)
 * when such a method exists, and the account page offers, in one click, to remove them all; or to
 * keep them, which ends the review.
 */
import { and, eq, isNotNull } from "drizzle-orm";
import { users } from "../../db/schema";
import { recordAudit, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { hasSecondFactor, removeSecondFactors } from "./second-factor/second-factor.server";
import { queueSecurityMail } from "./second-factor/security-mail.server";
import { deleteUserSessions, type SessionUser } from "./sessions.server";

/** Marks the account for review when anything but the password can sign in to it. For a caller's transaction. */
export async function startSecurityReview(tx: Database, userId: string, now = new Date()): Promise<void> {
  if (!(await hasSecondFactor(tx, userId))) return;
  await tx.update(users).set({ securityReviewSince: now }).where(eq(users.id, userId));
}

/** Ends every session of this user but the one asking; returns how many ended. */
export async function signOutEverywhere(db: Database, current: SessionUser): Promise<number> {
  const { user } = current;
  return db.transaction(async (tx) => {
    const ended = await deleteUserSessions(tx, user.id, current.sessionId);
    await startSecurityReview(tx, user.id);
    await recordAudit(tx, user, "user.sign_out_everywhere", "users", user.id, { sessionsEnded: ended });
    await queueSecurityMail(tx, user.email, { kind: "signed-out-everywhere", sessions: ended });
    return ended;
  });
}

/** The owner removes every passkey and the authenticator app with its recovery codes. */
export async function removeAllSignInMethods(
  db: Database,
  actor: Actor,
): Promise<{ passkeys: number; authenticatorApp: boolean }> {
  if (!(await hasSecondFactor(db, actor.id))) {
    throw new ExpectedError("You have no passkeys or authenticator app to remove.");
  }
  return db.transaction(async (tx) => {
    const removed = await removeSecondFactors(tx, actor.id);
    // Named so that the log's secret filter (names with "totp", "passkey", "recovery") keeps them.
    await recordAudit(tx, actor, "user.second_factor.remove_all", "users", actor.id, {
      hadAuthenticatorApp: removed.authenticatorApp,
      removedSignInKeys: removed.passkeys,
    });
    await queueSecurityMail(tx, actor.email, { kind: "all-removed", ...removed });
    return removed;
  });
}

/** The owner keeps their passkeys and authenticator app: the review ends (nothing happens when none was open). */
export async function keepSignInMethods(db: Database, actor: Actor): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx
      .update(users)
      .set({ securityReviewSince: null })
      .where(and(eq(users.id, actor.id), isNotNull(users.securityReviewSince)))
      .returning({ id: users.id });
    if (ended.length) await recordAudit(tx, actor, "user.second_factor.review_keep", "users", actor.id);
  });
}
