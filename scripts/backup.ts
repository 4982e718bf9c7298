/**
 * `npm run backup [-- <directory>]`: writes a backup of the configured database (PGlite in
 * DATA_DIR, or DATABASE_URL) and of the uploaded files to a new directory, by default
 * backups/backup-<UTC time>; see docs/backups.md for the format. On PostgreSQL it runs while
 * the site serves (one consistent snapshot). The embedded database belongs to one process, so
 * there the server must be stopped first.
 */
import "./prepare-env";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { createBackup } from "../app/server/platform/backup/create-backup.server";
import { BackupError } from "../app/server/platform/backup/format.server";
import { openDatabase, type DatabaseHandle } from "../app/server/platform/db/db.server";
import { databaseTargetFromEnv } from "../app/server/platform/db/database.server";
import { DatabaseInUseError } from "../app/server/platform/db/directory-lock.server";
import { getEnv } from "../app/server/platform/env.server";
import { getStorage } from "../app/server/platform/storage.server";
import { runScript } from "./run-script";

function defaultDirectory(): string {
  const stamp = new Date().toISOString().replace(/[-:]/g, "").replace(/\..*$/, "Z");
  return path.join("backups", `backup-${stamp}`);
}

async function openSource(): Promise<DatabaseHandle> {
  const env = getEnv();
  const target = databaseTargetFromEnv(env);
  if (target.kind === "pglite" && !fs.existsSync(path.join(target.dataDir, "pglite"))) {
    throw new BackupError(`There is no embedded database in ${target.dataDir} to back up (check DATA_DIR).`);
  }
  try {
    return await openDatabase(target);
  } catch (error) {
    if (!(error instanceof DatabaseInUseError)) throw error;
    throw new BackupError(
      `The embedded database in ${env.dataDir} is in use by a running server (pid ${error.ownerPid}), and only one ` +
        `process may open it. Stop the server, run npm run backup, then start the server again.`,
    );
  }
}

await runScript(async () => {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  if (positionals.length > 1) throw new BackupError("Usage: npm run backup [-- <new directory>]");
  const env = getEnv();
  const started = performance.now();
  const database = await openSource();
  try {
    const result = await createBackup(
      { db: database.db, kind: database.kind, storage: getStorage(), bucket: env.S3_BUCKET },
      positionals[0] ?? defaultDirectory(),
    );
    const { manifest } = result;
    for (const table of manifest.tables) console.log(`${table.name.padEnd(24)} ${String(table.rows).padStart(8)} rows`);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    const files =
      manifest.files.storage === "local"
        ? `${manifest.files.items.length} uploaded files copied`
        : `${manifest.files.keys.length} file keys recorded (the files stay in S3 bucket ${manifest.files.bucket})`;
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `Backed up ${rows} rows of ${manifest.tables.length} tables (${database.kind}, migration ` +
        `${manifest.migrations.lastTag ?? manifest.migrations.lastCreatedAt}) and ${files} ` +
        `to ${result.directory}: ${(result.bytes / 1024).toFixed(0)} KiB in ${seconds} s.`,
    );
  } finally {
    await database.close();
  }
});
