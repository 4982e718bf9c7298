/**
 * `npm run restore`: loads a backup into an empty database (PGlite or PostgreSQL alike). Nothing
 * changes unless everything succeeds: the backup is checked against its manifest first, then one
 * transaction migrates the target to the backup's migration level, loads every table in
 * foreign-key order, sets the sequences, compares every table's count and checksum with the
 * manifest, and only then applies the migrations newer than the backup and commits.
 */
import path from "node:path";
import { sql } from "drizzle-orm";
import { MIGRATION_LOCK_ID, type Database } from "../db/db.server";
import type { FileStorage } from "../storage.server";
import {
  listForeignKeys,
  listOwnedSequences,
  listTables,
  loadingOrder,
  type ForeignKey,
  type TableInfo,
} from "./catalogue.server";
import { compareTables, formatComparison, summariseTables, type TableComparison } from "./compare.server";
import { BackupError, readManifest, type BackupManifest, type BackupTableEntry } from "./format.server";
import { hashGzipLines, readGzipLines } from "./lines.server";
import {
  applyMigrationsBetween,
  committedMigrations,
  describeLevel,
  readMigrationLevel,
  type MigrationLevel,
} from "./migrations.server";
import { APPLICATION_SCHEMA, qualifiedName, queryAll, tableIdentifier, setCanonicalTextOutput } from "./sql.server";
import {
  checkBackedUpFiles,
  copyFilesIntoStorage,
  findMissingFiles,
  referencedFileKeys,
} from "./uploaded-files.server";

export interface RestoreTarget {
  db: Database;
  storage: FileStorage;
}

export interface RestoreOptions {
  /** Delete every row of a target that is not empty, instead of refusing it. */
  replace?: boolean;
}

export interface RestoreResult {
  manifest: BackupManifest;
  /** Each table of the manifest against the restored table, checked before the commit. */
  comparisons: TableComparison[];
  /** The migration level after the restore: the backup's, plus any newer migration of this version. */
  migrations: MigrationLevel | null;
  filesCopied: number;
  /** Keys the restored rows refer to that the target storage does not hold (S3 backups, or lost files). */
  missingFiles: string[];
}

/** The restored tables did not match the backup; the transaction was rolled back. */
export class RestoreVerificationError extends BackupError {
  override name = "RestoreVerificationError";
  constructor(readonly comparisons: TableComparison[]) {
    super(
      [
        "The restored rows do not match the backup's manifest, so nothing was restored:",
        ...formatComparison(comparisons, ["backup", "restored"]),
      ].join("\n"),
    );
  }
}

/** Rows per insert, and the most JSON text one insert carries: memory stays bounded. */
const BATCH_ROWS = 1000;
const BATCH_CHARACTERS = 4_000_000;

/** The backup must come from this version's migrations, at this version's level or an older one. */
function checkMigrationsKnown(manifest: BackupManifest): void {
  const committed = committedMigrations();
  const level = manifest.migrations;
  const known = committed.find(
    (migration) => migration.folderMillis === level.lastCreatedAt && migration.hash === level.lastHash,
  );
  if (known) return;
  const newest = committed.at(-1);
  if (newest && level.lastCreatedAt > newest.folderMillis) {
    throw new BackupError(
      `This backup was made by a newer version of the site (${manifest.appVersion}, migration ${describeLevel(level)}). ` +
        `Restore it with that version or a newer one.`,
    );
  }
  throw new BackupError(
    `This backup's last migration (${describeLevel(level)}) is not one of this version's migrations. ` +
      `Restore it with the version that made it (${manifest.appVersion}).`,
  );
}

async function tablesWithRows(db: Database, tables: readonly TableInfo[]): Promise<string[]> {
  const names: string[] = [];
  for (const table of tables) {
    const [row] = await queryAll<{ found: boolean }>(
      db,
      sql`select exists (select 1 from ${tableIdentifier(table.name)}) as found`,
    );
    if (row?.found) names.push(table.name);
  }
  return names;
}

