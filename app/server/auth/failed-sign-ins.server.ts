/**
 * Wrong passwords given for an account, kept on its row so that its owner learns of them at their
 * next sign-in: how many since their last visit, and when and from where the latest
 * came. One counter per account, not a row per attempt, so an attacker cannot grow the database.
 */
import { eq, sql } from "drizzle-orm";
import { users } from "../../db/schema";
import type { Database } from "../platform/db/db.server";

/** What a session shows its user; dates as ISO text, as they are stored in the session row. */
export interface SignInNotice {
  count: number;
  lastAt: string;
  lastFrom: string | null;
}

/** Client addresses are at most an IPv6 address with a zone; anything longer is cut. */
const MAX_ADDRESS_LENGTH = 64;

export async function recordFailedSignIn(
  db: Database,
  userId: string,
  clientAddress: string,
  now = new Date(),
): Promise<void> {
  await db
    .update(users)
    .set({
      failedSignIns: sql`${users.failedSignIns} + 1`,
      lastFailedSignInAt: now,
      lastFailedSignInFrom: clientAddress.slice(0, MAX_ADDRESS_LENGTH) || null,
    })
    .where(eq(users.id, userId));
}

/** At a sign-in: the failures since the last one (null if none), and the count starts again. */
export async function takeFailedSignIns(db: Database, userId: string): Promise<SignInNotice | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        count: users.failedSignIns,
        lastAt: users.lastFailedSignInAt,
        lastFrom: users.lastFailedSignInFrom,
      })
      .from(users)
      .where(eq(users.id, userId))
      .for("update");
    if (!row || row.count === 0 || !row.lastAt) return null;
    await tx
      .update(users)
      .set({ failedSignIns: 0, lastFailedSignInAt: null, lastFailedSignInFrom: null })
      .where(eq(users.id, userId));
    return { count: row.count, lastAt: row.lastAt.toISOString(), lastFrom: row.lastFrom };
  });
}
