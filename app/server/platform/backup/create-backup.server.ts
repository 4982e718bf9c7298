/**
 * `npm run backup`: writes a backup directory (format.server.ts) from one consistent snapshot of
 * the database (a read-only, repeatable-read transaction, so a live PostgreSQL site keeps
 * serving and writing while it runs), streaming each table through a cursor into a gzip'd file so
 * that a large database never has to fit in memory. The files are copied after the snapshot: a
 * file uploaded meanwhile is extra, never missing. Everything it writes is its owner's alone (folders
 * 0700, files 0600): the tables hold password hashes and second-factor secrets, the files CVs.
 */
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import crypto from "node:crypto";
import { sql } from "drizzle-orm";
import { PROJECT_ROOT, type Database } from "../db/db.server";
import { createPrivateDirectory, PRIVATE_FILE_MODE } from "../private-files.server";
import type { FileStorage } from "../storage.server";
import { listSequences, listTables, type TableInfo } from "./catalogue.server";
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  TABLES_FOLDER,
  tableFileName,
  writeManifest,
  type BackupManifest,
  type BackupTableEntry,
} from "./format.server";
import { readMigrationLevel } from "./migrations.server";
import { queryAll, setCanonicalTextOutput } from "./sql.server";
import { readTableRows, rowLine } from "./table-rows.server";
import { backUpFiles, referencedFileKeys } from "./uploaded-files.server";

export interface BackupSource {
  db: Database;
  kind: "pglite" | "postgres";
  storage: FileStorage;
  /** The S3 bucket's name, recorded in the manifest when the files live there. */
  bucket?: string;
}

export interface BackupResult {
  directory: string;
  manifest: BackupManifest;
  /** The size of everything written, in bytes. */
  bytes: number;
}

function appVersion(): string {
  const packageFile = path.join(PROJECT_ROOT, "package.json");
  return (JSON.parse(fs.readFileSync(packageFile, "utf8")) as { version: string }).version;
}

/** Streams one table into its gzip'd file; returns the manifest entry with its count and checksum. */
async function writeTable(db: Database, table: TableInfo, directory: string): Promise<BackupTableEntry> {
  const file = tableFileName(table.name);
  const hash = crypto.createHash("sha256");
  let rows = 0;
  async function* lines() {
    for await (const values of readTableRows(db, table)) {
      const line = rowLine(values);
      hash.update(line);
      rows += 1;
      yield line;
    }
  }
  await pipeline(
    Readable.from(lines()),
    zlib.createGzip(),
    fs.createWriteStream(path.join(directory, file), { mode: PRIVATE_FILE_MODE }),
  );
  return {
    name: table.name,
    file,
    columns: table.columns,
    primaryKey: table.primaryKey,
    rows,
    sha256: hash.digest("hex"),
  };
}

function directorySize(directory: string): number {
  return fs
    .readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

export async function createBackup(source: BackupSource, destination: string): Promise<BackupResult> {
  const directory = path.resolve(destination);
  if (fs.existsSync(directory) && fs.readdirSync(directory).length > 0) {
    throw new BackupError(`${directory} already exists and is not empty: choose a new directory for the backup.`);
  }
  const existed = fs.existsSync(directory);
  // A folder the operator made (empty) keeps its mode; the ones made here, parents included, are 0700.
  createPrivateDirectory(path.join(directory, TABLES_FOLDER));
  try {
    const snapshot = await source.db.transaction(
      async (tx) => {
        await setCanonicalTextOutput(tx);
        const migrations = await readMigrationLevel(tx);
        if (!migrations) {
          throw new BackupError("The database has never been migrated: there is nothing to back up.");
        }
        const tables: BackupTableEntry[] = [];
        for (const table of await listTables(tx)) tables.push(await writeTable(tx, table, directory));
        const [version] = await queryAll<{ server_version: string }>(tx, sql`show server_version`);
        return {
          migrations,
          tables,
          sequences: await listSequences(tx),
          referencedKeys: await referencedFileKeys(tx),
          serverVersion: version?.server_version ?? "unknown",
        };
      },
      { isolationLevel: "repeatable read", accessMode: "read only" },
    );
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      appVersion: appVersion(),
      source: { database: source.kind, serverVersion: snapshot.serverVersion },
      migrations: snapshot.migrations,
      tables: snapshot.tables,
      sequences: snapshot.sequences,
      files: await backUpFiles(source.storage, snapshot.referencedKeys, directory, source.bucket),
    };
    // Last: a directory without its manifest is recognisably incomplete.
    writeManifest(directory, manifest);
    return { directory, manifest, bytes: directorySize(directory) };
  } catch (error) {
    // Leave nothing half-written behind, and an empty directory the operator made stays.
    if (existed) {
      for (const entry of fs.readdirSync(directory))
        fs.rmSync(path.join(directory, entry), { recursive: true, force: true });
    } else {
      fs.rmSync(directory, { recursive: true, force: true });
    }
    throw error;
  }
}
