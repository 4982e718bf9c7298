/**
 * The database connection: embedded PostgreSQL (PGlite, files in DATA_DIR) when DATABASE_URL is
 * unset, a node-postgres pool when it is set. Both speak the same SQL and share one Drizzle schema,
 * so nothing above this module knows which one it runs on.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "../../../db/schema";
import { makeDatabaseFilesPrivate, prepareDatabaseDirectories } from "./data-directory.server";
import { acquireDirectoryLock, type DirectoryLock } from "./directory-lock.server";

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: "pglite" | "postgres";
  /** Runs a trivial query; rejects when the database cannot answer. */
  ping(): Promise<void>;
  /** Applies every committed migration that has not run yet. */
  migrate(): Promise<void>;
  /** Finishes pending work and closes the connection; PGlite flushes its files here. */
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "postgres"; url: string; poolMax?: number }
  | { kind: "pglite"; dataDir: string }
  /** In memory, empty, or started from a dump of another (PGlite's dumpDataDir; tests use one to skip initdb). */
  | { kind: "pglite-memory"; from?: Blob };

/** Walks up from this module to the folder holding package.json: works from source and from the build. */
function findProjectRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!fs.existsSync(path.join(directory, "package.json"))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error("Could not find the project root (package.json)");
    directory = parent;
  }
  return directory;
}

/** The folder holding package.json (the backup records the product's version from it). */
export const PROJECT_ROOT = findProjectRoot();
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, "app", "db", "migrations");

/** Any fixed number: it names the lock that keeps two instances from migrating at once. */
export const MIGRATION_LOCK_ID = 7_220_082;

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === "postgres") return openPostgres(target.url, target.poolMax ?? 10);
  if (target.kind === "pglite") return openPglite(target.dataDir);
  return openPgliteInMemory(target.from);
}

async function openPostgres(url: string, poolMax: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  // An idle client that loses its connection emits an error; without a listener it would crash the process.
  pool.on("error", (error) => console.error("PostgreSQL pool error", error));
  const db = drizzleNodePostgres(pool, { schema });
  return {
    db,
    kind: "postgres",
    ping: async () => {
      await pool.query("select 1");
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
        try {
          await migrateNodePostgres(drizzleNodePostgres(client, { schema }), {
            migrationsFolder: MIGRATIONS_FOLDER,
          });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
        }
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

function pgliteHandle(client: PGlite, lock?: DirectoryLock): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => {
      // Closing twice (a second signal during shutdown) must not touch a closed database.
      closing ??= client.close().finally(() => lock?.release());
      return closing;
    },
  };
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  const databaseDir = path.join(dataDir, "pglite");
  prepareDatabaseDirectories(dataDir, databaseDir);
  // PGlite is single-process: a second process writing the same files would corrupt them.
  const lock = acquireDirectoryLock(path.join(dataDir, "pglite.lock"));
  try {
    const client = new PGlite(databaseDir);
    await client.waitReady;
    // Files PostgreSQL creates from now on are 0600 already; those PGlite unpacked are not.
    makeDatabaseFilesPrivate(databaseDir);
    return pgliteHandle(client, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function openPgliteInMemory(from?: Blob): Promise<DatabaseHandle> {
  const client = new PGlite(from ? { loadDataDir: from } : {});
  await client.waitReady;
  return pgliteHandle(client);
}