/** Refuses a target the backup cannot go into; returns its current level. */
async function checkTarget(db: Database, manifest: BackupManifest, replace: boolean): Promise<MigrationLevel | null> {
  const level = await readMigrationLevel(db);
  if (level && level.lastCreatedAt > manifest.migrations.lastCreatedAt) {
    throw new BackupError(
      `The target database is at a newer migration level (${describeLevel(level)}) than the backup ` +
        `(${describeLevel(manifest.migrations)}). Restore into an empty database: the restore builds the backup's ` +
        `schema, loads the rows, then applies the newer migrations.`,
    );
  }
  const filled = await tablesWithRows(db, await listTables(db));
  if (filled.length > 0 && !replace) {
    throw new BackupError(
      `The target database is not empty (rows in ${filled.join(", ")}). Restore into an empty database, ` +
        `or add --replace to delete everything in this one first.`,
    );
  }
  return level;
}

async function checkBackupFiles(directory: string, manifest: BackupManifest): Promise<void> {
  const problems: string[] = [];
  for (const table of manifest.tables) {
    try {
      const actual = await hashGzipLines(path.join(directory, table.file));
      if (actual.rows !== table.rows || actual.sha256 !== table.sha256) {
        problems.push(`${table.file} does not match its checksum`);
      }
    } catch (error) {
      problems.push(`${table.file} cannot be read (${(error as Error).message})`);
    }
  }
  for (const file of await checkBackedUpFiles(directory, manifest.files)) {
    problems.push(`files/${file.key} ${file.problem}`);
  }
  if (problems.length > 0) {
    throw new BackupError(
      `The backup at ${directory} is damaged, so nothing was restored:\n  ${problems.join("\n  ")}`,
    );
  }
}

/** The target's tables must be the backup's, column for column, once it is at the backup's level. */
function matchTables(manifest: BackupManifest, tables: readonly TableInfo[]): Map<string, TableInfo> {
  const byName = new Map(tables.map((table) => [table.name, table]));
  const problems: string[] = [];
  for (const entry of manifest.tables) {
    const table = byName.get(entry.name);
    if (!table) {
      problems.push(`table ${entry.name} does not exist`);
      continue;
    }
    const expected = entry.columns.map((column) => column.name).join(", ");
    const actual = table.columns.map((column) => column.name).join(", ");
    if (expected !== actual) problems.push(`${entry.name} has columns (${actual}) where the backup has (${expected})`);
  }
  for (const table of tables) {
    if (!manifest.tables.some((entry) => entry.name === table.name))
      problems.push(`table ${table.name} is not in the backup`);
  }
  if (problems.length > 0) {
    throw new BackupError(
      `At the backup's migration level the target's schema differs from the backup's:\n  ${problems.join("\n  ")}`,
    );
  }
  return byName;
}

async function insertBatch(db: Database, entry: BackupTableEntry, table: TableInfo, lines: string[]): Promise<void> {
  const written = entry.columns.map((column, index) => ({ ...column, index })).filter((column) => !column.generated);
  const types = new Map(table.columns.map((column) => [column.name, column.type]));
  const names = sql.join(
    written.map((column) => sql.identifier(column.name)),
    sql`, `,
  );
  // Each value goes in as text and is read by its column type's own input function.
  const values = sql.join(
    written.map((column) => sql`(r ->> ${sql.raw(String(column.index))})::${sql.raw(types.get(column.name)!)}`),
    sql`, `,
  );
  const rows = `[${lines.join(",")}]`;
  await db.execute(
    sql`insert into ${tableIdentifier(entry.name)} (${names}) overriding system value
        select ${values} from json_array_elements(${rows}::text::json) as r`,
  );
}

async function loadTable(db: Database, directory: string, entry: BackupTableEntry, table: TableInfo): Promise<void> {
  let batch: string[] = [];
  let characters = 0;
  try {
    for await (const line of readGzipLines(path.join(directory, entry.file))) {
      batch.push(line);
      characters += line.length;
      if (batch.length >= BATCH_ROWS || characters >= BATCH_CHARACTERS) {
        await insertBatch(db, entry, table, batch);
        batch = [];
        characters = 0;
      }
    }
    if (batch.length > 0) await insertBatch(db, entry, table, batch);
  } catch (error) {
    // The database's own reason, without the failed statement and the rows it carried.
    const reason = ((error as Error).cause as Error | undefined)?.message ?? (error as Error).message;
    throw new BackupError(`Could not load the rows of ${entry.name}: ${reason}. Nothing was restored.`);
  }
}

