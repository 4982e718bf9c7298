/**
 * The migration level of a database (what Drizzle recorded in drizzle.__drizzle_migrations) and a
 * way to migrate up to a given level, inside the caller's transaction. A restore needs both: it
 * builds the schema the backup was made on, loads the rows, then applies the newer migrations, all
 * in one transaction. The bookkeeping is Drizzle's own (same table, same hash and time columns), so
 * the server's start-up migration sees the result as migrated.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { MIGRATIONS_FOLDER, type Database } from "../db/db.server";
import { queryAll } from "./sql.server";

export interface MigrationLevel {
  /** How many migrations were applied. */
  count: number;
  /** The `when` of the last applied migration in app/db/migrations/meta/_journal.json. */
  lastCreatedAt: number;
  /** The SHA-256 of the last applied migration's SQL file. */
  lastHash: string;
  /** The file name of the last applied migration, when this code knows it. */
  lastTag?: string;
}

export interface CommittedMigration {
  tag: string;
  folderMillis: number;
  hash: string;
  statements: string[];
}

/** The migrations in app/db/migrations, oldest first. */
export function committedMigrations(): CommittedMigration[] {
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as {
    entries: { tag: string }[];
  };
  return readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER }).map((migration, index) => ({
    tag: journal.entries[index]!.tag,
    folderMillis: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

/** The database's level, or null when no migration was ever applied to it. */
export async function readMigrationLevel(db: Database): Promise<MigrationLevel | null> {
  const [table] = await queryAll<{ exists: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as exists`,
  );
  if (!table?.exists) return null;
  const [last] = await queryAll<{ hash: string; created_at: string; count: string }>(
    db,
    sql`select hash, created_at::text, (select count(*) from drizzle.__drizzle_migrations)::text as count
        from drizzle.__drizzle_migrations order by created_at desc limit 1`,
  );
  if (!last) return null;
  const lastCreatedAt = Number(last.created_at);
  const known = committedMigrations().find((migration) => migration.folderMillis === lastCreatedAt);
  return {
    count: Number(last.count),
    lastCreatedAt,
    lastHash: last.hash,
    ...(known && known.hash === last.hash ? { lastTag: known.tag } : {}),
  };
}

/** Applies, in the caller's transaction, the committed migrations newer than `from` and not newer than `upTo`. */
export async function applyMigrationsBetween(db: Database, from: number, upTo: number): Promise<void> {
  await db.execute(sql`create schema if not exists drizzle`);
  await db.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of committedMigrations()) {
    if (migration.folderMillis <= from || migration.folderMillis > upTo) continue;
    for (const statement of migration.statements) await db.execute(sql.raw(statement));
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
    );
  }
}

export function describeLevel(level: MigrationLevel): string {
  return `${level.lastTag ?? `an unknown migration of ${new Date(level.lastCreatedAt).toISOString()}`} (${level.count} applied)`;
}
