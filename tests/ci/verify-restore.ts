/**
 * `tsx tests/ci/verify-restore.ts <source> <target>`: compares two databases table by table (row
 * counts and checksums of every row) and prints the result; exits 1 when any table differs. Each
 * side is a PostgreSQL URL or the DATA_DIR of an embedded database; the source may also be a backup
 * directory (its manifest's figures). `.ci/run` uses it after restoring a backup.
 */
import "../../scripts/prepare-env";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { compareTables, formatComparison, summariseDatabase } from "../../app/server/platform/backup/compare.server";
import { BackupError, MANIFEST_FILE, readManifest } from "../../app/server/platform/backup/format.server";
import { describeLevel, type MigrationLevel } from "../../app/server/platform/backup/migrations.server";
import type { TableSummary } from "../../app/server/platform/backup/table-rows.server";
import { openDatabase, type DatabaseTarget } from "../../app/server/platform/db/db.server";
import { runScript } from "../../scripts/run-script";

interface Side {
  label: string;
  migrations: MigrationLevel | null;
  tables: TableSummary[];
}

function databaseTarget(location: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//.test(location)) return { kind: "postgres", url: location, poolMax: 1 };
  if (!fs.existsSync(path.join(location, "pglite"))) {
    throw new BackupError(`${location} is neither a PostgreSQL URL nor a DATA_DIR holding an embedded database.`);
  }
  return { kind: "pglite", dataDir: location };
}

/** A readable name that never prints a password. */
function labelOf(location: string): string {
  if (!/^postgres(ql)?:\/\//.test(location)) return path.basename(path.resolve(location));
  return new URL(location).pathname.replace(/^\//, "") || "postgres";
}

/** A backup's manifest now, or the database to open; both arguments are checked before either is read. */
function locate(location: string): { manifestOf: string } | { target: DatabaseTarget } {
  if (fs.existsSync(path.join(location, MANIFEST_FILE))) return { manifestOf: location };
  return { target: databaseTarget(location) };
}

async function summarise(location: string, found: ReturnType<typeof locate>): Promise<Side> {
  if ("manifestOf" in found) {
    const manifest = readManifest(found.manifestOf);
    return { label: "backup", migrations: manifest.migrations, tables: manifest.tables };
  }
  const database = await openDatabase(found.target);
  try {
    const summary = await summariseDatabase(database.db);
    return { label: labelOf(location), migrations: summary.migrations, tables: summary.tables };
  } finally {
    await database.close();
  }
}

await runScript(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length !== 2) {
    throw new BackupError(
      "Usage: tsx tests/ci/verify-restore.ts <source: URL, DATA_DIR or backup> <target: URL or DATA_DIR>",
    );
  }
  const [sourceAt, targetAt] = [positionals[0]!, positionals[1]!];
  const located = [locate(sourceAt), locate(targetAt)] as const;
  const source = await summarise(sourceAt, located[0]);
  const target = await summarise(targetAt, located[1]);
  if (source.label === target.label) [source.label, target.label] = ["source", "target"];
  for (const side of [source, target]) {
    console.log(`${side.label}: migrations at ${side.migrations ? describeLevel(side.migrations) : "none"}`);
  }
  const comparisons = compareTables(source.tables, target.tables);
  for (const line of formatComparison(comparisons, [source.label, target.label])) console.log(line);
  if (comparisons.some((row) => !row.matches)) process.exitCode = 1;
});
