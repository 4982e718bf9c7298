/** CMS accounts (users): creation, look-up, roles, passwords and deactivation. */
import { and, asc, count, eq, ne } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { UserRole } from "../../lib/enums";
import { normaliseEmail } from "../../lib/schemas/auth";
import { hashPassword } from "./passwords.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";

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

export async function listUsers(db: Database): Promise<PublicUser[]> {
  return db.select(publicColumns).from(users).orderBy(asc(users.email));
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

export async function setUserRole(db: Database, userId: string, role: UserRole): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new ExpectedError("User not found.");
  if (user.role === "admin" && role !== "admin" && user.isActive) await assertAnotherAdminRemains(db, userId);
  await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setUserActive(db: Database, userId: string, isActive: boolean): Promise<void> {
  const user = await findUserById(db, userId);
  if (!user) throw new ExpectedError("User not found.");
  if (!isActive && user.role === "admin" && user.isActive) await assertAnotherAdminRemains(db, userId);
  await db.update(users).set({ isActive, updatedAt: new Date() }).where(eq(users.id, userId));
}

export async function setUserPassword(db: Database, userId: string, password: string): Promise<void> {
  const now = new Date();
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), passwordChangedAt: now, updatedAt: now })
    .where(eq(users.id, userId));
}
