/**
 * Ten single-use recovery codes, shown once when a second factor is set up. Each is 10
 * characters from an alphabet without look-alikes (about 49 random bits), shown as "abcde-fghjk";
 * only its SHA-256 hash is stored. A slow password hash is not needed: nobody can try 2^49
 * guesses through the sign-in, which is rate-limited, and a leaked hash of a random code this long
 * does not give the code back.
 */
import crypto from "node:crypto";
import { and, count, eq, isNull } from "drizzle-orm";
import { recoveryCodes } from "../../../db/schema";
import type { Database } from "../../platform/db/db.server";

export const RECOVERY_CODE_COUNT = 10;
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const LENGTH = 10;

function randomCode(): string {
  let code = "";
  for (let index = 0; index < LENGTH; index += 1) code += ALPHABET[crypto.randomInt(ALPHABET.length)];
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/** Case, spaces and the dash do not matter. */
export function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

export function looksLikeRecoveryCode(code: string): boolean {
  return normaliseRecoveryCode(code).length === LENGTH;
}

function hashCode(code: string): string {
  return crypto.createHash("sha256").update(normaliseRecoveryCode(code)).digest("hex");
}

/** Replaces the user's codes with ten new ones; returns them (the only time they are readable). */
export async function replaceRecoveryCodes(db: Database, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, randomCode);
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await db.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes;
}

/** Spends a code: true once for each of the user's unused codes, false for anything else. */
export async function spendRecoveryCode(
  db: Database,
  userId: string,
  code: string,
  now = new Date(),
): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  // One statement: of two requests racing with the same code, only one finds it unused.
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, hashCode(code)), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

export async function countUnusedRecoveryCodes(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.left ?? 0;
}

export async function deleteRecoveryCodes(db: Database, userId: string): Promise<void> {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}
