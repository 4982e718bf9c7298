/**
 * Single-use links into the CMS: invitations and password resets. A link carries a
 * random 256-bit token, written in lower-case hex because the site's addresses are lower-case (the
 * canonical-address redirect would change any capital) and because people and mail programs
 * copy such links safely; the database keeps only its SHA-256 hash (as for sessions), so neither a
 * leaked backup nor an administrator reading the table can use a link. A token is spent by one
 * UPDATE that sets used_at only while it is unused and unexpired and returns the row: of two
 * requests racing with the same link, exactly one gets the row back (on PostgreSQL the second
 * waits for the first's row lock, then finds used_at set).
 *
 * How long links work is in app/lib/auth/account-links.ts; what a link is for is invitations.server.ts
 * and password-reset.server.ts. Every function takes the time to act at, so tests move a clock.
 */
import crypto from "node:crypto";
import { and, eq, gt, isNotNull, isNull, lt, or } from "drizzle-orm";
import { accountTokens } from "../../db/schema";
import { INVITATION_LIFETIME_MS, PASSWORD_RESET_LIFETIME_MS } from "../../lib/auth/account-links";
import type { AccountTokenKind, UserRole } from "../../lib/enums";
import type { Database } from "../platform/db/db.server";
import { hashToken } from "./sessions.server";

export type AccountToken = typeof accountTokens.$inferSelect;

/** How long a link of each kind works. */
export const TOKEN_LIFETIME_MS: Record<AccountTokenKind, number> = {
  invitation: INVITATION_LIFETIME_MS,
  password_reset: PASSWORD_RESET_LIFETIME_MS,
};

/** Spent and expired links are deleted this long after they ended (they hold an invited e-mail). */
export const SPENT_TOKEN_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** 32 random bytes as 64 lower-case hex digits. */
function newLinkToken(): string {
  return crypto.randomBytes(32).toString("hex");
}

/** What newLinkToken() makes. Anything else is no link, without a query. */
const TOKEN_FORMAT = /^[0-9a-f]{64}$/;

export function isTokenShaped(token: string): boolean {
  return TOKEN_FORMAT.test(token);
}

export type NewAccountToken =
  | { kind: "invitation"; email: string; role: UserRole; createdBy: string | null }
  | { kind: "password_reset"; userId: string };

/**
 * Stores a new link and returns its token, which exists only in the caller's hands (and the mail
 * it goes into) from here on.
 */
export async function issueAccountToken(
  db: Database,
  target: NewAccountToken,
  now = new Date(),
): Promise<{ token: string; row: AccountToken }> {
  const token = newLinkToken();
  const [row] = await db
    .insert(accountTokens)
    .values({
      kind: target.kind,
      tokenHash: hashToken(token),
      ...(target.kind === "invitation"
        ? { email: target.email, role: target.role, createdBy: target.createdBy }
        : { userId: target.userId }),
      createdAt: now,
      expiresAt: new Date(now.getTime() + TOKEN_LIFETIME_MS[target.kind]),
    })
    .returning();
  if (!row) throw new Error("The link was not stored");
  return { token, row };
}

/**
 * Gives an unused link a new token and a new expiry (an invitation sent again): the old token
 * stops working at once. Returns undefined when the link is gone or was used meanwhile.
 */
export async function renewAccountToken(
  db: Database,
  id: string,
  now = new Date(),
): Promise<{ token: string; row: AccountToken } | undefined> {
  const token = newLinkToken();
  const [current] = await db.select({ kind: accountTokens.kind }).from(accountTokens).where(eq(accountTokens.id, id));
  if (!current) return undefined;
  const lifetime = TOKEN_LIFETIME_MS[current.kind as AccountTokenKind];
  const [row] = await db
    .update(accountTokens)
    .set({ tokenHash: hashToken(token), createdAt: now, expiresAt: new Date(now.getTime() + lifetime) })
    .where(and(eq(accountTokens.id, id), isNull(accountTokens.usedAt)))
    .returning();
  return row ? { token, row } : undefined;
}

/** The usable link of this kind with this token, without spending it (the page before the form). */
export async function findUsableToken(
  db: Database,
  kind: AccountTokenKind,
  token: string,
  now = new Date(),
): Promise<AccountToken | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    );
  return row;
}

/**
 * Spends the link: the row if this call was the one that used it, undefined if it is unknown, of
 * another kind, used (by anyone, a moment ago included) or expired. One statement, so it is atomic
 * on its own; callers run it inside the transaction of what the link does, so that if that fails
 * the link stays unused.
 */
export async function spendAccountToken(
  db: Database,
  kind: AccountTokenKind,
  token: string,
  now = new Date(),
): Promise<AccountToken | undefined> {
  if (!isTokenShaped(token)) return undefined;
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.tokenHash, hashToken(token)),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/**
 * Forgets links that ended (used or expired) over SPENT_TOKEN_RETENTION_MS ago: called whenever a
 * link is made, a cheap moment, so an invited e-mail is not kept for ever.
 */
export async function deleteSpentAccountTokens(db: Database, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - SPENT_TOKEN_RETENTION_MS);
  await db
    .delete(accountTokens)
    .where(
      or(and(isNotNull(accountTokens.usedAt), lt(accountTokens.usedAt, cutoff)), lt(accountTokens.expiresAt, cutoff)),
    );
}
