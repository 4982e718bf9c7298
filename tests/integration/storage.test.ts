/**
 * The file storage (app/server/platform/storage.server.ts): local disk saves, opens and removes files under
 * flat keys, refuses any key that could leave its folder, leaves nothing behind when a save
 * fails, lists its complete files and deletes the partial files of saves a crash cut short; the
 * configuration chooses local disk or S3.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough, Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it, vi } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import {
  LocalDiskStorage,
  S3Storage,
  StorageKeyError,
  StorageNotFoundError,
  storageFromEnv,
  type StoredFile,
} from "~/server/platform/storage.server";

const base = fs.mkdtempSync(path.join(os.tmpdir(), "storage-test-"));
const root = path.join(base, "uploads");
const storage = new LocalDiskStorage(root);
afterAll(() => fs.rmSync(base, { recursive: true, force: true }));

describe("LocalDiskStorage", () => {
  it("saves, reports, opens and removes a file", async () => {
    const key = "1700000000000-abcdef.pdf";
    await storage.save(key, Readable.from([Buffer.from("%PDF-1.4 "), Buffer.from("hello")]), {
      contentType: "application/pdf",
    });
    expect(fs.readdirSync(root)).toEqual([key]);
    await expect(storage.exists(key)).resolves.toBe(true);
    await expect(text(await storage.open(key))).resolves.toBe("%PDF-1.4 hello");
    await storage.remove(key);
    await expect(storage.exists(key)).resolves.toBe(false);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.open(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("refuses keys that could leave the folder", async () => {
    fs.writeFileSync(path.join(base, "secret.txt"), "secret");
    for (const key of [
      "../secret.txt",
      "..",
      ".",
      "",
      "a/b.txt",
      "a\\b.txt",
      "/etc/passwd",
      ".hidden",
      "a..b",
      "x\0y",
    ]) {
      await expect(storage.open(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.save(key, Readable.from(["x"]), { contentType: "text/plain" })).rejects.toBeInstanceOf(
        StorageKeyError,
      );
    }
    expect(fs.readFileSync(path.join(base, "secret.txt"), "utf8")).toBe("secret");
  });

  it("leaves nothing when the stream fails part-way", async () => {
    const failing = new Readable({
      read() {
        this.push(Buffer.alloc(1024));
        this.destroy(new Error("connection lost"));
      },
    });
    await expect(storage.save("1-broken.txt", failing, { contentType: "text/plain" })).rejects.toThrow(
      "connection lost",
    );
    expect(fs.readdirSync(root)).toEqual([]);
  });

  it("lists the complete files under a prefix with when each was written", async () => {
    const empty = new LocalDiskStorage(path.join(base, "never-used"));
    expect(await collect(empty.list())).toEqual([]);

    const written = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    for (const key of ["1700000000001-a.pdf", "1700000000002-b.pdf", "media-1-original.jpg"]) {
      await storage.save(key, Readable.from(["x"]), { contentType: "application/pdf" });
      fs.utimesSync(storage.pathOf(key), written, written);
    }
    // A save in progress, and a folder: neither is a stored file.
    fs.writeFileSync(path.join(root, ".1700000000003-c.pdf.0a1b2c.part"), "half");
    fs.mkdirSync(path.join(root, "1700000000004-folder"));

    const listed = (await collect(storage.list("17"))).sort((a, b) => a.key.localeCompare(b.key));
    expect(listed).toEqual([
      { key: "1700000000001-a.pdf", lastModified: written },
      { key: "1700000000002-b.pdf", lastModified: written },
    ]);
    expect((await collect(storage.list())).map((file) => file.key).sort()).toEqual([
      "1700000000001-a.pdf",
      "1700000000002-b.pdf",
      "media-1-original.jpg",
    ]);
    await expect(collect(storage.list("../"))).rejects.toBeInstanceOf(StorageKeyError);
  });
});

describe("LocalDiskStorage.removeStaleTemporaryFiles", () => {
  const now = new Date(Date.UTC(2025, 5, 1, 12));
  const cutoff = new Date(now.getTime() - 15 * 60_000);

  /** A file in the store's folder, last written `minutesAgo` before `now`. */
  function leave(name: string, minutesAgo: number): void {
    fs.mkdirSync(root, { recursive: true });
    fs.writeFileSync(path.join(root, name), "half");
    const written = new Date(now.getTime() - minutesAgo * 60_000);
    fs.utimesSync(path.join(root, name), written, written);
  }

  it("deletes the temporary files of saves last written before the date, and nothing else", async () => {
    fs.rmSync(root, { recursive: true, force: true });
    await expect(storage.removeStaleTemporaryFiles(cutoff)).resolves.toBe(0);
    leave(".1700000000005-old.pdf.0a1b2c3d4e5f.part", 16);
    leave(".media-1-original.jpg.abcdefabcdef.part", 60 * 24);
    leave(".1700000000006-young.pdf.0a1b2c3d4e5f.part", 14);
    // An old complete file, and old hidden files that no save makes.
    leave("1700000000007-complete.pdf", 60 * 24);
    leave(".1700000000008-other.pdf.part", 60 * 24);
    leave(".hidden", 60 * 24);

    await expect(storage.removeStaleTemporaryFiles(cutoff)).resolves.toBe(2);
    expect(fs.readdirSync(root).sort()).toEqual([
      ".1700000000006-young.pdf.0a1b2c3d4e5f.part",
      ".1700000000008-other.pdf.part",
      ".hidden",
      "1700000000007-complete.pdf",
    ]);
  });

  it("recognises the file a save writes to, and that save then fails instead of storing half a file", async () => {
    fs.rmSync(root, { recursive: true, force: true });
    const body = new PassThrough();
    const saving = storage.save("1700000000009-stalled.pdf", body, { contentType: "application/pdf" });
    body.write("half");
    const partial = () => fs.readdirSync(root).map((name) => path.join(root, name));
    await vi.waitFor(() => expect(partial().map((file) => fs.statSync(file).size)).toEqual([4]));
    const stalled = new Date(cutoff.getTime() - 60_000);
    fs.utimesSync(partial()[0]!, stalled, stalled);

    await expect(storage.removeStaleTemporaryFiles(cutoff)).resolves.toBe(1);
    body.end();
    await expect(saving).rejects.toThrow();
    expect(fs.readdirSync(root)).toEqual([]);
  });
});

async function collect(files: AsyncIterable<StoredFile>): Promise<StoredFile[]> {
  const all: StoredFile[] = [];
  for await (const file of files) all.push(file);
  return all;
}

describe("storageFromEnv", () => {
  it("uses DATA_DIR/uploads by default and S3 when a bucket is configured", () => {
    const local = storageFromEnv(parseEnv({ DATA_DIR: base }));
    expect(local).toBeInstanceOf(LocalDiskStorage);
    expect((local as LocalDiskStorage).root).toBe(path.join(base, "uploads"));
    const s3 = storageFromEnv(
      parseEnv({
        S3_BUCKET: "files",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "id",
        S3_SECRET_ACCESS_KEY: "secret",
      }),
    );
    expect(s3).toBeInstanceOf(S3Storage);
  });
});
