/**
 * Small SQL helpers the backup modules share. Every query they run goes through Drizzle's
 * `execute`, which both drivers (PGlite and node-postgres) answer with `{ rows }`.
 */
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/db.server";

/** The schema every application table lives in (Drizzle's default). */
export const APPLICATION_SCHEMA = "public";

export async function queryAll<Row>(db: Database, query: SQL): Promise<Row[]> {
  const result = (await db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** A schema-qualified, quoted table name, safe for any name the catalogue returns. */
export function tableIdentifier(table: string): SQL {
  return sql`${sql.identifier(APPLICATION_SCHEMA)}.${sql.identifier(table)}`;
}

/** The qualified name as text, for functions that take a relation's name (setval, regclass). */
export function qualifiedName(name: string): string {
  return `${APPLICATION_SCHEMA}."${name.replace(/"/g, '""')}"`;
}

/**
 * Makes every value's text form the same on any server and in any session, inside the current
 * transaction only: the backup files and the checksums depend on it.
 */
export async function setCanonicalTextOutput(db: Database): Promise<void> {
  await db.execute(sql`set local timezone = 'UTC'`);
  await db.execute(sql`set local datestyle = 'ISO, YMD'`);
  await db.execute(sql`set local intervalstyle = 'postgres'`);
  await db.execute(sql`set local extra_float_digits = 3`);
  await db.execute(sql`set local bytea_output = 'hex'`);
}
