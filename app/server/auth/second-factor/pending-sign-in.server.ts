/**
 * A sign-in between its steps: not a session, but a short-lived, single-use record of
 * "this browser gave the right password for this account" (or "asked to sign in with a passkey",
 * or "is registering a passkey"). The browser holds a random token in an HttpOnly cookie, the
 * database only its hash, as with sessions; the record expires after PENDING_SIGN_IN_MS, counts
 * wrong codes and is deleted when it has been used.
 */
import { and, eq, lt, sql } from "drizzle-orm";
import { pendingSignIns } from "../../../db/schema";
import type { PendingSignInKind } from "../../../lib/enums";
import type { Database } from "../../platform/db/db.server";
import type { SiteCookieName } from "../../platform/http/site-cookies.server";
import type { SignInNotice } from "../failed-sign-ins.server";
import { hashToken } from "../sessions.server";
import { newToken, readToken, tokenCookie } from "../token-cookie.server";

/** Long enough to open an authenticator app or find a recovery code, short enough to be no session. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** Wrong codes one pending sign-in takes before it is spent (the account has its own limit too). */
export const MAX_ATTEMPTS_PER_SIGN_IN = 5;

export type PendingSignIn = typeof pendingSignIns.$inferSelect;

/** Signing in (either way) shares a cookie; what a signed-in user does has its own, so no tab disturbs another. */
const COOKIE_NAMES: Record<PendingSignInKind, SiteCookieName> = {
  second_factor: "pending-sign-in",
  passkey: "pending-sign-in",
  passkey_registration: "passkey-registration",
  confirmation: "identity-confirmation",
};

function cookieFor(kind: PendingSignInKind) {
  return tokenCookie(COOKIE_NAMES[kind], { maxAge: PENDING_SIGN_IN_MS / 1000 });
}

/** Starts one; returns the Set-Cookie value that hands its token to the browser. */
export async function startPendingSignIn(
  db: Database,
  values: {
    kind: PendingSignInKind;
    userId?: string | null;
    challenge?: string | null;
    redirectTo?: string | null;
    signInNotice?: SignInNotice | null;
  },
  now = new Date(),
): Promise<string> {
  // A cheap moment to forget abandoned ones.
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, now));
  const token = newToken();
  await db.insert(pendingSignIns).values({
    tokenHash: hashToken(token),
    kind: values.kind,
    userId: values.userId ?? null,
    challenge: values.challenge ?? null,
    redirectTo: values.redirectTo ?? null,
    signInNotice: values.signInNotice ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + PENDING_SIGN_IN_MS),
  });
  return cookieFor(values.kind).serialize(token);
}

/** This browser's live pending sign-in of that kind, or null (an expired one is deleted). */
export async function readPendingSignIn(
  db: Database,
  request: Request,
  kind: PendingSignInKind,
  now = new Date(),
): Promise<PendingSignIn | null> {
  const token = await readToken(cookieFor(kind), request);
  if (!token) return null;
  const [row] = await db
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, hashToken(token)), eq(pendingSignIns.kind, kind)));
  if (!row) return null;
  if (row.expiresAt <= now || row.attempts >= MAX_ATTEMPTS_PER_SIGN_IN) {
    await db.delete(pendingSignIns).where(eq(pendingSignIns.id, row.id));
    return null;
  }
  return row;
}

/** Counts a wrong code; returns how many this pending sign-in has left. */
export async function countWrongCode(db: Database, pending: PendingSignIn): Promise<number> {
  const [row] = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(eq(pendingSignIns.id, pending.id))
    .returning({ attempts: pendingSignIns.attempts });
  return MAX_ATTEMPTS_PER_SIGN_IN - (row?.attempts ?? MAX_ATTEMPTS_PER_SIGN_IN);
}

/** Keeps the WebAuthn challenge just handed to the browser. */
export async function setChallenge(db: Database, pending: PendingSignIn, challenge: string): Promise<void> {
  await db.update(pendingSignIns).set({ challenge }).where(eq(pendingSignIns.id, pending.id));
}

/**
 * Uses it up. True for exactly one caller: of two requests racing with the same token, only the
 * one whose delete found the row goes on to sign in.
 */
export async function consumePendingSignIn(db: Database, pending: PendingSignIn): Promise<boolean> {
  const deleted = await db
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.id, pending.id))
    .returning({ id: pendingSignIns.id });
  return deleted.length === 1;
}

/** The Set-Cookie value that removes the cookie of that kind. */
export function clearPendingSignInCookie(kind: PendingSignInKind): Promise<string> {
  return cookieFor(kind).serialize("", { maxAge: 0 });
}
