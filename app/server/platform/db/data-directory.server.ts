/**
 * The embedded database's folders, kept from other local accounts: the database holds password
 * hashes, second-factor secrets, submissions and orders. DATA_DIR and DATA_DIR/pglite are created
 * 0700 before PGlite opens them; the files PGlite unpacks (0666, whatever the umask) are made 0600
 * once it is open. The operator's own DATA_DIR is never changed: when others can enter it, the
 * start-up log says so and how to fix it.
 */
import fs from "node:fs";
import { performance } from "node:perf_hooks";
import { logger } from "../logger.server";
import { createPrivateDirectory, makePrivate, makeTreePrivate, sharedPermissions } from "../private-files.server";

/** Makes DATA_DIR (when new) and the database's folder 0700, before PGlite opens the latter. */
export function prepareDatabaseDirectories(dataDir: string, databaseDir: string): void {
  if (fs.existsSync(dataDir)) warnIfShared(dataDir);
  createPrivateDirectory(dataDir);
  createPrivateDirectory(databaseDir);
  // The server made this folder itself (0755 before), so it may tighten it.
  makePrivate(databaseDir);
}

/** Takes the group and other bits off the files PGlite wrote; called once, after it opened. */
export function makeDatabaseFilesPrivate(databaseDir: string): void {
  const started = performance.now();
  try {
    const changed = makeTreePrivate(databaseDir);
    if (changed === 0) return;
    const milliseconds = Math.round(performance.now() - started);
    logger.info({ changed, milliseconds }, "made the embedded database's files readable by this account only");
  } catch (error) {
    // The database works all the same (its folder is 0700); the site stays up and the log says why.
    logger.warn({ err: error, databaseDir }, "could not make the embedded database's files private");
  }
}

function warnIfShared(dataDir: string): void {
  if (sharedPermissions(dataDir) === 0) return;
  const mode = (fs.statSync(dataDir).mode & 0o777).toString(8).padStart(4, "0");
  logger.warn(
    { dataDir, mode },
    `DATA_DIR ${dataDir} is open to other accounts on this machine (mode ${mode}), yet it holds the ` +
      `database, the uploaded files and the session secret. Fix it with: chmod 700 ${shellWord(dataDir)}`,
  );
}

/** A path as one word for a shell command that an operator copies. */
function shellWord(text: string): string {
  return /^[\w./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`;
}
