/**
 * `npm run restore -- [--replace] <backup directory>`: restores a backup made by `npm run backup`
 * into the configured database (PGlite in DATA_DIR, or DATABASE_URL), which must be empty unless
 * --replace is given (then every row in it is deleted first), and the files into the configured
 * storage. All or nothing: the rows are checked against the backup's counts and checksums before
 * the transaction commits, and the result is printed. Stop the server first on the embedded database.
 */
import "./prepare-env";
import { parseArgs } from "node:util";
import { formatComparison } from "../app/server/platform/backup/compare.server";
import { BackupError, readManifest } from "../app/server/platform/backup/format.server";
import { describeLevel } from "../app/server/platform/backup/migrations.server";
import { restoreBackup } from "../app/server/platform/backup/restore-backup.server";
import { openDatabase } from "../app/server/platform/db/db.server";
import { databaseTargetFromEnv } from "../app/server/platform/db/database.server";
import { getEnv } from "../app/server/platform/env.server";
import { getStorage } from "../app/server/platform/storage.server";
import { runScript } from "./run-script";

await runScript(async () => {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: { replace: { type: "boolean", default: false } },
  });
  if (positionals.length !== 1) throw new BackupError("Usage: npm run restore -- [--replace] <backup directory>");
  // A wrong path or a damaged manifest is reported before the database is opened at all.
  readManifest(positionals[0]!);
  const started = performance.now();
  const database = await openDatabase(databaseTargetFromEnv(getEnv()));
  try {
    const result = await restoreBackup({ db: database.db, storage: getStorage() }, positionals[0]!, {
      replace: values.replace,
    });
    for (const line of formatComparison(result.comparisons, ["backup", "restored"])) console.log(line);
    const { manifest } = result;
    console.log(
      `Restored the backup of ${manifest.createdAt} (version ${manifest.appVersion}, ${manifest.source.database}) ` +
        `into ${database.kind}; ${result.filesCopied} uploaded files copied; migrations now at ` +
        `${result.migrations ? describeLevel(result.migrations) : "none"}; ${((performance.now() - started) / 1000).toFixed(1)} s.`,
    );
    if (manifest.files.storage === "s3") {
      console.log(`The files stay in S3 bucket ${manifest.files.bucket}; ${manifest.files.keys.length} keys recorded.`);
    }
    if (result.missingFiles.length > 0) {
      console.error(
        `The storage lacks ${result.missingFiles.length} files the rows refer to: ${result.missingFiles.join(", ")}`,
      );
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
});
