/**
 * What follows a successful sign-in, wherever it happened (the sign-in card, or the dialog that
 * asks for the password again mid-edit): a new session, and the cookie that carries it.
 */
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { getCurrentUser } from "./guards.server";
import { createSession, deleteExpiredSessions, deleteSession } from "./sessions.server";
import type { SignInResult } from "./sign-in.server";

/** Returns the Set-Cookie value of the new session. */
export async function startSession(
  db: Database,
  request: Request,
  signedIn: Extract<SignInResult, { ok: true }>,
  intent: string,
): Promise<string> {
  // A new session on every sign-in: whatever token this browser held before is thrown away.
  const previous = await getCurrentUser(request);
  if (previous) await deleteSession(db, previous.sessionId);
  // Sign-ins are rare, so this is a cheap moment to clear sessions that have expired.
  await deleteExpiredSessions(db);
  const cookie = await createSession(
    db,
    signedIn.user.id,
    request.headers.get("User-Agent"),
    new Date(),
    signedIn.failedSignIns ?? null,
  );
  logger.info({ userId: signedIn.user.id, intent }, "signed in");
  return cookie;
}
