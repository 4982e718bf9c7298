/**
 * Password hashing with argon2id at OWASP's recommended minimum (19 MiB of memory, 2 passes,
 * 1 lane). The parameters are stored in each hash, so raising them later still verifies old ones.
 */
import { hash, verify } from "@node-rs/argon2";

// algorithm 2 is Argon2id (a const enum in the typings, which this build setup cannot import).
const OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash never signs anyone in.
    return false;
  }
}

/**
 * A hash of a random password, verified when the e-mail is unknown so that a wrong e-mail takes
 * as long as a wrong password and response times do not reveal which accounts exist.
 */
let decoyHash: Promise<string> | undefined;
export function getDecoyHash(): Promise<string> {
  decoyHash ??= hashPassword(crypto.randomUUID());
  return decoyHash;
}