/** Sets each sequence where the backup left it, and never below the largest value its column holds. */
async function restoreSequences(db: Database, manifest: BackupManifest): Promise<void> {
  for (const sequence of manifest.sequences) {
    if (sequence.lastValue === null) continue;
    await db.execute(
      sql`select setval(${qualifiedName(sequence.name)}::text::regclass, ${sequence.lastValue}::text::bigint, true)`,
    );
  }
  for (const owned of await listOwnedSequences(db)) {
    await db.execute(
      sql`select setval(${qualifiedName(owned.sequence)}::text::regclass, greatest(
            (select max(${sql.identifier(owned.column)}) from ${tableIdentifier(owned.table)}),
            (select last_value from pg_sequences where schemaname = ${APPLICATION_SCHEMA} and sequencename = ${owned.sequence})), true)
          where exists (select 1 from ${tableIdentifier(owned.table)})`,
    );
  }
}

async function dropForeignKeys(db: Database, keys: readonly ForeignKey[]): Promise<void> {
  for (const key of keys) {
    await db.execute(sql`alter table ${tableIdentifier(key.table)} drop constraint ${sql.identifier(key.name)}`);
  }
}

async function addForeignKeys(db: Database, keys: readonly ForeignKey[]): Promise<void> {
  for (const key of keys) {
    await db.execute(
      sql`alter table ${tableIdentifier(key.table)} add constraint ${sql.identifier(key.name)} ${sql.raw(key.definition)}`,
    );
  }
}

export async function restoreBackup(
  target: RestoreTarget,
  backupDirectory: string,
  options: RestoreOptions = {},
): Promise<RestoreResult> {
  const directory = path.resolve(backupDirectory);
  const manifest = readManifest(directory);
  const replace = options.replace ?? false;
  checkMigrationsKnown(manifest);
  // Checked before anything is written, and again inside the transaction in case something wrote since.
  await checkTarget(target.db, manifest, replace);
  await checkBackupFiles(directory, manifest);
  // Files first: if loading the rows then fails, a spare file harms nothing; a row without its file would.
  const filesCopied = await copyFilesIntoStorage(target.storage, directory, manifest.files);

  const comparisons = await target.db.transaction(async (tx) => {
    await setCanonicalTextOutput(tx);
    // A server starting on this database now waits instead of migrating under the restore.
    await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
    const level = await checkTarget(tx, manifest, replace);
    const existing = await listTables(tx);
    if (replace && existing.length > 0) {
      await tx.execute(
        sql`truncate ${sql.join(
          existing.map((table) => tableIdentifier(table.name)),
          sql`, `,
        )} cascade`,
      );
    }
    await applyMigrationsBetween(tx, level?.lastCreatedAt ?? 0, manifest.migrations.lastCreatedAt);

    const tables = await listTables(tx);
    const byName = matchTables(manifest, tables);
    const foreignKeys = await listForeignKeys(tx);
    const { order, unordered } = loadingOrder(tables, foreignKeys);
    await dropForeignKeys(tx, unordered);
    for (const name of order) {
      const entry = manifest.tables.find((table) => table.name === name)!;
      await loadTable(tx, directory, entry, byName.get(name)!);
    }
    await addForeignKeys(tx, unordered);
    await restoreSequences(tx, manifest);

    const checked = compareTables(manifest.tables, await summariseTables(tx));
    if (checked.some((row) => !row.matches)) throw new RestoreVerificationError(checked);
    // The rows are the backup's: now bring them to this version's schema, as a server start would.
    await applyMigrationsBetween(tx, manifest.migrations.lastCreatedAt, Number.MAX_SAFE_INTEGER);
    return checked;
  });

  return {
    manifest,
    comparisons,
    migrations: await readMigrationLevel(target.db),
    filesCopied,
    missingFiles: await findMissingFiles(target.storage, await referencedFileKeys(target.db)),
  };
}
