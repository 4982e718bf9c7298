/**
 * The files of DATA_DIR on disk (app/server/platform/db/data-directory.server.ts, private-files.server.ts):
 * a fresh DATA_DIR holding the session secret, an upload and the embedded database has nothing that
 * another local account may read or change (PGlite itself writes 0666 files whatever the umask).
 * An operator's existing DATA_DIR that others can enter is left as it is and reported, with the
 * command that fixes it, while the database's own folder and files are tightened.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/server/platform/db/db.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { getSessionSecret } from "~/server/platform/secrets.server";
import { getStorage } from "~/server/platform/storage.server";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "database-files-"));
const dataDir = path.join(base, "data");
const databaseDir = path.join(dataDir, "pglite");
/** Opening a new PGlite folder unpacks and starts a whole cluster: seconds on a busy machine. */
const OPEN_TIMEOUT_MS = 120_000;

beforeAll(() => {
  vi.stubEnv("DATA_DIR", dataDir);
  vi.stubEnv("SESSION_SECRET", "");
  resetEnvForTests();
});
afterAll(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
  fs.rmSync(base, { recursive: true, force: true });
});

/** Every file and folder under `root` (itself included) with a group or other permission bit, and its mode. */
function sharedEntries(root: string): string[] {
  const found: string[] = [];
  const visit = (entry: string) => {
    const stat = fs.lstatSync(entry);
    if (stat.isSymbolicLink()) return;
    if ((stat.mode & 0o077) !== 0) found.push(`${path.relative(base, entry)} ${(stat.mode & 0o777).toString(8)}`);
    if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) visit(path.join(entry, name));
  };
  visit(root);
  return found;
}

function modeOf(target: string): number {
  return fs.statSync(target).mode & 0o777;
}

describe("DATA_DIR on disk", () => {
  it(
    "is created with nothing another account can read or write: secret, uploads and database",
    async () => {
      const warn = vi.spyOn(logger, "warn");
      getSessionSecret();
      await getStorage().save("1700000000000-0123456789abcdef0123456789abcdef.pdf", Readable.from(["%PDF-1.4"]), {
        contentType: "application/pdf",
      });
      const database = await openDatabase({ kind: "pglite", dataDir });
      try {
        await database.migrate();
        expect(fs.readdirSync(databaseDir).length).toBeGreaterThan(0);
        expect(sharedEntries(dataDir)).toEqual([]);
      } finally {
        await database.close();
      }
      expect(sharedEntries(dataDir)).toEqual([]);
      expect(warn).not.toHaveBeenCalled();
    },
    OPEN_TIMEOUT_MS,
  );

  it(
    "reports an existing DATA_DIR that others can enter, leaves it, and tightens the database's files",
    async () => {
      // As an install of an earlier version left it: made with the umask's 0755, PGlite's files 0666.
      fs.chmodSync(dataDir, 0o755);
      fs.chmodSync(databaseDir, 0o755);
      fs.chmodSync(path.join(databaseDir, "PG_VERSION"), 0o666);
      const warn = vi.spyOn(logger, "warn");

      const database = await openDatabase({ kind: "pglite", dataDir });
      await database.close();

      expect(warn).toHaveBeenCalledTimes(1);
      const [details, message] = warn.mock.calls[0] as unknown as [object, string];
      expect(details).toMatchObject({ dataDir, mode: "0755" });
      expect(message).toContain(`chmod 700 ${dataDir}`);
      expect(modeOf(dataDir)).toBe(0o755);
      expect(sharedEntries(databaseDir)).toEqual([]);
      expect(modeOf(path.join(databaseDir, "PG_VERSION"))).toBe(0o600);
    },
    OPEN_TIMEOUT_MS,
  );
});
