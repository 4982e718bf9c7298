/**
 * The backup format (docs/backups.md describes it for operators). A backup is a directory:
 *
 *   manifest.json              what is in it; written last, so a directory without it is incomplete
 *   tables/<table>.ndjson.gz   one per table: gzip'd lines, each a JSON array of the row's values
 *                              in PostgreSQL's text form (null for NULL), in primary-key order
 *   files/<key>                the uploaded files, when storage is the local disk
 *
 * The same format comes from and goes to PGlite and PostgreSQL alike.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { ExpectedError } from "../errors.server";
import { PRIVATE_FILE_MODE } from "../private-files.server";

export const BACKUP_FORMAT = "larkspire-backup";
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = "manifest.json";
export const TABLES_FOLDER = "tables";
export const FILES_FOLDER = "files";

/** A problem the person running a backup or restore can fix; the scripts print its message alone. */
export class BackupError extends ExpectedError {
  override name = "BackupError";
}

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  formatVersion: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  appVersion: z.string(),
  source: z.object({ database: z.enum(["pglite", "postgres"]), serverVersion: z.string() }),
  migrations: z.object({
    count: z.number().int().positive(),
    lastCreatedAt: z.number().int(),
    lastHash: z.string(),
    lastTag: z.string().optional(),
  }),
  tables: z.array(
    z.object({
      name: z.string().min(1),
      file: z.string().regex(/^tables\/[^/\\]+\.ndjson\.gz$/),
      columns: z.array(z.object({ name: z.string(), type: z.string(), generated: z.boolean() })),
      primaryKey: z.array(z.string()),
      rows: z.number().int().nonnegative(),
      sha256,
    }),
  ),
  sequences: z.array(
    z.object({
      name: z.string(),
      lastValue: z
        .string()
        .regex(/^-?\d+$/)
        .nullable(),
    }),
  ),
  files: z.discriminatedUnion("storage", [
    z.object({
      storage: z.literal("local"),
      items: z.array(z.object({ key: z.string(), bytes: z.number().int().nonnegative(), sha256 })),
    }),
    z.object({
      storage: z.literal("s3"),
      bucket: z.string(),
      note: z.string(),
      /** The keys the database refers to; the objects themselves stay in the bucket. */
      keys: z.array(z.string()),
    }),
  ]),
});

export type BackupManifest = z.infer<typeof manifestSchema>;
export type BackupTableEntry = BackupManifest["tables"][number];

/** The file of a table inside the backup; any table name gives a safe, distinct file name. */
export function tableFileName(table: string): string {
  return `${TABLES_FOLDER}/${encodeURIComponent(table).replace(/\./g, "%2E")}.ndjson.gz`;
}

export function writeManifest(directory: string, manifest: BackupManifest): void {
  fs.writeFileSync(path.join(directory, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
}

export function readManifest(directory: string): BackupManifest {
  const file = path.join(directory, MANIFEST_FILE);
  if (!fs.existsSync(directory)) throw new BackupError(`There is no backup at ${directory}.`);
  if (!fs.existsSync(file)) {
    throw new BackupError(`${directory} is not a complete backup: it has no ${MANIFEST_FILE}.`);
  }
  let data: unknown;
  try {
    data = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    throw new BackupError(`${file} is not valid JSON.`);
  }
  const result = manifestSchema.safeParse(data);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new BackupError(
      `${file} is not a backup manifest this version reads (${issue?.path.join(".")}: ${issue?.message}).`,
    );
  }
  return result.data;
}
