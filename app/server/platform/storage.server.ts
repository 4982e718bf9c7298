/**
 * Where uploaded files live (DESIGN.md: the storage interface). By default a folder outside the web
 * root, `DATA_DIR/uploads`; with `S3_BUCKET` set, any S3-compatible bucket. Files are addressed by a
 * flat key the server generated (never a visitor's file name), checked so that it cannot name
 * anything outside the store.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { S3Client } from "@aws-sdk/client-s3";
import { getEnv, type Env } from "./env.server";
import { PRIVATE_DIRECTORY_MODE, PRIVATE_FILE_MODE } from "./private-files.server";

/** The content type stored with a file, by its extension: the file types the site keeps. */
export const CONTENT_TYPES = {
  ".pdf": "application/pdf",
  ".doc": "application/msword",
  ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  ".txt": "text/plain; charset=utf-8",
  // The media library's originals and generated variants (app/server/media/).
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".webp": "image/webp",
  ".avif": "image/avif",
} as const;

/** The content type for a stored file's key or name; unknown extensions are plain bytes. */
export function contentTypeOf(key: string): string {
  const extension = path.extname(key).toLowerCase();
  return (CONTENT_TYPES as Record<string, string>)[extension] ?? "application/octet-stream";
}

export interface FileStorage {
  /** Stores the stream under the key; on failure nothing is left under the key or beside it. */
  save(key: string, body: Readable, options: { contentType: string }): Promise<void>;
  /** The file's bytes; throws StorageNotFoundError when there is no such file. */
  open(key: string): Promise<Readable>;
  /** Deletes the file; a missing file is not an error. */
  remove(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /**
   * The stored files whose keys start with the prefix ("" for all), with when each was last
   * written; a file still being written is not among them. For sweeps, so in no particular order.
   */
  list(prefix?: string): AsyncIterable<StoredFile>;
  /**
   * Deletes what saves cut short by a crash left behind, when last written before the date;
   * returns how many. Only stores that keep such leftovers beside the files have it (an S3
   * multipart upload that is never finished is the bucket's lifecycle rule's to abort).
   */
  removeStaleTemporaryFiles?(writtenBefore: Date): Promise<number>;
}

export interface StoredFile {
  key: string;
  lastModified: Date;
}

export class StorageKeyError extends Error {
  override name = "StorageKeyError";
}

export class StorageNotFoundError extends Error {
  override name = "StorageNotFoundError";
}

/** A flat name: letters, digits, dot, dash and underscore, no leading dot, no "..", at most 200 characters. */
const KEY_PATTERN = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,199}$/;

export function isValidStorageKey(key: unknown): key is string {
  return typeof key === "string" && KEY_PATTERN.test(key) && !key.includes("..");
}

