/**
 * The set-up the integration tests share: a temporary DATA_DIR (where the signing secret of the
 * toast and session cookies is generated), a fresh migrated test database that the process-wide
 * `getDb()` hands out, an Administrator, an Editor and a Support user each signed in with a real session,
 * and an anti-forgery token, so that CMS routes are called through their real guards.
 *
 * A test file registers it once at its top level, and points the process's database at it:
 *
 *   vi.mock("~/server/platform/db/database.server", () => import("./cms-harness").then((harness) => harness.databaseModule()));
 *   const cms = setUpCmsHarness({ name: "cms-courses" });
 *
 * It imports nothing that reads `~/server/database.server`, so the mock above can load it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll } from "vitest";
import { sessions, users } from "../../app/db/schema";
import { seedDatabase } from "../../app/db/seed";
import { getCsrfToken } from "~/server/auth/csrf.server";
import { createSession } from "~/server/auth/sessions.server";
import type { Database } from "~/server/platform/db/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { createUser } from "~/server/auth/users.server";
import { USER_ROLES, type UserRole } from "~/lib/enums";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";

/** The CMS roles (app/lib/enums.ts), each with an account signed in. */
export type Role = UserRole;

/**
 * What `getDb()` gives the code under test: the test database ("up"); a refused connection
 * ("down"); or a database that holds only the accounts and sessions ("sign-in only"), so that the
 * real guards let the signed-in administrator through and every read or write of the page fails.
 */
export type DatabaseState = "up" | "down" | "sign-in only";

export interface HarnessOptions {
  /** Names the temporary directory, e.g. "cms-courses". */
  name: string;
  /** A temporary DATA_DIR (default true). */
  dataDir?: boolean;
  /** SESSION_SECRET; by default none, so a secret is generated in DATA_DIR. */
  sessionSecret?: string;
  /** Fills the database with the demo content (default false). */
  seed?: boolean;
  /** A test database (default true). */
  database?: boolean;
  /** An account of each role with a session (default true, with a database). */
  accounts?: boolean;
}

export interface CmsHarness {
  /** The test database (after beforeAll). */
  readonly database: TestDatabase;
  readonly db: Database;
  /** The temporary DATA_DIR (after beforeAll; only with `dataDir`). */
  readonly dataDir: string;
  /** What entity functions take: the test database. */
  readonly getDb: () => Promise<Database>;
  /** This browser's anti-forgery token, sent as the `csrf` cookie and form field. */
  readonly csrf: string;
  /** The `name=value` of the session cookie of the administrator or the user. */
  cookie(who: Role): string;
  userId(who: Role): string;
  /** A GET as a browser sends it: signed in as `as` (administrator by default; null: anonymous). */
  request(url: string, options?: { as?: Role | null }): Request;
  /** A form POST as the CMS's pages send it: session, anti-forgery cookie and field (unless told not to). */
  post(url: string, fields: Record<string, string>, options?: { as?: Role | null; withToken?: boolean }): Request;
  /** Sets what getDb() gives from now on; see DatabaseState. */
  setDatabase(state: DatabaseState): Promise<void>;
}

interface ActiveHarness {
  database?: TestDatabase;
  signInOnly?: TestDatabase;
  state: DatabaseState;
}

// On globalThis: vi.resetModules() (which a test may call to reload routes) loads this module anew.
const registry = globalThis as typeof globalThis & { __cmsHarness?: ActiveHarness };

/** The module `~/server/database.server` is replaced with, in a file that uses the harness. */
export function databaseModule() {
  return {
    getDb: async (): Promise<Database> => {
      const active = registry.__cmsHarness;
      if (!active?.database) throw new Error("the CMS harness has no database yet");
      if (active.state === "down") throw new Error("connection refused");
      if (active.state === "sign-in only") return active.signInOnly!.db;
      return active.database.db;
    },
  };
}

const PASSWORD = "a long enough password";
/**
 * Starting a database and hashing two passwords (argon2, on purpose slow) is the longest set-up a
 * file has; on a busy shared machine it can pass the usual 60 s hook limit.
 */
export const SET_UP_TIMEOUT_MS = 180_000;

