/**
 * Files that only the server's own account may read or change: the session secret, uploads and
 * the embedded database. Their modes are set explicitly rather than left to the umask, which is
 * commonly 022 and would let every local account read them (and PGlite writes 0666 whatever it is).
 */
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_DIRECTORY_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** The permission bits of the file's group and of every other account. */
const SHARED_BITS = 0o077;

/** The group and other permission bits of a file or folder (0 when only its owner has any). */
export function sharedPermissions(target: string): number {
  return fs.statSync(target).mode & SHARED_BITS;
}

/** Creates the folder, and any missing parents, as 0700; a folder that exists is left as it is. */
export function createPrivateDirectory(directory: string): void {
  fs.mkdirSync(directory, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
}

/**
 * Takes the group and other bits off a folder and everything inside it (files become 0600 and
 * folders 0700 from the usual 0666 and 0755); returns how many entries changed. Symbolic links
 * are not followed: what they point to is not this folder's. Synchronous on purpose: PGlite runs
 * on this same thread, so it cannot create or delete a file in the middle of the walk.
 */
export function makeTreePrivate(directory: string): number {
  let changed = makePrivate(directory) ? 1 : 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true })) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) changed += makeTreePrivate(entryPath);
    else if (entry.isFile() && makePrivate(entryPath)) changed += 1;
  }
  return changed;
}

/** Takes the group and other bits off one file or folder; true when it had any. */
export function makePrivate(target: string): boolean {
  const { mode } = fs.lstatSync(target);
  if ((mode & SHARED_BITS) === 0) return false;
  fs.chmodSync(target, mode & 0o700);
  return true;
}
