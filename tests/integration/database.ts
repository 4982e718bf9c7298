/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on
 * the PostgreSQL server named by TEST_DATABASE_URL (as `.ci/run` does), dropped afterwards.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import type { SQL } from "drizzle-orm";
import pg from "pg";
import {
  MIGRATIONS_FOLDER,
  openDatabase,
  PROJECT_ROOT,
  type Database,
  type DatabaseHandle,
} from "~/server/platform/db/db.server";

export interface TestDatabase extends DatabaseHandle {
  /** On PostgreSQL, the database's address, for a test's own connections. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the database. */
  destroy(): Promise<void>;
}

export const testingOnPostgres = Boolean(process.env.TEST_DATABASE_URL);

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ kind: "pglite-memory", from: await migratedTemplate() });
    // Nothing to apply when the template is current; kept so a database is never behind.
    await handle.migrate();
    return { ...handle, destroy: () => handle.close() };
  }

  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  const template = await migratedPostgresTemplate(serverUrl);
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name} template ${template}`));
  const url = databaseUrl(serverUrl, name);
  const handle = await openDatabase({ kind: "postgres", url, poolMax: 4 });
  // Nothing to apply when the template is current; kept so a database is never behind.
  await handle.migrate();
  return {
    ...handle,
    url,
    destroy: async () => {
      await handle.close();
      await withAdminClient(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/**
 * A dump of an empty, migrated PGlite database, made once and shared by every test file (in the
 * system's temporary folder, named by the migrations and PGlite's version, so a change to either
 * makes a new one). Starting from it takes well under a second; a new PGlite runs initdb, which
 * takes three to five on a two-core machine, for each of the dozens of test files.
 */
async function migratedTemplate(): Promise<Blob> {
  const file = path.join(os.tmpdir(), `pglite-migrated-${migrationsFingerprint()}.tar`);
  if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);

  const client = new PGlite();
  await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
  const dump = await client.dumpDataDir("none");
  await client.close();
  // Written aside and renamed into place: a test file in the other worker never reads half a file.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  fs.renameSync(partial, file);
  return dump;
}

/** Names the migrations and PGlite's version, so a change to either makes a new template. */
function migrationsFingerprint(): string {
  const fingerprint = crypto.createHash("sha256");
  fingerprint.update(
    fs.readFileSync(path.join(PROJECT_ROOT, "node_modules", "@electric-sql", "pglite", "package.json")),
  );
  const migrations = fs.readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: true });
  for (const entry of migrations.filter((file) => file.isFile()).sort((a, b) => a.name.localeCompare(b.name))) {
    fingerprint.update(entry.name).update(fs.readFileSync(path.join(entry.parentPath, entry.name)));
  }
  return fingerprint.digest("hex").slice(0, 16);
}

/**
 * The PostgreSQL counterpart of migratedTemplate: a migrated database on the server, made once
 * per set of migrations, that each test file's database is copied from (`create database …
 * template`), instead of every file applying every migration again. An advisory lock keeps the
 * other worker from copying it half made.
 */
async function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  const template = `test_template_${migrationsFingerprint()}`;
  await withAdminClient(serverUrl, async (client) => {
    await client.query("select pg_advisory_lock(hashtext('test database template'))");
    try {
      const found = await client.query("select 1 from pg_database where datname = $1", [template]);
      if (found.rowCount) return;
      const building = `${template}_building`;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const handle = await openDatabase({ kind: "postgres", url: databaseUrl(serverUrl, building), poolMax: 1 });
      await handle.migrate();
      await handle.close();
      // Renamed only once complete, so a run stopped half-way never leaves a template behind.
      await client.query(`alter database ${building} rename to ${template}`);
    } finally {
      await client.query("select pg_advisory_unlock(hashtext('test database template'))");
    }
  });
  return template;
}

function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}
