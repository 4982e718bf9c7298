/**
 * A lock file holding the owner's process id, so that only one process opens an embedded
 * database directory at a time. A lock left behind by a process that no longer runs is taken over.
 */
import fs from "node:fs";
import { PRIVATE_FILE_MODE } from "../private-files.server";

export interface DirectoryLock {
  release(): void;
}

export class DatabaseInUseError extends Error {
  override name = "DatabaseInUseError";
  constructor(
    readonly lockFile: string,
    readonly ownerPid: number,
  ) {
    super(
      `The embedded database is in use by another process (pid ${ownerPid}). ` +
        `Stop the running server first, or remove ${lockFile} if that process no longer exists.`,
    );
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function acquireDirectoryLock(lockFile: string): DirectoryLock {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx", mode: PRIVATE_FILE_MODE });
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          fs.rmSync(lockFile, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const ownerPid = Number.parseInt(fs.readFileSync(lockFile, "utf8"), 10);
      if (Number.isInteger(ownerPid) && ownerPid !== process.pid && isRunning(ownerPid)) {
        throw new DatabaseInUseError(lockFile, ownerPid);
      }
      // Stale: its owner has gone (or it is our own from an earlier, unclosed open).
      fs.rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock ${lockFile}`);
}
