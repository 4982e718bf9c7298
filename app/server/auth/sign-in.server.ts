/**
 * Signing in and the first-run set-up, as the /cms actions use them. Failed attempts are limited
 * per account and per client address; a wrong e-mail and a wrong password look the same, in the
 * message and in the time taken.
 */
import type { z } from "zod";
import { fieldErrors, loginSchema } from "../../lib/schemas/auth";
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { RateLimiter } from "../platform/rate-limit/rate-limit.server";
import { createUser, findUserByEmail, type PublicUser } from "./users.server";
import { adminExists, checkSetupCode, consumeSetupCode } from "./admin-setup.server";
import { getDecoyHash, verifyPassword } from "./passwords.server";

export const INVALID_CREDENTIALS = "Invalid login credentials";
export const TOO_MANY_ATTEMPTS = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";
export const ADMIN_ALREADY_EXISTS = "An administrator already exists. Please sign in.";
export const UNEXPECTED_SIGN_IN_ERROR = "An unexpected error occurred. Please try again.";

const WINDOW_MS = 15 * 60 * 1000;
/** Failed attempts allowed in 15 minutes: few for one account, more for an office behind one address. */
export const accountFailures = new RateLimiter("sign-in-account", 5, WINDOW_MS);
export const addressFailures = new RateLimiter("sign-in-address", 20, WINDOW_MS);

export type SignInResult =
  { ok: true; user: PublicUser } | { ok: false; status: 400 | 401 | 429; errors: Record<string, string> };

function invalid(error: z.ZodError): SignInResult {
  return { ok: false, status: 400, errors: fieldErrors(error) };
}

export async function signIn(
  db: Database,
  input: { email: unknown; password: unknown },
  clientAddress: string,
): Promise<SignInResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password } = parsed.data;

  const accountKey = `account:${email}`;
  const addressKey = `address:${clientAddress}`;
  const [accountLimit, addressLimit] = await Promise.all([
    accountFailures.isLimited(accountKey),
    addressFailures.isLimited(addressKey),
  ]);
  if (!accountLimit.allowed || !addressLimit.allowed) {
    return { ok: false, status: 429, errors: { form: TOO_MANY_ATTEMPTS } };
  }

  const user = await findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), password);
  if (!user || !passwordMatches || !user.isActive) {
    await Promise.all([accountFailures.hit(accountKey), addressFailures.hit(addressKey)]);
    return { ok: false, status: 401, errors: { form: INVALID_CREDENTIALS } };
  }
  await accountFailures.reset(accountKey);
  return {
    ok: true,
    user: { id: user.id, email: user.email, role: user.role, isActive: user.isActive, createdAt: user.createdAt },
  };
}

/** Creates the first administrator with the one-time code; refused once any administrator exists. */
export async function setUpFirstAdmin(
  db: Database,
  input: { code: unknown; email: unknown; password: unknown },
  clientAddress: string,
): Promise<SignInResult> {
  const addressKey = `setup:${clientAddress}`;
  if (!(await addressFailures.isLimited(addressKey)).allowed) {
    return { ok: false, status: 429, errors: { form: TOO_MANY_ATTEMPTS } };
  }
  if (await adminExists(db)) {
    return { ok: false, status: 400, errors: { form: ADMIN_ALREADY_EXISTS } };
  }
  const parsed = loginSchema.safeParse(input);
  const code = typeof input.code === "string" ? input.code : "";
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!code.trim()) errors.code = "Enter the setup code from the server's log";
  if (!parsed.success || errors.code) return { ok: false, status: 400, errors };

  if (!(await checkSetupCode(db, code))) {
    await addressFailures.hit(addressKey);
    return {
      ok: false,
      status: 401,
      errors: { code: "This setup code is not valid. Use the code in the server's log." },
    };
  }
  // The spent code, the account and the audit entry (the new administrator is its own actor)
  // together. The code is spent first: of requests racing with it, only one gets past this line.
  const user = await db.transaction(async (tx) => {
    if (!(await consumeSetupCode(tx, code))) return null;
    const created = await createUser(tx, { ...parsed.data, role: "admin" });
    await recordAudit(tx, created, "user.create", "users", created.id, { role: "admin", via: "first-run setup" });
    return created;
  });
  if (!user) return { ok: false, status: 400, errors: { form: ADMIN_ALREADY_EXISTS } };
  return { ok: true, user };
}
