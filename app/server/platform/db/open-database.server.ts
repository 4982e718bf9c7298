/**
 * Where the process keeps its database once database.server.ts has opened it, readable without
 * opening one. On `globalThis`, so that a development hot reload, which evaluates modules again,
 * reuses the open database instead of opening the same files twice.
 *
 * A module of its own, importing nothing at run time: code that only wants the database if it is
 * there (the password policy reads the company's name) need not load the one that opens, migrates
 * and seeds it.
 */
import type { InvalidationListener } from "../cache/cache-invalidation.server";
import type { Database, DatabaseHandle } from "./db.server";

export const processDatabase = globalThis as typeof globalThis & {
  __appDatabase?: Promise<DatabaseHandle>;
  __invalidationListener?: InvalidationListener;
};

/**
 * The process's database if the server has opened it, else undefined: never opens one. Tools that
 * open a database of their own (scripts/admin-create.ts checks a password before it does) must not
 * have the same files opened a second time.
 */
export async function getDbIfOpen(): Promise<Database | undefined> {
  const opening = processDatabase.__appDatabase;
  return opening ? (await opening).db : undefined;
}
