/** CMS accounts (users): creation, look-up, roles, passwords and deactivation. */
import { and, asc, count, eq, ilike, ne } from "drizzle-orm";
import { users } from "../../db/schema";
import type { UserRole } from "../../lib/enums";
import { pageCount, pageWindow } from "../../lib/cms/pagination";
import { normaliseEmail } from "../../lib/schemas/auth";
import { auditedChange, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { containsPattern } from "../platform/db/like-pattern.server";
import { ExpectedError } from "../platform/errors.server";
import { startSecurityReview } from "./account-recovery.server";
import { assertAcceptablePassword } from "./password-policy.server";
import { hashPassword, verifyPassword } from "./passwords.server";
import { queueSecurityMail } from "./second-factor/security-mail.server";
import { deleteUserSessions } from "./sessions.server";
import { describeWait, signInThrottle, type SignInThrottle } from "./sign-in-throttle.server";

export type User = typeof users.$inferSelect;
/** What the rest of the app may know about a user: never the password hash. */
export type PublicUser = Pick<User, "id" | "email" | "role" | "isActive" | "createdAt">;

const publicColumns = {
  id: users.id,
  email: users.email,
  role: users.role,
  isActive: users.isActive,
  createdAt: users.createdAt,
};

export async function findUserByEmail(db: Database, email: string): Promise<User | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return user;
}

export async function findUserById(db: Database, id: string): Promise<User | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id));
  return user;
}

export interface UserList {
  users: PublicUser[];
  /** How many accounts match, on every page. */
  total: number;
  /** The page shown: the one asked for, or the last when fewer pages match. */
  page: number;
}

/**
 * One page of the Users tab, in e-mail order: every account, or those whose e-mail contains `q`
 * (any case; `%` and `_` match themselves).
 */
export async function listUsers(
  db: Database,
  { q = "", page = 1 }: { q?: string; page?: number } = {},
): Promise<UserList> {
  const query = q.trim();
  const matching = query ? ilike(users.email, containsPattern(query)) : undefined;
  const [counted] = await db.select({ total: count() }).from(users).where(matching);
  const total = counted?.total ?? 0;
  const shown = Math.min(page, pageCount(total));
  const { limit, offset } = pageWindow(shown);
  const rows = await db
    .select(publicColumns)
    .from(users)
    .where(matching)
    .orderBy(asc(users.email))
    .limit(limit)
    .offset(offset);
  return { users: rows, total, page: shown };
}

export async function countActiveAdmins(db: Database, exceptUserId?: string): Promise<number> {
  const conditions = [eq(users.role, "admin"), eq(users.isActive, true)];
  if (exceptUserId) conditions.push(ne(users.id, exceptUserId));
  const [row] = await db
    .select({ admins: count() })
    .from(users)
    .where(and(...conditions));
  return row?.admins ?? 0;
}

export async function createUser(
  db: Database,
  input: { email: string; password: string; role: UserRole },
): Promise<PublicUser> {
  const email = normaliseEmail(input.email);
  if (await findUserByEmail(db, email)) throw new ExpectedError("A user with this e-mail already exists.");
  const [user] = await db
    .insert(users)
    .values({ email, passwordHash: await hashPassword(input.password), role: input.role })
    .returning(publicColumns);
  if (!user) throw new Error("The user was not created");
  return user;
}

/** Refuses a change that would leave the site without an active administrator. */
async function assertAnotherAdminRemains(db: Database, userId: string): Promise<void> {
  if ((await countActiveAdmins(db, userId)) === 0) {
    throw new ExpectedError("The last administrator cannot be removed. Make another user an administrator first.");
  }
}

/** Sets someone's role; returns the role they had. */
export async function setUserRole(db: Database, userId: string, role: UserRole): Promise<string> {
  const user = await findUserById(db, userId);
  if (!user) throw new ExpectedError("User not found.");
  if (user.role === "admin" && role !== "admin" && user.isActive) await assertAnotherAdminRemains(db, userId);
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
  return user.role;
}

/** Activates or deactivates an account; returns whether it was active. */
export async function setUserActive(db: Database, userId: string, isActive: boolean): Promise<boolean> {
  const user = await findUserById(db, userId);
  if (!user) throw new ExpectedError("User not found.");
  if (!isActive && user.role === "admin" && user.isActive) await assertAnotherAdminRemains(db, userId);
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId));
  return user.isActive;
}

export async function setUserPassword(db: Database, userId: string, password: string): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}

/* What an administrator does in the Users tab, and a user to their own password: each change and
 * its audit entry in one transaction (auditedChange), with the sessions it ends. */

