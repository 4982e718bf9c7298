/**
 * The uploaded files in a backup. With local-disk storage, every file of DATA_DIR/uploads is
 * copied into the backup and back. With S3, the bucket stays where it is (the provider keeps it,
 * with versioning turned on): the backup records the keys the database refers to, and a restore
 * checks that the bucket still holds them.
 */
import fs from "node:fs";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import { sql } from "drizzle-orm";
import type { Database } from "../db/db.server";
import { createPrivateDirectory, PRIVATE_FILE_MODE } from "../private-files.server";
import { contentTypeOf, isValidStorageKey, LocalDiskStorage, type FileStorage } from "../storage.server";
import { FILES_FOLDER, type BackupManifest } from "./format.server";
import { hashFile } from "./lines.server";
import { queryAll } from "./sql.server";

export type FilesEntry = BackupManifest["files"];

/** The columns that hold storage keys; a new kind of upload adds its column here. */
const FILE_KEY_COLUMNS = [{ table: "contact_submissions", column: "attachment_url" }] as const;

export async function referencedFileKeys(db: Database): Promise<string[]> {
  const keys = new Set<string>();
  for (const { table, column } of FILE_KEY_COLUMNS) {
    const rows = await queryAll<{ key: string }>(
      db,
      sql`select ${sql.identifier(column)} as key from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
    );
    for (const row of rows) keys.add(row.key);
  }
  return [...keys].sort();
}

/** Copies the stored files into `<backup>/files` (local disk), or lists their keys (S3). */
export async function backUpFiles(
  storage: FileStorage,
  referencedKeys: string[],
  backupDirectory: string,
  bucket: string | undefined,
): Promise<FilesEntry> {
  if (!(storage instanceof LocalDiskStorage)) {
    return {
      storage: "s3",
      bucket: bucket ?? "",
      note: "The files stay in the S3 bucket: keep it backed up by the provider (versioning). These are the keys the database refers to.",
      keys: referencedKeys,
    };
  }
  const target = path.join(backupDirectory, FILES_FOLDER);
  createPrivateDirectory(target);
  // Partial uploads in progress are hidden files with invalid keys; only complete files count.
  const keys = fs.existsSync(storage.root)
    ? fs
        .readdirSync(storage.root, { withFileTypes: true })
        .filter((entry) => entry.isFile() && isValidStorageKey(entry.name))
        .map((entry) => entry.name)
        .sort()
    : [];
  const items = [];
  for (const key of keys) {
    const copy = path.join(target, key);
    try {
      await pipeline(await storage.open(key), fs.createWriteStream(copy, { flags: "wx", mode: PRIVATE_FILE_MODE }));
    } catch (error) {
      // Deleted (for example by retention) between the listing and the copy: not part of the backup.
      if ((error as { name?: string }).name === "StorageNotFoundError") continue;
      throw error;
    }
    items.push({ key, ...(await hashFile(copy)) });
  }
  return { storage: "local", items };
}

export interface FileProblem {
  key: string;
  problem: string;
}

/** Checks the backup's copies against the manifest before anything is restored. */
export async function checkBackedUpFiles(backupDirectory: string, files: FilesEntry): Promise<FileProblem[]> {
  if (files.storage !== "local") return [];
  const problems: FileProblem[] = [];
  for (const item of files.items) {
    if (!isValidStorageKey(item.key)) {
      problems.push({ key: item.key, problem: "is not a valid storage key" });
      continue;
    }
    const copy = path.join(backupDirectory, FILES_FOLDER, item.key);
    if (!fs.existsSync(copy)) {
      problems.push({ key: item.key, problem: "is missing from the backup" });
      continue;
    }
    const actual = await hashFile(copy);
    if (actual.sha256 !== item.sha256 || actual.bytes !== item.bytes) {
      problems.push({ key: item.key, problem: "does not match its checksum" });
    }
  }
  return problems;
}

/** Puts the backup's files into the target storage (local disk or S3); returns how many. */
export async function copyFilesIntoStorage(
  storage: FileStorage,
  backupDirectory: string,
  files: FilesEntry,
): Promise<number> {
  if (files.storage !== "local") return 0;
  for (const item of files.items) {
    const copy = path.join(backupDirectory, FILES_FOLDER, item.key);
    await storage.save(item.key, fs.createReadStream(copy), { contentType: contentTypeOf(item.key) });
  }
  return files.items.length;
}

/** The keys the database refers to that the storage does not hold. */
export async function findMissingFiles(storage: FileStorage, keys: readonly string[]): Promise<string[]> {
  const missing: string[] = [];
  for (const key of keys) {
    if (!isValidStorageKey(key) || !(await storage.exists(key))) missing.push(key);
  }
  return missing;
}
