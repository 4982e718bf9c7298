/**
 * The sign-in's second step. After the right password, an account with a second factor
 * gets a pending sign-in instead of a session; the session starts only when a TOTP code, a
 * recovery code or one of its passkeys answers, and the pending sign-in is spent. A passkey can
 * also sign in without the password (its own pending sign-in holds the challenge).
 */
import { count, eq } from "drizzle-orm";
import { passkeys } from "../../../db/schema";
import type { PendingSignInKind } from "../../../lib/enums";
import type { Database } from "../../platform/db/db.server";
import { takeFailedSignIns, type SignInNotice } from "../failed-sign-ins.server";
import { startSession } from "../start-session.server";
import { findUserById, type PublicUser } from "../users.server";
import { authenticationOptions, PASSKEY_FAILED, relyingParty, verifyPasskeySignIn } from "./passkeys.server";
import {
  clearPendingSignInCookie,
  consumePendingSignIn,
  countWrongCode,
  readPendingSignIn,
  setChallenge,
  startPendingSignIn,
  type PendingSignIn,
} from "./pending-sign-in.server";
import {
  checkSecondFactorCode,
  hasSecondFactor,
  tooManyCodes,
  WRONG_CODE,
  type CodeCheckOptions,
} from "./second-factor.server";

export const SIGN_IN_EXPIRED = "Your sign-in has expired. Please enter your e-mail and password again.";

export type StepResult =
  | { ok: true; redirectTo: string; setCookies: string[] }
  | { ok: false; status: 400 | 401 | 429; errors: Record<string, string>; expired?: boolean; setCookies?: string[] };

/** After the right password: the Set-Cookie of a pending sign-in when the account has a second factor, else null. */
export async function startSecondStepIfNeeded(
  db: Database,
  signedIn: { user: PublicUser; failedSignIns?: SignInNotice | null },
  redirectTo: string,
): Promise<string | null> {
  if (!(await hasSecondFactor(db, signedIn.user.id))) return null;
  return startPendingSignIn(db, {
    kind: "second_factor",
    userId: signedIn.user.id,
    redirectTo,
    signInNotice: signedIn.failedSignIns ?? null,
  });
}

/** The second step this browser is at: its pending sign-in and what the account can answer with. */
export async function readSecondStep(db: Database, request: Request) {
  const pending = await readPendingSignIn(db, request, "second_factor");
  if (!pending?.userId) return null;
  const user = await findUserById(db, pending.userId);
  if (!user?.isActive) return null;
  const [keys] = await db.select({ total: count() }).from(passkeys).where(eq(passkeys.userId, user.id));
  return { pending, user, totp: user.totpSecret !== null, passkeys: keys?.total ?? 0 };
}

async function finish(
  db: Database,
  request: Request,
  pending: PendingSignIn,
  userId: string,
  intent: string,
): Promise<StepResult> {
  const expired: StepResult = { ok: false, status: 401, errors: { form: SIGN_IN_EXPIRED }, expired: true };
  // Spent first: of two answers racing with one pending sign-in, only one starts a session.
  if (!(await consumePendingSignIn(db, pending))) return expired;
  const user = await findUserById(db, userId);
  if (!user?.isActive) return expired;
  const publicUser = {
    id: user.id,
    email: user.email,
    role: user.role,
    isActive: user.isActive,
    createdAt: user.createdAt,
  };
  // A password-less sign-in has not taken the failed sign-ins yet; the second step took them with the password.
  const failedSignIns = pending.kind === "passkey" ? await takeFailedSignIns(db, user.id) : pending.signInNotice;
  const session = await startSession(db, request, { ok: true, user: publicUser, failedSignIns }, intent);
  return {
    ok: true,
    redirectTo: pending.redirectTo ?? "/cms",
    setCookies: [session, await clearPendingSignInCookie(pending.kind as PendingSignInKind)],
  };
}

/** The second step answered with a TOTP code or a recovery code. */
export async function answerWithCode(
  db: Database,
  request: Request,
  code: string,
  options: CodeCheckOptions = {},
): Promise<StepResult> {
  const pending = await readPendingSignIn(db, request, "second_factor", options.now);
  if (!pending?.userId) return { ok: false, status: 401, errors: { form: SIGN_IN_EXPIRED }, expired: true };
  if (!code.trim())
    return { ok: false, status: 400, errors: { code: "Enter the code from your app or a recovery code." } };
  const check = await checkSecondFactorCode(db, pending.userId, code, options);
  if (check.ok) return finish(db, request, pending, pending.userId, check.method === "totp" ? "totp" : "recovery code");
  if (check.reason === "limited") {
    return { ok: false, status: 429, errors: { code: tooManyCodes(check.retryAfterSeconds) } };
  }
  const left = await countWrongCode(db, pending);
  if (left <= 0) {
    return {
      ok: false,
      status: 401,
      errors: { form: "Too many wrong codes for this sign-in. Please sign in again." },
      expired: true,
      setCookies: [await clearPendingSignInCookie("second_factor")],
    };
  }
  return { ok: false, status: 401, errors: { code: WRONG_CODE } };
}

/**
 * The passkey options for this browser's sign-in: the second step's (its user's passkeys), or a new
 * password-less sign-in (any discoverable passkey), whose cookie is returned to set.
 */
export async function passkeyChallenge(
  db: Database,
  request: Request,
  mode: "second-step" | "password-less",
  redirectTo = "/cms",
) {
  const rp = relyingParty(request);
  if (mode === "second-step") {
    const pending = await readPendingSignIn(db, request, "second_factor");
    if (!pending?.userId) return null;
    const options = await authenticationOptions(db, pending.userId, rp);
    await setChallenge(db, pending, options.challenge);
    return { options, setCookie: null };
  }
  const options = await authenticationOptions(db, null, rp);
  const setCookie = await startPendingSignIn(db, { kind: "passkey", challenge: options.challenge, redirectTo });
  return { options, setCookie };
}

/** The browser's signed answer to the passkey challenge: the session, or a refusal that changes nothing. */
export async function answerWithPasskey(
  db: Database,
  request: Request,
  response: unknown,
  mode: "second-step" | "password-less",
): Promise<StepResult> {
  const kind = mode === "second-step" ? "second_factor" : "passkey";
  const pending = await readPendingSignIn(db, request, kind);
  if (!pending?.challenge) return { ok: false, status: 401, errors: { form: SIGN_IN_EXPIRED }, expired: true };
  const userId = await verifyPasskeySignIn(db, {
    response,
    challenge: pending.challenge,
    rp: relyingParty(request),
    expectedUserId: pending.userId,
  });
  if (!userId) {
    if (mode === "second-step") await countWrongCode(db, pending);
    return { ok: false, status: 401, errors: { form: PASSKEY_FAILED } };
  }
  return finish(db, request, pending, userId, mode === "second-step" ? "passkey" : "passkey without password");
}