/** Adds an account (the Users tab's "Add a user"). */
export async function addUser(
  db: Database,
  actor: Actor,
  input: { email: string; password: string; role: UserRole },
): Promise<PublicUser> {
  await assertAcceptablePassword(input.password, { field: "password", userInputs: [input.email] });
  return auditedChange(
    db,
    actor,
    (tx) => createUser(tx, input),
    (user) => ({
      action: "user.create",
      entity: "users",
      entityId: user.id,
      details: { email: user.email, role: user.role },
      before: null,
      after: { email: user.email, role: user.role },
    }),
  );
}

export async function changeUserRole(db: Database, actor: Actor, userId: string, role: UserRole): Promise<void> {
  await auditedChange(
    db,
    actor,
    (tx) => setUserRole(tx, userId, role),
    (previous) => ({
      action: "user.role",
      entity: "users",
      entityId: userId,
      details: { role },
      before: { role: previous },
      after: { role },
    }),
  );
}

/** Sets a new password for someone else; every session of theirs ends. */
export async function resetUserPassword(db: Database, actor: Actor, userId: string, password: string): Promise<void> {
  const user = await findUserById(db, userId);
  await assertAcceptablePassword(password, { field: "password", userInputs: user ? [user.email] : [] });
  return auditedChange(
    db,
    actor,
    async (tx) => {
      await setUserPassword(tx, userId, password);
      await deleteUserSessions(tx, userId);
      await startSecurityReview(tx, userId);
      if (user) await queueSecurityMail(tx, user.email, { kind: "password-reset-by-administrator", by: actor.email });
    },
    () => ({ action: "user.password_reset", entity: "users", entityId: userId }),
  );
}

/** Deactivating a user also signs them out everywhere. */
export async function changeUserActive(db: Database, actor: Actor, userId: string, isActive: boolean): Promise<void> {
  await auditedChange(
    db,
    actor,
    async (tx) => {
      const wasActive = await setUserActive(tx, userId, isActive);
      if (!isActive) await deleteUserSessions(tx, userId);
      return wasActive;
    },
    (wasActive) => ({
      action: isActive ? "user.activate" : "user.deactivate",
      entity: "users",
      entityId: userId,
      before: { isActive: wasActive },
      after: { isActive },
    }),
  );
}

export const WRONG_CURRENT_PASSWORD = "Your current password is not correct";

export function tooManyWrongPasswords(retryAfterSeconds: number): string {
  return `Too many wrong passwords. Please wait ${describeWait(retryAfterSeconds)} and try again.`;
}

/**
 * A signed-in user's password, asked again before a sensitive change: a wrong one is an
 * ExpectedError on `field`. It counts against the sign-in form's limits, so a stolen session is no
 * way round them.
 */
export async function checkCurrentPassword(
  user: Pick<User, "email" | "passwordHash">,
  password: string,
  {
    clientAddress,
    field,
    throttle = signInThrottle,
  }: { clientAddress: string; field: string; throttle?: SignInThrottle },
): Promise<void> {
  const allowed = await throttle.check(user.email, clientAddress);
  if (!allowed.allowed) {
    throw new ExpectedError(tooManyWrongPasswords(allowed.retryAfterSeconds), { field, status: 429 });
  }
  if (!(await verifyPassword(user.passwordHash, password))) {
    await throttle.fail(user.email, clientAddress);
    throw new ExpectedError(WRONG_CURRENT_PASSWORD, { field });
  }
  await throttle.succeed(user.email, clientAddress);
}

/**
 * A user changes their own password: the current one must be right (else an ExpectedError on
 * "currentPassword"). Every session of theirs ends, the one asking included; the caller gives this
 * browser a new one.
 */
export async function changeOwnPassword(
  db: Database,
  user: User,
  passwords: { currentPassword: string; newPassword: string },
  clientAddress: string,
  throttle: SignInThrottle = signInThrottle,
): Promise<void> {
  await checkCurrentPassword(user, passwords.currentPassword, { clientAddress, field: "currentPassword", throttle });
  await assertAcceptablePassword(passwords.newPassword, {
    field: "newPassword",
    userInputs: [user.email, passwords.currentPassword],
  });
  await auditedChange(
    db,
    user,
    async (tx) => {
      await setUserPassword(tx, user.id, passwords.newPassword);
      await deleteUserSessions(tx, user.id);
      await startSecurityReview(tx, user.id);
      await queueSecurityMail(tx, user.email, { kind: "password-changed" });
    },
    () => ({ action: "user.password_change", entity: "users", entityId: user.id }),
  );
}