export function assertStorageKey(key: unknown): asserts key is string {
  if (!isValidStorageKey(key)) throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** The start of a key: the key's own characters, possibly none. */
const KEY_PREFIX_PATTERN = /^[A-Za-z0-9._-]{0,199}$/;

function assertKeyPrefix(prefix: string): void {
  if (KEY_PREFIX_PATTERN.test(prefix)) return;
  throw new StorageKeyError(`Invalid storage key prefix: ${JSON.stringify(prefix)}`);
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === "ENOENT";
}

/** The file's details, or undefined when it was removed (or renamed) since its folder was read. */
async function statIfPresent(file: string): Promise<fs.Stats | undefined> {
  return fs.promises.stat(file).catch((error: unknown) => {
    if (isNotFound(error)) return undefined;
    throw error;
  });
}

/** A save's file until it is complete: hidden, and no valid key, so that nothing lists or serves it. */
function temporaryName(key: string): string {
  return `.${key}.${crypto.randomBytes(6).toString("hex")}.part`;
}

const TEMPORARY_NAME_PATTERN = /^\.(.+)\.[0-9a-f]{12}\.part$/;

function isTemporaryName(name: string): boolean {
  return isValidStorageKey(TEMPORARY_NAME_PATTERN.exec(name)?.[1]);
}

/** Files in one folder on the local disk. */
export class LocalDiskStorage implements FileStorage {
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  /** The file's path, after checking that the key cannot leave the folder. */
  pathOf(key: string): string {
    assertStorageKey(key);
    const file = path.join(this.root, key);
    if (path.dirname(file) !== this.root) throw new StorageKeyError(`Invalid storage key: ${JSON.stringify(key)}`);
    return file;
  }

  async save(key: string, body: Readable, _options: { contentType: string }): Promise<void> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(this.root, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
    // Written under a temporary name and renamed when complete, so a reader never sees half a file
    // and an aborted upload leaves nothing behind.
    const temporary = path.join(this.root, temporaryName(key));
    // Opened before the stream starts, so that removing it after a failure cannot race its creation.
    const handle = await fs.promises.open(temporary, "wx", PRIVATE_FILE_MODE);
    try {
      await pipeline(body, handle.createWriteStream());
      await fs.promises.rename(temporary, file);
    } catch (error) {
      await handle.close().catch(() => undefined);
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    const file = this.pathOf(key);
    try {
      const handle = await fs.promises.open(file, "r");
      return handle.createReadStream();
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(`No stored file ${key}`);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    try {
      return (await fs.promises.stat(this.pathOf(key))).isFile();
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(prefix = ""): AsyncIterable<StoredFile> {
    assertKeyPrefix(prefix);
    for (const entry of await this.entries()) {
      // A save in progress is a hidden ".part" file, which is no valid key.
      if (!entry.isFile() || !isValidStorageKey(entry.name) || !entry.name.startsWith(prefix)) continue;
      const stat = await statIfPresent(path.join(this.root, entry.name));
      if (stat) yield { key: entry.name, lastModified: stat.mtime };
    }
  }

  /**
   * A save killed mid-stream (SIGKILL, power loss) leaves its hidden temporary file, part of a CV or
   * image, which list() never shows. A save in progress writes to it as the body streams in, so one
   * not written to since `writtenBefore` belongs to no live request.
   */
  async removeStaleTemporaryFiles(writtenBefore: Date): Promise<number> {
    let removed = 0;
    for (const entry of await this.entries()) {
      if (!entry.isFile() || !isTemporaryName(entry.name)) continue;
      const file = path.join(this.root, entry.name);
      const stat = await statIfPresent(file);
      if (!stat || stat.mtime >= writtenBefore) continue;
      await fs.promises.rm(file, { force: true });
      removed += 1;
    }
    return removed;
  }

  private entries(): Promise<fs.Dirent[]> {
    return fs.promises.readdir(this.root, { withFileTypes: true }).catch((error: unknown) => {
      if (isNotFound(error)) return []; // Nothing was ever stored.
      throw error;
    });
  }
}

export interface S3StorageOptions {
  bucket: string;
  region?: string;
  /** An S3-compatible service (MinIO, R2, ...); addressed path-style. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, so the bucket can hold other things. */
  prefix?: string;
}

function s3ErrorName(error: unknown): string | undefined {
  const value = error as { name?: string; $metadata?: { httpStatusCode?: number } } | undefined;
  // A HEAD error has no body, so only its status tells; a missing bucket is a configuration error.
  if (value?.$metadata?.httpStatusCode === 404 && value.name !== "NoSuchBucket") return "NotFound";
  return value?.name;
}

/** Files in an S3-compatible bucket. The SDK is loaded on first use, so local storage never loads it. */
export class S3Storage implements FileStorage {
  private client: Promise<S3Client> | undefined;

  constructor(private readonly options: S3StorageOptions) {}

  private getClient(): Promise<S3Client> {
    this.client ??= import("@aws-sdk/client-s3").then(
      ({ S3Client }) =>
        new S3Client({
          region: this.options.region ?? "us-east-1",
          endpoint: this.options.endpoint,
          forcePathStyle: Boolean(this.options.endpoint),
          credentials: { accessKeyId: this.options.accessKeyId, secretAccessKey: this.options.secretAccessKey },
        }),
    );
    return this.client;
  }

  private objectKey(key: string): string {
    assertStorageKey(key);
    return `${this.options.prefix ?? ""}${key}`;
  }

  async save(key: string, body: Readable, options: { contentType: string }): Promise<void> {
    const Key = this.objectKey(key);
    const [{ Upload }, client] = await Promise.all([import("@aws-sdk/lib-storage"), this.getClient()]);
    // A multipart upload of unknown length; a failure aborts it, so no parts are left in the bucket.
    const upload = new Upload({
      client,
      params: { Bucket: this.options.bucket, Key, Body: body, ContentType: options.contentType },
      leavePartsOnError: false,
    });
    try {
      await upload.done();
    } catch (error) {
      body.destroy();
      throw error;
    }
  }

  async open(key: string): Promise<Readable> {
    const Key = this.objectKey(key);
    const [{ GetObjectCommand }, client] = await Promise.all([import("@aws-sdk/client-s3"), this.getClient()]);
    try {
      const result = await client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key }));
      const body = result.Body;
      if (body instanceof Readable) return body;
      if (body && "transformToWebStream" in body) {
        return Readable.fromWeb(body.transformToWebStream() as WebReadableStream);
      }
      throw new Error(`S3 returned no body for ${Key}`);
    } catch (error) {
      const name = s3ErrorName(error);
      if (name === "NoSuchKey" || name === "NotFound") throw new StorageNotFoundError(`No stored file ${key}`);
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    const Key = this.objectKey(key);
    const [{ DeleteObjectCommand }, client] = await Promise.all([import("@aws-sdk/client-s3"), this.getClient()]);
    await client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
  }

  async exists(key: string): Promise<boolean> {
    const Key = this.objectKey(key);
    const [{ HeadObjectCommand }, client] = await Promise.all([import("@aws-sdk/client-s3"), this.getClient()]);
    try {
      await client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key }));
      return true;
    } catch (error) {
      const name = s3ErrorName(error);
      if (name === "NotFound" || name === "NoSuchKey") return false;
      throw error;
    }
  }

  async *list(prefix = ""): AsyncIterable<StoredFile> {
    assertKeyPrefix(prefix);
    const ownPrefix = this.options.prefix ?? "";
    const [{ paginateListObjectsV2 }, client] = await Promise.all([import("@aws-sdk/client-s3"), this.getClient()]);
    const pages = paginateListObjectsV2({ client }, { Bucket: this.options.bucket, Prefix: `${ownPrefix}${prefix}` });
    for await (const page of pages) {
      for (const object of page.Contents ?? []) {
        const key = object.Key?.slice(ownPrefix.length);
        // An object under a deeper path is not one this store wrote (a bucket may hold other things).
        if (isValidStorageKey(key) && object.LastModified) yield { key, lastModified: object.LastModified };
      }
    }
  }
}

/** The storage a configuration asks for: the S3 bucket when S3_BUCKET is set, else DATA_DIR/uploads. */
export function storageFromEnv(env: Env): FileStorage {
  if (env.S3_BUCKET && env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY) {
    return new S3Storage({
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      prefix: "uploads/",
    });
  }
  return new LocalDiskStorage(path.join(env.dataDir, "uploads"));
}

const state = globalThis as typeof globalThis & { __appStorage?: { env: Env; storage: FileStorage } };

/** The process's file storage, chosen from the configuration once (again when tests reset it). */
export function getStorage(): FileStorage {
  const env = getEnv();
  if (state.__appStorage?.env !== env) state.__appStorage = { env, storage: storageFromEnv(env) };
  return state.__appStorage.storage;
}
