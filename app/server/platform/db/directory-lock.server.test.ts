import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DatabaseInUseError, acquireDirectoryLock } from "./directory-lock.server";

let directory: string;
let lockFile: string;
beforeAll(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "directory-lock-test-"));
  lockFile = path.join(directory, "pglite.lock");
});
afterEach(() => fs.rmSync(lockFile, { force: true }));
afterAll(() => fs.rmSync(directory, { recursive: true, force: true }));

/** Starts a process that stays alive until killed, and waits until it has a pid. */
function startSleeper(): Promise<ChildProcess & { pid: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn("sleep", ["30"], { stdio: "ignore" });
    child.once("error", reject);
    child.once("spawn", () => resolve(child as ChildProcess & { pid: number }));
  });
}

/** The pid of a process that has already exited. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn("true", [], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(child.pid!));
  });
}

describe("acquireDirectoryLock", () => {
  it("creates the lock file holding our pid", () => {
    const lock = acquireDirectoryLock(lockFile);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("refuses a lock held by another live process, naming its pid, and leaves the file alone", async () => {
    const other = await startSleeper();
    try {
      fs.writeFileSync(lockFile, String(other.pid));
      let error: unknown;
      try {
        acquireDirectoryLock(lockFile);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(DatabaseInUseError);
      expect((error as DatabaseInUseError).ownerPid).toBe(other.pid);
      expect((error as DatabaseInUseError).lockFile).toBe(lockFile);
      expect((error as Error).message).toContain(`pid ${other.pid}`);
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });

  it("takes over a lock left by a process that no longer runs", async () => {
    const pid = await deadPid();
    fs.writeFileSync(lockFile, String(pid));
    const lock = acquireDirectoryLock(lockFile);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("takes over a lock naming a pid that cannot exist, or holding garbage", () => {
    for (const content of ["999999999", "", "not a pid"]) {
      fs.writeFileSync(lockFile, content);
      const lock = acquireDirectoryLock(lockFile);
      expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
      lock.release();
    }
  });

  it("takes over our own lock left from an earlier open that was not closed", () => {
    fs.writeFileSync(lockFile, String(process.pid));
    const lock = acquireDirectoryLock(lockFile);
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    lock.release();
  });

  it("throws other file system errors instead of treating them as a held lock", () => {
    expect(() => acquireDirectoryLock(path.join(directory, "missing", "pglite.lock"))).toThrow(/ENOENT/);
  });
});

describe("release", () => {
  it("removes the lock file", () => {
    const lock = acquireDirectoryLock(lockFile);
    lock.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("is idempotent: a second release neither throws nor removes a lock taken since", () => {
    const first = acquireDirectoryLock(lockFile);
    first.release();
    expect(() => first.release()).not.toThrow();

    const second = acquireDirectoryLock(lockFile);
    first.release();
    expect(fs.readFileSync(lockFile, "utf8")).toBe(String(process.pid));
    second.release();
    expect(fs.existsSync(lockFile)).toBe(false);
  });

  it("does not throw when the lock file was already removed by someone else", () => {
    const lock = acquireDirectoryLock(lockFile);
    fs.rmSync(lockFile);
    expect(() => lock.release()).not.toThrow();
  });
});
