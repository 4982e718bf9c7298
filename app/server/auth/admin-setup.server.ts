/**
 * First run: while no administrator exists, the first one is created in the browser with a
 * one-time code that the server prints in its log at start, so that nobody who merely finds a
 * freshly deployed site can claim it. Only the code's hash is stored.
 */
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { adminSetup } from "../../db/schema";
import type { Database } from "../platform/db/db.server";
import { countActiveAdmins } from "./users.server";
import { hashToken } from "./sessions.server";

/** Without look-alike characters (0/O, 1/I/L), so it can be read from a log and typed. */
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function generateCode(): string {
  const bytes = crypto.randomBytes(12);
  const characters = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `${characters.slice(0, 4)}-${characters.slice(4, 8)}-${characters.slice(8, 12)}`;
}

function normaliseCode(code: string): string {
  return code.trim().toUpperCase().replace(/\s+/g, "");
}

export async function adminExists(db: Database): Promise<boolean> {
  return (await countActiveAdmins(db)) > 0;
}

/** At start: a new code when no administrator exists (returned, for the log), otherwise none. */
export async function issueSetupCode(db: Database): Promise<string | null> {
  if (await adminExists(db)) {
    await db.delete(adminSetup);
    return null;
  }
  const code = generateCode();
  const codeHash = hashToken(normaliseCode(code));
  await db
    .insert(adminSetup)
    .values({ id: 1, codeHash })
    .onConflictDoUpdate({ target: adminSetup.id, set: { codeHash, createdAt: new Date() } });
  return code;
}

/** Whether the code is the current one; compared by hash, in constant time. */
export async function checkSetupCode(db: Database, code: string): Promise<boolean> {
  const [row] = await db.select().from(adminSetup).where(eq(adminSetup.id, 1));
  if (!row) return false;
  const given = Buffer.from(hashToken(normaliseCode(code)));
  const stored = Buffer.from(row.codeHash);
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** Forgets the code whatever it is (an administrator was made another way, e.g. `npm run admin:create`). */
export async function clearSetupCode(db: Database): Promise<void> {
  await db.delete(adminSetup);
}

/**
 * Spends the code: deletes its row only if it still holds this code, and says whether it did. Run
 * inside the transaction that creates the administrator, this is what makes the code single-use
 * under concurrency: of several requests racing with the right code, PostgreSQL lets one delete
 * the row and the others (blocked on its row lock, then re-checking) find nothing to delete.
 */
export async function consumeSetupCode(db: Database, code: string): Promise<boolean> {
  const deleted = await db
    .delete(adminSetup)
    .where(and(eq(adminSetup.id, 1), eq(adminSetup.codeHash, hashToken(normaliseCode(code)))))
    .returning({ id: adminSetup.id });
  return deleted.length === 1;
}
