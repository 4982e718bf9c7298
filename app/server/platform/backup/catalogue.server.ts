/**
 * What the backup covers, read from PostgreSQL's catalogue rather than from app/db/schema/, so that a
 * table added by a later migration is backed up and restored without any change here: every table
 * of the application schema, its columns and primary key, the foreign keys between them (for the
 * loading order) and the sequences (so restored rows do not collide with new ones).
 */
import { sql } from "drizzle-orm";
import type { Database } from "../db/db.server";
import { APPLICATION_SCHEMA, queryAll } from "./sql.server";

export interface ColumnInfo {
  name: string;
  /** The declared type as PostgreSQL prints it, e.g. `numeric(12,2)` or `timestamp with time zone`. */
  type: string;
  /** A generated (computed) column: backed up and checked, but never written. */
  generated: boolean;
}

export interface TableInfo {
  name: string;
  columns: ColumnInfo[];
  primaryKey: string[];
}

export interface ForeignKey {
  name: string;
  table: string;
  references: string;
  /** The constraint as `pg_get_constraintdef` prints it, to add it back. */
  definition: string;
}

export interface SequenceState {
  name: string;
  /** The last value handed out, as text (a bigint); null when the sequence was never used. */
  lastValue: string | null;
}

export interface OwnedSequence {
  sequence: string;
  table: string;
  column: string;
}

/** The application's tables, in name order. */
export async function listTables(db: Database): Promise<TableInfo[]> {
  const rows = await queryAll<{
    table_name: string;
    column_name: string;
    column_type: string;
    generated: boolean;
    primary_key_position: number | null;
  }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name,
               format_type(a.atttypid, a.atttypmod) as column_type,
               a.attgenerated <> '' as generated,
               array_position(pk.indkey::int2[], a.attnum) as primary_key_position
        from pg_class c
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
        left join pg_index pk on pk.indrelid = c.oid and pk.indisprimary
        where n.nspname = ${APPLICATION_SCHEMA}
          and (c.relkind = 'p' or (c.relkind = 'r' and not c.relispartition))
        order by c.relname, a.attnum`,
  );
  const tables = new Map<string, TableInfo & { keyPositions: Map<string, number> }>();
  for (const row of rows) {
    let table = tables.get(row.table_name);
    if (!table) {
      table = { name: row.table_name, columns: [], primaryKey: [], keyPositions: new Map() };
      tables.set(row.table_name, table);
    }
    table.columns.push({ name: row.column_name, type: row.column_type, generated: row.generated });
    if (row.primary_key_position !== null) table.keyPositions.set(row.column_name, Number(row.primary_key_position));
  }
  return [...tables.values()].map(({ keyPositions, ...table }) => ({
    ...table,
    primaryKey: [...keyPositions.entries()].sort((a, b) => a[1] - b[1]).map(([name]) => name),
  }));
}

export async function listForeignKeys(db: Database): Promise<ForeignKey[]> {
  const rows = await queryAll<{ name: string; table_name: string; references_name: string; definition: string }>(
    db,
    sql`select con.conname as name, c.relname as table_name, r.relname as references_name,
               pg_get_constraintdef(con.oid) as definition
        from pg_constraint con
        join pg_class c on c.oid = con.conrelid
        join pg_class r on r.oid = con.confrelid
        join pg_namespace n on n.oid = c.relnamespace
        where con.contype = 'f' and n.nspname = ${APPLICATION_SCHEMA}
        order by c.relname, con.conname`,
  );
  return rows.map((row) => ({
    name: row.name,
    table: row.table_name,
    references: row.references_name,
    definition: row.definition,
  }));
}

export async function listSequences(db: Database): Promise<SequenceState[]> {
  const rows = await queryAll<{ name: string; last_value: string | null }>(
    db,
    sql`select sequencename as name, last_value::text as last_value
        from pg_sequences where schemaname = ${APPLICATION_SCHEMA} order by sequencename`,
  );
  return rows.map((row) => ({ name: row.name, lastValue: row.last_value }));
}

/** Sequences that number a column (serial and identity columns). */
export async function listOwnedSequences(db: Database): Promise<OwnedSequence[]> {
  return queryAll<OwnedSequence>(
    db,
    sql`select s.relname as sequence, t.relname as table, a.attname as column
        from pg_depend d
        join pg_class s on s.oid = d.objid and s.relkind = 'S'
        join pg_class t on t.oid = d.refobjid
        join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
        join pg_namespace n on n.oid = s.relnamespace
        where d.classid = 'pg_class'::regclass and d.refclassid = 'pg_class'::regclass
          and d.deptype in ('a', 'i') and n.nspname = ${APPLICATION_SCHEMA}
        order by s.relname`,
  );
}

/**
 * An order to load the tables in so that every referenced row exists before the rows referring to
 * it. Foreign keys that no order can satisfy (a table referring to itself, or a cycle of tables)
 * are returned as `unordered`: the restore drops them while it loads and adds them back after,
 * which checks every row against them.
 */
export function loadingOrder(
  tables: readonly TableInfo[],
  foreignKeys: readonly ForeignKey[],
): { order: string[]; unordered: ForeignKey[] } {
  const pending = new Set(tables.map((table) => table.name));
  const order: string[] = [];
  const orderable = foreignKeys.filter((key) => key.table !== key.references);
  while (pending.size > 0) {
    const ready = [...pending].filter(
      (name) => !orderable.some((key) => key.table === name && key.references !== name && pending.has(key.references)),
    );
    // A cycle: break it at the first table by name; its foreign keys still pending are unordered.
    const next = ready.length > 0 ? ready : [...pending].sort().slice(0, 1);
    for (const name of next) {
      pending.delete(name);
      order.push(name);
    }
  }
  const position = new Map(order.map((name, index) => [name, index]));
  const unordered = foreignKeys.filter((key) => position.get(key.references)! >= position.get(key.table)!);
  return { order, unordered };
}
