/**
 * Row counts and checksums of every table, and their comparison: how a restore proves itself
 * against its manifest, and how `scripts/verify-restore.ts` compares two databases.
 */
import type { Database } from "../db/db.server";
import { listSequences, listTables, type SequenceState } from "./catalogue.server";
import { readMigrationLevel, type MigrationLevel } from "./migrations.server";
import { setCanonicalTextOutput } from "./sql.server";
import { summariseTable, type TableSummary } from "./table-rows.server";

export interface DatabaseSummary {
  migrations: MigrationLevel | null;
  tables: TableSummary[];
  sequences: SequenceState[];
}

/** Every table's summary, inside the caller's transaction. */
export async function summariseTables(db: Database): Promise<TableSummary[]> {
  await setCanonicalTextOutput(db);
  const summaries: TableSummary[] = [];
  for (const table of await listTables(db)) summaries.push(await summariseTable(db, table));
  return summaries;
}

/** The whole database as one consistent snapshot, changing nothing. */
export async function summariseDatabase(db: Database): Promise<DatabaseSummary> {
  return db.transaction(
    async (tx) => ({
      migrations: await readMigrationLevel(tx),
      tables: await summariseTables(tx),
      sequences: await listSequences(tx),
    }),
    { isolationLevel: "repeatable read", accessMode: "read only" },
  );
}

export interface TableComparison {
  name: string;
  expected?: TableSummary;
  actual?: TableSummary;
  matches: boolean;
}

export function compareTables(expected: readonly TableSummary[], actual: readonly TableSummary[]): TableComparison[] {
  const names = [...new Set([...expected, ...actual].map((table) => table.name))].sort();
  return names.map((name) => {
    const want = expected.find((table) => table.name === name);
    const got = actual.find((table) => table.name === name);
    return {
      name,
      expected: want,
      actual: got,
      matches: Boolean(want && got && want.rows === got.rows && want.sha256 === got.sha256),
    };
  });
}

/** A fixed-width table for a terminal: name, both counts, both checksums (shortened) and the verdict. */
export function formatComparison(comparisons: readonly TableComparison[], labels: [string, string]): string[] {
  const width = Math.max(5, ...comparisons.map((row) => row.name.length));
  const cell = (summary: TableSummary | undefined) =>
    summary
      ? `${String(summary.rows).padStart(7)} ${summary.sha256.slice(0, 12)}`
      : `${"absent".padStart(7)} ${"".padEnd(12)}`;
  const lines = [
    `${"table".padEnd(width)}  ${labels[0].padEnd(20)}  ${labels[1].padEnd(20)}  result`,
    ...comparisons.map(
      (row) =>
        `${row.name.padEnd(width)}  ${cell(row.expected)}  ${cell(row.actual)}  ${row.matches ? "match" : "DIFFERENT"}`,
    ),
  ];
  const total = (pick: (row: TableComparison) => TableSummary | undefined) =>
    comparisons.reduce((sum, row) => sum + (pick(row)?.rows ?? 0), 0);
  const different = comparisons.filter((row) => !row.matches).length;
  lines.push(
    `${comparisons.length} tables, ${total((row) => row.expected)} rows in ${labels[0]}, ${total((row) => row.actual)} in ${labels[1]}: ` +
      (different === 0 ? "every table matches." : `${different} different.`),
  );
  return lines;
}
