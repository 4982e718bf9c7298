/**
 * The file storage (app/server/platform/storage.server.ts): local disk saves, opens and removes files under
 * flat keys, refuses any key that could leave its folder, and leaves nothing behind when a save
 * fails; the configuration chooses local disk or S3.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "~/server/platform/env.server";
import {
  LocalDiskStorage,
  S3Storage,
  StorageKeyError,
  StorageNotFoundError,
  storageFromEnv,
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
});

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