export function setUpCmsHarness(options: HarnessOptions): CmsHarness {
  const { dataDir: wantsDataDir = true, database: wantsDatabase = true } = options;
  const accounts = wantsDatabase && (options.accounts ?? true);
  const active: ActiveHarness = { state: "up" };
  const cookies: Record<Role, string> = { admin: "", editor: "", support: "" };
  const userIds: Record<Role, string> = { admin: "", editor: "", support: "" };
  // Set in beforeAll: reading the token through the cookie API is asynchronous.
  let csrf = "";
  const savedEnv: Record<string, string | undefined> = {};
  let dataDir: string | undefined;

  const setEnv = (name: string, value: string) => {
    if (!(name in savedEnv)) savedEnv[name] = process.env[name];
    process.env[name] = value;
  };

  beforeAll(async () => {
    csrf = (await getCsrfToken(new Request("http://localhost/"))).token;
    registry.__cmsHarness = active;
    if (wantsDataDir) {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${options.name}-`));
      setEnv("DATA_DIR", dataDir);
      setEnv("SESSION_SECRET", options.sessionSecret ?? "");
      resetEnvForTests();
    }
    if (!wantsDatabase) return;
    active.database = await createTestDatabase();
    if (options.seed) await seedDatabase(active.database.db);
    if (accounts) {
      for (const role of USER_ROLES) {
        const user = await createUser(active.database.db, { email: `${role}@example.com`, password: PASSWORD, role });
        userIds[role] = user.id;
        cookies[role] = (await createSession(active.database.db, user.id, null)).split(";")[0]!;
      }
    }
  }, SET_UP_TIMEOUT_MS);

  afterAll(async () => {
    await active.database?.destroy();
    await active.signInOnly?.destroy();
    if (registry.__cmsHarness === active) registry.__cmsHarness = undefined;
    for (const [name, value] of Object.entries(savedEnv)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    if (wantsDataDir) resetEnvForTests();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const cookieHeader = (as: Role | null | undefined, withCsrf: boolean) =>
    [as ? cookies[as] : null, withCsrf ? `csrf=${csrf}` : null].filter(Boolean).join("; ");

  return {
    get database() {
      if (!active.database) throw new Error("the CMS harness is used before its beforeAll ran");
      return active.database;
    },
    get db() {
      return this.database.db;
    },
    get dataDir() {
      if (!dataDir) throw new Error("this harness has no DATA_DIR");
      return dataDir;
    },
    getDb: async () => {
      if (!active.database) throw new Error("the CMS harness is used before its beforeAll ran");
      return active.database.db;
    },
    get csrf() {
      return csrf;
    },
    cookie: (who) => cookies[who],
    userId: (who) => userIds[who],
    request: (url, { as = "admin" } = {}) => {
      const cookie = cookieHeader(as, false);
      return new Request(url, { headers: cookie ? { Cookie: cookie } : {} });
    },
    post: (url, fields, { as = "admin", withToken = true } = {}) =>
      new Request(url, {
        method: "POST",
        headers: { Cookie: cookieHeader(as, true) },
        body: new URLSearchParams(withToken ? { csrf, ...fields } : fields),
      }),
    async setDatabase(state) {
      if (state === "sign-in only") await refreshSignInOnly(active);
      active.state = state;
    },
  };
}

/** A database with nothing but this file's accounts and sessions: every other table is missing. */
async function refreshSignInOnly(active: ActiveHarness): Promise<void> {
  const source = active.database!.db;
  active.signInOnly ??= await createTestDatabase();
  const target = active.signInOnly.db;
  const tables = await queryRows<{ table_name: string }>(
    target,
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
  );
  for (const { table_name: table } of tables) {
    if (table !== "users" && table !== "sessions") await target.execute(sql.raw(`drop table "${table}" cascade`));
  }
  await target.delete(sessions);
  await target.delete(users);
  const accounts = await source.select().from(users);
  if (accounts.length > 0) await target.insert(users).values(accounts);
  const signedIn = await source.select().from(sessions);
  if (signedIn.length > 0) await target.insert(sessions).values(signedIn);
}
