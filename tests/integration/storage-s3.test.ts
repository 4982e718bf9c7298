/**
 * S3Storage (app/server/platform/storage.server.ts) against a small S3-compatible server on 127.0.0.1 that
 * speaks the real protocol: path-style `/<bucket>/<key>` requests, SigV4 signatures checked with the
 * secret key, payload hashes and aws-chunked bodies (with their trailing CRC32) decoded and checked,
 * multipart uploads, ListObjectsV2 in pages, and S3's XML errors. Saving, opening, checking,
 * removing, listing, refusing bad keys before any request, cleaning up a failed upload, sweeping
 * attachment files no submission refers to, and choosing S3 from the environment.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../../app/db/schema";
import { generateAttachmentKey } from "~/server/contact/attachment-files.server";
import { ORPHAN_MIN_AGE_MS, removeOrphanedAttachments } from "~/server/contact/orphaned-attachments.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import {
  getStorage,
  isValidStorageKey,
  S3Storage,
  StorageKeyError,
  StorageNotFoundError,
  type StoredFile,
} from "~/server/platform/storage.server";
import { createTestDatabase, type TestDatabase } from "./database";

const BUCKET = "attachments";
const REGION = "eu-west-3";
const ACCESS_KEY_ID = "AKIDLOOPBACKTEST";
const SECRET_ACCESS_KEY = "loopback/secret+key";
/** Keys per ListObjectsV2 page: far fewer than S3's 1000, so that every listing here takes pages. */
const LIST_PAGE_SIZE = 2;

interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  bucket: string;
  key: string;
  query: URLSearchParams;
  /** The payload after aws-chunked framing was removed. */
  body: Buffer;
  /** Whether the SigV4 signature matched the one computed here with the secret key. */
  signatureValid: boolean;
}

interface StoredObject {
  body: Buffer;
  contentType: string | undefined;
  etag: string;
  lastModified: Date;
  /** The full-object CRC32 a PutObject declared, returned when a reader asks for checksums. */
  checksum?: string;
}

