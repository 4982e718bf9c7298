/**
 * Sign-in sessions: a random 256-bit token in an HttpOnly cookie; the database keeps only its
 * SHA-256 hash. A session ends after SESSION_IDLE_MS without use or SESSION_MAX_AGE_MS after
 * sign-in, whichever comes first, and when its user signs out, changes password or is deactivated.
 */
import crypto from "node:crypto";
import { and, count, eq, gt, lt, ne, or } from "drizzle-orm";
import { sessions, users } from "../../db/schema";
import type { Database } from "../platform/db/db.server";
import type { SignInNotice } from "./failed-sign-ins.server";
import { newToken, readToken, tokenCookie } from "./token-cookie.server";

export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_MAX_AGE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reading pages does not mean a write each time. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The session cookie: `session` (`__Host-session` over HTTPS), for as long as a session can last. */
function sessionCookie() {
  return tokenCookie("session", { maxAge: SESSION_MAX_AGE_MS / 1000 });
}

/** Starts a session; returns the Set-Cookie header value that hands its token to the browser. */
export async function createSession(
  db: Database,
  userId: string,
  userAgent: string | null,
  now = new Date(),
  signInNotice: SignInNotice | null = null,
): Promise<string> {
  const token = newToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: hashToken(token),
    createdAt: now,
    confirmedAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_MAX_AGE_MS),
    userAgent: userAgent?.slice(0, 300) ?? null,
    signInNotice,
  });
  return sessionCookie().serialize(token);
}

/** The Set-Cookie header value that removes the session cookie. */
export function clearSessionCookie(): Promise<string> {
  return sessionCookie().serialize("", { maxAge: 0 });
}

export interface SessionUser {
  sessionId: string;
  // The row as the schema defines it (users.server.ts names it User; it imports this module).
  user: typeof users.$inferSelect;
  /** The failed sign-ins its user had not seen when this session began (shown in the CMS). */
  signInNotice: SignInNotice | null;
  /** When the person last proved who they are in this session (its sign-in or a later confirmation). */
  confirmedAt: Date;
}

/** The signed-in, active user of this request, or null; an expired session is deleted. */
export async function getSessionUser(db: Database, request: Request, now = new Date()): Promise<SessionUser | null> {
  const token = await readToken(sessionCookie(), request);
  if (!token) return null;
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) return null;
  const { session, user } = row;
  const idleSince = now.getTime() - session.lastSeenAt.getTime();
  const expired = session.expiresAt <= now || idleSince > SESSION_IDLE_MS;
  // A session that began before the password changed belongs to whoever knew the old password.
  const stale = session.createdAt < user.passwordChangedAt;
  if (expired || stale || !user.isActive) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (idleSince > TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id));
  }
  return { sessionId: session.id, user, signInNotice: session.signInNotice ?? null, confirmedAt: session.confirmedAt };
}

export async function deleteSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user, except optionally the one making the request; returns how many ended. */
export async function deleteUserSessions(db: Database, userId: string, exceptSessionId?: string): Promise<number> {
  const condition = exceptSessionId
    ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
    : eq(sessions.userId, userId);
  const ended = await db.delete(sessions).where(condition).returning({ id: sessions.id });
  return ended.length;
}

/** How many live sessions a user has besides this one (the account page's "signed in elsewhere"). */
export async function countOtherSessions(
  db: Database,
  userId: string,
  sessionId: string,
  now = new Date(),
): Promise<number> {
  const [row] = await db
    .select({ total: count() })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        ne(sessions.id, sessionId),
        gt(sessions.expiresAt, now),
        gt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS)),
      ),
    );
  return row?.total ?? 0;
}

export async function deleteExpiredSessions(db: Database, now = new Date()): Promise<void> {
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
}
