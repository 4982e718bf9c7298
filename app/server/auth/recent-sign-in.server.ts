/**
 * "Confirm it's you": a change to how an account signs in (its password, passkeys, authenticator
 * app, recovery codes) needs a proof of identity from the last RECENT_SIGN_IN_MS, so that a session
 * someone else got hold of (a copied cookie, an unlocked browser) cannot add its own way in. Signing
 * in is such a proof; later, the person gives it again: their password with their authenticator
 * app's code when they have one, or one of their passkeys with user verification (PIN or
 * biometric). The proof is kept on the session (`confirmedAt`), so it covers this browser only.
 */
import type { PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/server";
import { count, eq } from "drizzle-orm";
import { passkeys, sessions } from "../../db/schema";
import { RECENT_SIGN_IN_MS } from "../../lib/auth/recent-sign-in";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import {
  authenticationOptions,
  PASSKEY_FAILED,
  relyingParty,
  verifyPasskeySignIn,
} from "./second-factor/passkeys.server";
import {
  clearPendingSignInCookie,
  consumePendingSignIn,
  readPendingSignIn,
  startPendingSignIn,
} from "./second-factor/pending-sign-in.server";
import { secondFactorRefusal, type CodeCheckOptions } from "./second-factor/second-factor.server";
import type { SessionUser } from "./sessions.server";
import type { SignInThrottle } from "./sign-in-throttle.server";
import { checkCurrentPassword } from "./users.server";

export const CONFIRM_FIRST = "For your security, confirm it's you before changing how you sign in.";

/** A sensitive change refused because this session's last proof of identity is too old. */
export class ConfirmationRequired extends ExpectedError {
  constructor() {
    super(CONFIRM_FIRST, { status: 403 });
  }
}

/** How much longer this session may make sensitive changes without confirming again (0 when it must). */
export function confirmationLeftMs(current: Pick<SessionUser, "confirmedAt">, now = new Date()): number {
  return Math.max(0, current.confirmedAt.getTime() + RECENT_SIGN_IN_MS - now.getTime());
}

/** Refuses a sensitive change unless this session proved who it is within RECENT_SIGN_IN_MS. */
export function requireRecentSignIn(current: Pick<SessionUser, "confirmedAt">, now = new Date()): void {
  if (confirmationLeftMs(current, now) === 0) throw new ConfirmationRequired();
}

/** What an account can confirm with, from what it has: its password and the app's code, and/or a passkey. */
export function confirmationMethodsOf({ totp, passkeys: passkeyCount }: { totp: boolean; passkeys: number }) {
  // With passkeys and no app, the password alone would be less than a sign-in asks for.
  return { password: totp || passkeyCount === 0, code: totp, passkey: passkeyCount > 0 };
}

async function confirmationMethods(db: Database, current: SessionUser) {
  const [keys] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, current.user.id));
  return confirmationMethodsOf({ totp: current.user.totpSecret !== null, passkeys: keys?.total ?? 0 });
}

async function markConfirmed(db: Database, current: SessionUser, now: Date): Promise<number> {
  await db.update(sessions).set({ confirmedAt: now }).where(eq(sessions.id, current.sessionId));
  return RECENT_SIGN_IN_MS;
}

/**
 * Confirms with the password, and the authenticator app's code (or a recovery code) when the account
 * has one. Wrong passwords count against the sign-in form's limits, wrong codes against the
 * account's; a refusal is an ExpectedError on the field at fault. Returns the time it grants.
 */
export async function confirmWithPassword(
  db: Database,
  current: SessionUser,
  proof: { password: string; code: string },
  clientAddress: string,
  options: CodeCheckOptions & { throttle?: SignInThrottle } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const methods = await confirmationMethods(db, current);
  if (!methods.password) throw new ExpectedError("Confirm with one of your passkeys.");
  if (!proof.password) throw new ExpectedError("Enter your password.", { field: "password" });
  await checkCurrentPassword(current.user, proof.password, {
    clientAddress,
    field: "password",
    throttle: options.throttle,
  });
  // The app's code (or a recovery code), as the sign-in's second step asks it.
  const refusal = methods.code ? await secondFactorRefusal(db, current.user.id, proof.code, options) : null;
  if (refusal)
    throw new ExpectedError(refusal.errors.code!, { field: "code", status: refusal.status === 429 ? 429 : 400 });
  return markConfirmed(db, current, now);
}

/** The passkey options for confirming, limited to this account's passkeys, with the cookie that holds the challenge. */
export async function passkeyConfirmationOptions(
  db: Database,
  current: SessionUser,
  request: Request,
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; setCookie: string }> {
  if (!(await confirmationMethods(db, current)).passkey) throw new ExpectedError("You have no passkeys.");
  const options = await authenticationOptions(db, current.user.id, relyingParty(request), "required");
  const setCookie = await startPendingSignIn(db, {
    kind: "confirmation",
    userId: current.user.id,
    challenge: options.challenge,
  });
  return { options, setCookie };
}

/** Checks the passkey's signed answer (user verification required); returns the time it grants and the cookie to clear. */
export async function confirmWithPasskey(
  db: Database,
  current: SessionUser,
  request: Request,
  response: unknown,
  now = new Date(),
): Promise<{ leftMs: number; clearCookie: string }> {
  const pending = await readPendingSignIn(db, request, "confirmation", now);
  if (!pending?.challenge || pending.userId !== current.user.id || !(await consumePendingSignIn(db, pending))) {
    throw new ExpectedError("The confirmation took too long. Please try again.");
  }
  const owner = await verifyPasskeySignIn(
    db,
    { response, challenge: pending.challenge, rp: relyingParty(request), expectedUserId: current.user.id },
    now,
    { requireUserVerification: true },
  );
  if (owner !== current.user.id) throw new ExpectedError(PASSKEY_FAILED);
  return { leftMs: await markConfirmed(db, current, now), clearCookie: await clearPendingSignInCookie("confirmation") };
}
