/**
 * A table's rows in the backup's form: each row is one line, a JSON array holding every column's
 * value as PostgreSQL's own text form (or null), in a fixed order (primary key, compared as text
 * byte by byte so every server sorts alike). Text forms are what COPY uses: every type reads back
 * exactly what it printed, so time zones, numerics, jsonb, arrays and bytea survive unchanged.
 *
 * A table's checksum is the SHA-256 of its lines, so it equals the hash of the table's file in a
 * backup and can be computed again from any database holding the same rows.
 */
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { Database } from "../db/db.server";
import type { TableInfo } from "./catalogue.server";
import { queryAll, tableIdentifier } from "./sql.server";

export type RowValues = (string | null)[];

/** How many rows are fetched from the server at a time: memory stays flat whatever the table's size. */
const FETCH_SIZE = 500;

export function rowLine(values: RowValues): string {
  return `${JSON.stringify(values)}\n`;
}

function columnAlias(index: number): string {
  return `c${index}`;
}

function selectRows(table: TableInfo): SQL {
  const columns = sql.join(
    table.columns.map(
      (column, index) => sql`${sql.identifier(column.name)}::text as ${sql.identifier(columnAlias(index))}`,
    ),
    sql`, `,
  );
  const orderColumns = table.primaryKey.length > 0 ? table.primaryKey : table.columns.map((column) => column.name);
  const order = sql.join(
    orderColumns.map((name) => sql`${sql.identifier(name)}::text collate "C"`),
    sql`, `,
  );
  return sql`select ${columns} from ${tableIdentifier(table.name)} order by ${order}`;
}

/**
 * Streams the table's rows through a server-side cursor. Must run inside a transaction (a cursor
 * lives in one), after `setCanonicalTextOutput`.
 */
export async function* readTableRows(db: Database, table: TableInfo): AsyncGenerator<RowValues> {
  await db.execute(sql`declare backup_rows no scroll cursor for ${selectRows(table)}`);
  try {
    for (;;) {
      const rows = await queryAll<Record<string, string | null>>(
        db,
        sql`fetch forward ${sql.raw(String(FETCH_SIZE))} from backup_rows`,
      );
      for (const row of rows) yield table.columns.map((_, index) => row[columnAlias(index)] ?? null);
      if (rows.length < FETCH_SIZE) break;
    }
  } finally {
    await db.execute(sql`close backup_rows`);
  }
}

export interface TableSummary {
  name: string;
  rows: number;
  sha256: string;
}

/** Counts and hashes a table's rows, as they would be written to a backup. */
export async function summariseTable(db: Database, table: TableInfo): Promise<TableSummary> {
  const hash = crypto.createHash("sha256");
  let rows = 0;
  for await (const values of readTableRows(db, table)) {
    hash.update(rowLine(values));
    rows += 1;
  }
  return { name: table.name, rows, sha256: hash.digest("hex") };
}
