/**
 * Signing in and the first-run set-up, as the /cms actions use them. Wrong passwords are slowed
 * down per (account, address) pair and per address, never per account alone, so nobody can lock an
 * owner out (sign-in-throttle.server.ts); a wrong e-mail and a wrong password look the same, in the
 * message and in the time taken. A wrong password for an existing account is also counted on it,
 * and its owner sees the count at their next sign-in.
 */
import type { z } from "zod";
import { loginSchema, setupSchema, UNEXPECTED_SIGN_IN_ERROR } from "../../lib/schemas/auth";
import { fieldErrors } from "../../lib/schemas/field-errors";

export { UNEXPECTED_SIGN_IN_ERROR };
import { recordAudit } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { createUser, findUserByEmail, type PublicUser } from "./users.server";
import { adminExists, checkSetupCode, consumeSetupCode } from "./admin-setup.server";
import { recordFailedSignIn, takeFailedSignIns, type SignInNotice } from "./failed-sign-ins.server";
import { newPasswordProblem } from "./password-policy.server";
import { getDecoyHash, verifyPassword } from "./passwords.server";
import { signInThrottle, tooManyAttempts, type SignInThrottle } from "./sign-in-throttle.server";

export const INVALID_CREDENTIALS = "Invalid login credentials";
export const ADMIN_ALREADY_EXISTS = "An administrator already exists. Please sign in.";

export type SignInResult =
  | { ok: true; user: PublicUser; failedSignIns?: SignInNotice | null }
  | { ok: false; status: 400 | 401 | 429; errors: Record<string, string>; retryAfterSeconds?: number };

function invalid(error: z.ZodError): SignInResult {
  return { ok: false, status: 400, errors: fieldErrors(error) };
}

function throttled(retryAfterSeconds: number): SignInResult {
  return { ok: false, status: 429, errors: { form: tooManyAttempts(retryAfterSeconds) }, retryAfterSeconds };
}

export async function signIn(
  db: Database,
  input: { email: unknown; password: unknown },
  clientAddress: string,
  throttle: SignInThrottle = signInThrottle,
): Promise<SignInResult> {
  const parsed = loginSchema.safeParse(input);
  if (!parsed.success) return invalid(parsed.error);
  const { email, password } = parsed.data;

  const allowed = await throttle.check(email, clientAddress);
  if (!allowed.allowed) return throttled(allowed.retryAfterSeconds);

  const user = await findUserByEmail(db, email);
  const passwordMatches = await verifyPassword(user?.passwordHash ?? (await getDecoyHash()), password);
  if (!user || !passwordMatches || !user.isActive) {
    await throttle.fail(email, clientAddress);
    // Only a wrong password is the owner's business; a deactivated account's right one is not.
    if (user && !passwordMatches) await recordFailedSignIn(db, user.id, clientAddress);
    return { ok: false, status: 401, errors: { form: INVALID_CREDENTIALS } };
  }
  await throttle.succeed(email, clientAddress);
  return {
    ok: true,
    user: { id: user.id, email: user.email, role: user.role, isActive: user.isActive, createdAt: user.createdAt },
    failedSignIns: await takeFailedSignIns(db, user.id),
  };
}

/** Creates the first administrator with the one-time code; refused once any administrator exists. */
export async function setUpFirstAdmin(
  db: Database,
  input: { code: unknown; email: unknown; password: unknown },
  clientAddress: string,
  throttle: SignInThrottle = signInThrottle,
): Promise<SignInResult> {
  const allowed = await throttle.checkAddress(clientAddress);
  if (!allowed.allowed) return throttled(allowed.retryAfterSeconds);
  if (await adminExists(db)) {
    return { ok: false, status: 400, errors: { form: ADMIN_ALREADY_EXISTS } };
  }
  const parsed = setupSchema.safeParse(input);
  const code = typeof input.code === "string" ? input.code : "";
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  if (!code.trim()) errors.code = "Enter the setup code from the server's log";
  if (!parsed.success || errors.code) return { ok: false, status: 400, errors };

  if (!(await checkSetupCode(db, code))) {
    // A request that raced with the one that just set up the site finds the code spent: tell it
    // what happened rather than that its (correct) code is wrong.
    if (await adminExists(db)) return { ok: false, status: 400, errors: { form: ADMIN_ALREADY_EXISTS } };
    await throttle.failAddress(clientAddress);
    return {
      ok: false,
      status: 401,
      errors: { code: "This setup code is not valid. Use the code in the server's log." },
    };
  }
  const weak = await newPasswordProblem(parsed.data.password, [parsed.data.email]);
  if (weak) return { ok: false, status: 400, errors: { password: weak } };
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