/** A minimal S3: objects in memory, every request recorded. */
class FakeS3 {
  readonly objects = new Map<string, StoredObject>();
  readonly uploads = new Map<string, { key: string; contentType: string | undefined; parts: Map<number, Buffer> }>();
  readonly requests: SeenRequest[] = [];
  readonly failures: string[] = [];
  private server = http.createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      this.failures.push(String(error));
      if (!response.headersSent) sendError(response, 500, "InternalError", String(error));
      else response.destroy();
    });
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  get endpoint(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  private async handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const raw = await buffer(request);
    const url = new URL(request.url ?? "/", "http://localhost");
    const [bucket = "", ...keyParts] = url.pathname.slice(1).split("/");
    const key = decodeURIComponent(keyParts.join("/"));
    const method = request.method ?? "GET";
    const seen: SeenRequest = {
      method,
      url: request.url ?? "",
      headers: request.headers,
      bucket: decodeURIComponent(bucket),
      key,
      query: url.searchParams,
      body: raw,
      signatureValid: false,
    };
    this.requests.push(seen);

    seen.signatureValid = verifySignature(request, raw);
    if (!seen.signatureValid) return sendError(response, 403, "SignatureDoesNotMatch", "Bad signature");
    const payload = decodePayload(request.headers, raw);
    if (typeof payload === "string") return sendError(response, 400, "InvalidRequest", payload);
    seen.body = payload;
    if (seen.bucket !== BUCKET) return sendError(response, 404, "NoSuchBucket", "The bucket does not exist");
    if (!key && method === "GET" && url.searchParams.get("list-type") === "2") {
      return this.listObjects(response, seen.bucket, url.searchParams);
    }
    if (!key) return sendError(response, 400, "InvalidRequest", "This server handles objects and listings only");
    const checksum = request.headers["x-amz-checksum-crc32"] ?? trailerChecksum(raw);
    if (typeof checksum === "string" && checksum !== crc32(payload)) {
      return sendError(response, 400, "BadDigest", "The CRC32 you specified did not match the calculated checksum.");
    }

    const objectId = `${seen.bucket}/${key}`;
    const uploadId = url.searchParams.get("uploadId");
    const contentType = request.headers["content-type"];
    if (method === "PUT" && uploadId !== null) {
      const upload = this.uploads.get(uploadId);
      if (!upload) return sendError(response, 404, "NoSuchUpload", "The upload does not exist");
      const etag = md5(payload);
      upload.parts.set(Number(url.searchParams.get("partNumber")), payload);
      response.writeHead(200, { ETag: etag }).end();
    } else if (method === "PUT") {
      const etag = md5(payload);
      this.objects.set(objectId, {
        body: payload,
        contentType,
        etag,
        lastModified: new Date(),
        checksum: checksum as string | undefined,
      });
      response.writeHead(200, { ETag: etag }).end();
    } else if (method === "POST" && url.searchParams.has("uploads")) {
      const id = crypto.randomUUID();
      this.uploads.set(id, { key: objectId, contentType, parts: new Map() });
      sendXml(
        response,
        200,
        `<InitiateMultipartUploadResult><Bucket>${seen.bucket}</Bucket><Key>${key}</Key><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`,
      );
    } else if (method === "POST" && uploadId !== null) {
      const upload = this.uploads.get(uploadId);
      if (!upload) return sendError(response, 404, "NoSuchUpload", "The upload does not exist");
      const numbers = [...payload.toString("utf8").matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
        Number(m[1]),
      );
      const parts = numbers.map((n) => upload.parts.get(n));
      if (parts.length === 0 || parts.some((part) => !part)) {
        return sendError(response, 400, "InvalidPart", "A part was not uploaded");
      }
      const body = Buffer.concat(parts as Buffer[]);
      const etag = `"${crypto.createHash("md5").update(body).digest("hex")}-${parts.length}"`;
      this.objects.set(upload.key, { body, contentType: upload.contentType, etag, lastModified: new Date() });
      this.uploads.delete(uploadId);
      sendXml(
        response,
        200,
        `<CompleteMultipartUploadResult><Bucket>${seen.bucket}</Bucket><Key>${key}</Key><ETag>${etag}</ETag></CompleteMultipartUploadResult>`,
      );
    } else if (method === "DELETE" && uploadId !== null) {
      this.uploads.delete(uploadId);
      response.writeHead(204).end();
    } else if (method === "DELETE") {
      this.objects.delete(objectId);
      response.writeHead(204).end();
    } else if (method === "GET" || method === "HEAD") {
      const object = this.objects.get(objectId);
      if (!object) {
        // As S3 does: a HEAD error has no body, a GET error says NoSuchKey in XML.
        if (method === "HEAD") return void response.writeHead(404).end();
        return sendError(response, 404, "NoSuchKey", "The specified key does not exist.");
      }
      response.writeHead(200, {
        "Content-Type": object.contentType ?? "binary/octet-stream",
        "Content-Length": object.body.length,
        ETag: object.etag,
        "Last-Modified": new Date().toUTCString(),
        ...(object.checksum && request.headers["x-amz-checksum-mode"] === "ENABLED"
          ? { "x-amz-checksum-crc32": object.checksum }
          : {}),
      });
      response.end(method === "GET" ? object.body : undefined);
    } else {
      sendError(response, 405, "MethodNotAllowed", "The specified method is not allowed.");
    }
  }

  /** ListObjectsV2: the keys under `prefix` in order, a page at a time, the last key as the continuation token. */
  private listObjects(response: http.ServerResponse, bucket: string, query: URLSearchParams): void {
    const prefix = query.get("prefix") ?? "";
    const after = query.get("continuation-token") ?? "";
    const keys = [...this.objects.keys()]
      .filter((id) => id.startsWith(`${bucket}/`))
      .map((id) => id.slice(bucket.length + 1))
      .filter((key) => key.startsWith(prefix) && key > after)
      .sort();
    const page = keys.slice(0, LIST_PAGE_SIZE);
    const truncated = keys.length > page.length;
    const contents = page.map((key) => {
      const object = this.objects.get(`${bucket}/${key}`)!;
      return (
        `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified>` +
        `<ETag>${escapeXml(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`
      );
    });
    sendXml(
      response,
      200,
      `<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${bucket}</Name>` +
        `<Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${LIST_PAGE_SIZE}</MaxKeys>` +
        `<IsTruncated>${truncated}</IsTruncated>${contents.join("")}` +
        (truncated ? `<NextContinuationToken>${escapeXml(page.at(-1)!)}</NextContinuationToken>` : "") +
        `</ListBucketResult>`,
    );
  }

  /** Puts an object straight into the store, written at `lastModified`. */
  put(key: string, lastModified: Date): void {
    this.objects.set(`${BUCKET}/${key}`, {
      body: Buffer.from("%PDF-1.4"),
      contentType: "application/pdf",
      etag: md5(Buffer.from("%PDF-1.4")),
      lastModified,
    });
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

function md5(data: Buffer): string {
  return `"${crypto.createHash("md5").update(data).digest("hex")}"`;
}

function crc32(data: Buffer): string {
  const value = Buffer.alloc(4);
  value.writeUInt32BE(zlib.crc32(data));
  return value.toString("base64");
}

function sendXml(response: http.ServerResponse, status: number, xml: string): void {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`;
  response.writeHead(status, { "Content-Type": "application/xml", "Content-Length": Buffer.byteLength(body) });
  response.end(body);
}

function sendError(response: http.ServerResponse, status: number, code: string, message: string): void {
  const requestId = crypto.randomBytes(8).toString("hex");
  sendXml(
    response,
    status,
    `<Error><Code>${code}</Code><Message>${message}</Message><RequestId>${requestId}</RequestId></Error>`,
  );
}

/**
 * The payload of a request: the body itself, or the data of an aws-chunked body
 * (`<hex size>[;chunk-signature=…]\r\n<data>\r\n` … `0\r\n<trailers>\r\n`). A string is an error.
 */
function decodePayload(headers: http.IncomingHttpHeaders, raw: Buffer): Buffer | string {
  const contentSha256 = String(headers["x-amz-content-sha256"] ?? "");
  const chunked = contentSha256.startsWith("STREAMING-") || /aws-chunked/.test(headers["content-encoding"] ?? "");
  if (!chunked) {
    if (/^[0-9a-f]{64}$/.test(contentSha256)) {
      if (crypto.createHash("sha256").update(raw).digest("hex") !== contentSha256) return "XAmzContentSHA256Mismatch";
    } else if (contentSha256 !== "UNSIGNED-PAYLOAD") {
      return `Unexpected x-amz-content-sha256 ${contentSha256}`;
    }
    return raw;
  }
  const chunks: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = raw.indexOf("\r\n", offset);
    if (lineEnd < 0) return "Truncated aws-chunked body";
    const size = Number.parseInt(raw.subarray(offset, lineEnd).toString("latin1").split(";")[0]!, 16);
    if (!Number.isFinite(size)) return "Bad chunk size";
    offset = lineEnd + 2;
    if (size === 0) break;
    chunks.push(raw.subarray(offset, offset + size));
    offset += size;
    if (raw.subarray(offset, offset + 2).toString("latin1") !== "\r\n") return "Bad chunk framing";
    offset += 2;
  }
  const payload = Buffer.concat(chunks);
  const declared = headers["x-amz-decoded-content-length"];
  if (declared !== undefined && Number(declared) !== payload.length) return "Decoded length mismatch";
  return payload;
}

/** The x-amz-checksum-crc32 trailer of an aws-chunked body, if it has one. */
function trailerChecksum(raw: Buffer): string | undefined {
  return /\r\n0(?:;[^\r]*)?\r\n(?:[^\r]*\r\n)*?x-amz-checksum-crc32:([A-Za-z0-9+/=]+)\r\n/.exec(
    raw.toString("latin1"),
  )?.[1];
}

function hmac(key: crypto.BinaryLike, data: string): Buffer {
  return crypto.createHmac("sha256", key).update(data).digest();
}

function rfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Recomputes the request's AWS Signature Version 4 with the secret key and compares. */
function verifySignature(request: http.IncomingMessage, raw: Buffer): boolean {
  const match =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
      request.headers.authorization ?? "",
    );
  if (!match) return false;
  const [, accessKeyId, day, region, signedHeaders, signature] = match as unknown as string[];
  if (accessKeyId !== ACCESS_KEY_ID) return false;
  const amzDate = String(request.headers["x-amz-date"] ?? "");
  if (!amzDate.startsWith(day!)) return false;
  const [rawPath, rawQuery = ""] = (request.url ?? "/").split("?", 2) as [string, string?];
  const query = rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name, value = ""] = pair.split("=", 2) as [string, string?];
      return [rfc3986(decodeURIComponent(name)), rfc3986(decodeURIComponent(value))] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
  const names = signedHeaders!.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) return false;
  const canonicalHeaders = names
    .map((name) => {
      const value = request.headers[name];
      const text = Array.isArray(value) ? value.join(",") : (value ?? "");
      return `${name}:${text.trim().replace(/\s+/g, " ")}\n`;
    })
    .join("");
  const payloadHash = request.headers["x-amz-content-sha256"] ?? crypto.createHash("sha256").update(raw).digest("hex");
  const canonicalRequest = [request.method, rawPath, query, canonicalHeaders, signedHeaders, payloadHash].join("\n");
  const scope = `${day}/${region}/s3/aws4_request`;
  const stringToSign = [
    "AWS4-HMAC-SHA256",
    amzDate,
    scope,
    crypto.createHash("sha256").update(canonicalRequest).digest("hex"),
  ].join("\n");
  const signingKey = ["s3", "aws4_request"].reduce(
    (key, part) => hmac(key, part),
    hmac(hmac(`AWS4${SECRET_ACCESS_KEY}`, day!), region!),
  );
  return hmac(signingKey, stringToSign).toString("hex") === signature;
}

const s3 = new FakeS3();
let storage: S3Storage;

beforeAll(async () => {
  await s3.start();
  storage = new S3Storage({
    bucket: BUCKET,
    region: REGION,
    endpoint: s3.endpoint,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
  });
});
afterAll(() => s3.stop());
beforeEach(() => {
  s3.requests.length = 0;
  s3.objects.clear();
  s3.uploads.clear();
});
afterEach(() => {
  expect(s3.failures).toEqual([]);
});

describe("S3Storage against a loopback S3", () => {
  it("saves, opens, reports and removes an object with signed path-style requests", async () => {
    const key = "1700000000000-0123456789abcdef0123456789abcdef.pdf";
    const bytes = Buffer.concat([Buffer.from("%PDF-1.4\n"), crypto.randomBytes(3000), Buffer.from("\n%%EOF\n")]);
    await storage.save(key, Readable.from([bytes.subarray(0, 1000), bytes.subarray(1000)]), {
      contentType: "application/pdf",
    });

    const stored = s3.objects.get(`${BUCKET}/${key}`);
    expect(stored?.body.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe("application/pdf");
    await expect(storage.exists(key)).resolves.toBe(true);
    const opened = await storage.open(key);
    expect(opened).toBeInstanceOf(Readable);
    expect((await buffer(opened)).equals(bytes)).toBe(true);

    await storage.remove(key);
    expect(s3.objects.has(`${BUCKET}/${key}`)).toBe(false);
    await expect(storage.exists(key)).resolves.toBe(false);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    await expect(storage.open(key)).rejects.toBeInstanceOf(StorageNotFoundError);

    expect(s3.requests.map((request) => request.method)).toEqual([
      "PUT",
      "HEAD",
      "GET",
      "DELETE",
      "HEAD",
      "DELETE",
      "GET",
    ]);
    for (const request of s3.requests) {
      expect(request.url.startsWith(`/${BUCKET}/${key}`)).toBe(true);
      expect(request.bucket).toBe(BUCKET);
      expect(request.key).toBe(key);
      expect(request.headers.authorization).toMatch(
        new RegExp(`^AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/\\d{8}/${REGION}/s3/aws4_request, `),
      );
      expect(request.signatureValid).toBe(true);
      expect(request.headers.host).toBe(`127.0.0.1:${s3.port}`);
    }
  });

  it("reports a missing object as not existing and opening it as StorageNotFoundError", async () => {
    const key = "1700000000000-ffffffffffffffffffffffffffffffff.pdf";
    await expect(storage.exists(key)).resolves.toBe(false);
    await expect(storage.open(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await expect(storage.remove(key)).resolves.toBeUndefined();
    expect(s3.requests.map((request) => `${request.method} ${request.key}`)).toEqual([
      `HEAD ${key}`,
      `GET ${key}`,
      `DELETE ${key}`,
    ]);
  });

  it("stores a large file through a multipart upload", async () => {
    const key = "1700000000000-large.bin";
    const bytes = crypto.randomBytes(6 * 1024 * 1024 + 123);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 65536) }, (_, i) =>
      bytes.subarray(i * 65536, (i + 1) * 65536),
    );
    await storage.save(key, Readable.from(pieces), { contentType: "application/octet-stream" });

    const stored = s3.objects.get(`${BUCKET}/${key}`);
    expect(stored?.body.equals(bytes)).toBe(true);
    expect(stored?.contentType).toBe("application/octet-stream");
    expect(s3.uploads.size).toBe(0);
    expect(s3.requests.filter((request) => request.query.has("partNumber"))).toHaveLength(2);
    expect(s3.requests.every((request) => request.signatureValid && request.key === key)).toBe(true);
    expect((await buffer(await storage.open(key))).equals(bytes)).toBe(true);
    await storage.remove(key);
  });

  it("leaves nothing in the bucket when the upload's stream fails", async () => {
    const key = "1700000000000-broken.bin";
    async function* failing() {
      yield crypto.randomBytes(6 * 1024 * 1024);
      throw new Error("client went away");
    }
    await expect(storage.save(key, Readable.from(failing()), { contentType: "application/pdf" })).rejects.toThrow(
      "client went away",
    );
    // An abort is sent after the failure; give it a moment to arrive.
    await vi.waitFor(() => expect(s3.uploads.size).toBe(0));
    expect(s3.objects.has(`${BUCKET}/${key}`)).toBe(false);
  });

  it("refuses keys that could leave the store before sending any request", async () => {
    const badKeys = ["", ".hidden", "../etc/passwd", "a/b.pdf", "a..b", "with space.pdf", "é.pdf", "x".repeat(201)];
    for (const key of badKeys) {
      expect(isValidStorageKey(key)).toBe(false);
      await expect(storage.save(key, Readable.from(["data"]), { contentType: "text/plain" })).rejects.toBeInstanceOf(
        StorageKeyError,
      );
      await expect(storage.open(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.remove(key)).rejects.toBeInstanceOf(StorageKeyError);
      await expect(storage.exists(key)).rejects.toBeInstanceOf(StorageKeyError);
    }
    expect(s3.requests).toEqual([]);
  });

  it("passes a server error on instead of calling it a missing file", async () => {
    const wrongBucket = new S3Storage({
      bucket: "no-such-bucket",
      region: REGION,
      endpoint: s3.endpoint,
      accessKeyId: ACCESS_KEY_ID,
      secretAccessKey: SECRET_ACCESS_KEY,
    });
    const error = await wrongBucket.open("1700000000000-x.pdf").catch((caught: unknown) => caught);
    expect(error).not.toBeInstanceOf(StorageNotFoundError);
    expect((error as Error).name).toBe("NoSuchBucket");
  });

  it("lists the objects under a prefix, page after page, with when each was written", async () => {
    const written = new Date(Date.UTC(2025, 0, 2, 3, 4, 5));
    const keys = ["1700000000001-a.pdf", "1700000000002-b.pdf", "1700000000003-c.pdf", "1700000000004-d.pdf"];
    for (const key of keys) s3.put(key, written);
    s3.put("media-1-original.jpg", written);
    // Not a flat key this store could have written: another application's object in the bucket.
    s3.put("1700000000005-elsewhere/e.pdf", written);

    const listed = await collect(storage.list("17"));
    expect(listed).toEqual(keys.map((key) => ({ key, lastModified: written })));
    const listings = s3.requests.filter((request) => request.query.get("list-type") === "2");
    expect(listings).toHaveLength(3);
    expect(listings.every((request) => request.signatureValid && request.query.get("prefix") === "17")).toBe(true);

    expect((await collect(storage.list())).map((file) => file.key)).toEqual([...keys, "media-1-original.jpg"]);
    await expect(collect(storage.list("../"))).rejects.toBeInstanceOf(StorageKeyError);
  });

  it("lists only the objects under its own prefix, without it", async () => {
    const written = new Date(Date.UTC(2025, 0, 2));
    s3.put("uploads/1700000000001-a.pdf", written);
    s3.put("uploads-old/1700000000002-b.pdf", written);
    s3.put("1700000000003-c.pdf", written);
    const listed = await collect(prefixedStorage().list());
    expect(listed).toEqual([{ key: "1700000000001-a.pdf", lastModified: written }]);
  });
});

function prefixedStorage(): S3Storage {
  return new S3Storage({
    bucket: BUCKET,
    region: REGION,
    endpoint: s3.endpoint,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    prefix: "uploads/",
  });
}

async function collect(files: AsyncIterable<StoredFile>): Promise<StoredFile[]> {
  const all: StoredFile[] = [];
  for await (const file of files) all.push(file);
  return all;
}

describe("attachment files no submission refers to, in a bucket", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.destroy());

  it("deletes an old orphan and keeps a referenced file, a young orphan and media", async () => {
    const now = new Date(Date.UTC(2025, 5, 1, 12));
    const ago = (milliseconds: number) => new Date(now.getTime() - milliseconds);
    const oldOrphan = generateAttachmentKey(".pdf");
    const referenced = generateAttachmentKey(".docx");
    const youngOrphan = generateAttachmentKey(".pdf");
    const media = "media-0b4e7a0e-3f2a1b0c9d8e-original.jpg";
    s3.put(`uploads/${oldOrphan}`, ago(ORPHAN_MIN_AGE_MS + 60_000));
    s3.put(`uploads/${referenced}`, ago(365 * 86_400_000));
    s3.put(`uploads/${youngOrphan}`, ago(ORPHAN_MIN_AGE_MS - 60_000));
    s3.put(`uploads/${media}`, ago(86_400_000));
    await database.db.insert(contactSubmissions).values({
      name: "Applicant",
      email: "applicant@example.com",
      subject: "Application for Engineer",
      message: "My CV is attached.",
      status: "new",
      attachmentUrl: referenced,
      attachmentFilename: "cv.docx",
    });

    const result = await removeOrphanedAttachments(database.db, prefixedStorage(), { now });
    expect(result).toEqual({ removed: [oldOrphan], failed: [] });
    expect([...s3.objects.keys()].sort()).toEqual(
      [referenced, youngOrphan, media].map((key) => `${BUCKET}/uploads/${key}`).sort(),
    );
  });
});

describe("storageFromEnv", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    resetEnvForTests();
  });

  it("uses the configured S3 bucket, region, endpoint and keys, under uploads/", async () => {
    vi.stubEnv("S3_BUCKET", BUCKET);
    vi.stubEnv("S3_ENDPOINT", s3.endpoint);
    vi.stubEnv("S3_REGION", REGION);
    vi.stubEnv("S3_ACCESS_KEY_ID", ACCESS_KEY_ID);
    vi.stubEnv("S3_SECRET_ACCESS_KEY", SECRET_ACCESS_KEY);
    resetEnvForTests();

    const fromEnv = getStorage();
    expect(fromEnv).toBeInstanceOf(S3Storage);
    const key = "1700000000000-from-env.txt";
    await fromEnv.save(key, Readable.from(["hello"]), { contentType: "text/plain" });
    expect(s3.objects.get(`${BUCKET}/uploads/${key}`)?.body.toString()).toBe("hello");
    expect(s3.objects.get(`${BUCKET}/uploads/${key}`)?.contentType).toBe("text/plain");
    await expect(fromEnv.exists(key)).resolves.toBe(true);
    await fromEnv.remove(key);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.every((request) => request.signatureValid && request.bucket === BUCKET)).toBe(true);
    expect(s3.requests.every((request) => request.url.startsWith(`/${BUCKET}/uploads/${key}`))).toBe(true);
  });

  it("keeps local storage when no bucket is configured", () => {
    vi.stubEnv("S3_BUCKET", "");
    vi.stubEnv("S3_ACCESS_KEY_ID", ACCESS_KEY_ID);
    vi.stubEnv("S3_SECRET_ACCESS_KEY", SECRET_ACCESS_KEY);
    resetEnvForTests();
    expect(getStorage()).not.toBeInstanceOf(S3Storage);
  });
});
