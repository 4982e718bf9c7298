/**
 * CMS accounts and sessions made straight in the database of a test server, for tests whose
 * subject is not signing in itself (the sign-in form and its second step have their own tests).
 */
import type { UserRole } from "../../app/lib/enums";
import type { TestServer } from "./production-server";

export interface Account {
  id: string;
  email: string;
  password: string;
}

let accountCounter = 0;

/** A new account with this role (Administrator, Editor or Support). */
export async function createAccount(server: TestServer, role: UserRole, label: string = role): Promise<Account> {
  const { createUser } = await import("../../app/server/auth/users.server");
  accountCounter += 1;
  const email = `${label}-${process.pid}-${accountCounter}-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const user = await createUser(server.db, { email, password, role });
  return { id: user.id, email, password };
}

/** A session of this account made the way sign-in makes one; returns the cookie's name and token. */
export async function sessionCookieOf(server: TestServer, account: Account): Promise<Record<string, string>> {
  const { createSession } = await import("../../app/server/auth/sessions.server");
  const setCookie = await createSession(server.db, account.id, "security-spec");
  const [pair] = setCookie.split(";");
  const [name, value] = pair!.split("=");
  return { [name!]: value! };
}

/** Makes sure an administrator exists, so /cms shows the sign-in form rather than the first-run set-up. */
export async function ensureAdminExists(server: TestServer): Promise<void> {
  const { adminExists } = await import("../../app/server/auth/admin-setup.server");
  if (await adminExists(server.db)) return;
  await createAccount(server, "admin", "owner");
}
