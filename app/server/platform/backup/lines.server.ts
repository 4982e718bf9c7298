/** Reading and hashing the gzip'd line files of a backup, a piece at a time. */
import crypto from "node:crypto";
import fs from "node:fs";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

/** The file's lines without their line ends; a read or decompression error rejects the loop. */
export async function* readGzipLines(file: string): AsyncGenerator<string> {
  const gunzip = zlib.createGunzip();
  // A failure of either stream destroys the other with the error, which the loop below then throws.
  pipeline(fs.createReadStream(file), gunzip).catch(() => undefined);
  gunzip.setEncoding("utf8");
  let rest = "";
  for await (const chunk of gunzip as AsyncIterable<string>) {
    const lines = (rest + chunk).split("\n");
    rest = lines.pop()!;
    yield* lines;
  }
  if (rest !== "") yield rest;
}

/** The SHA-256 and line count of the decompressed file, as a backup's manifest records them. */
export async function hashGzipLines(file: string): Promise<{ rows: number; sha256: string }> {
  const hash = crypto.createHash("sha256");
  let rows = 0;
  for await (const line of readGzipLines(file)) {
    hash.update(`${line}\n`);
    rows += 1;
  }
  return { rows, sha256: hash.digest("hex") };
}

export async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = crypto.createHash("sha256");
  let bytes = 0;
  for await (const chunk of fs.createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { bytes, sha256: hash.digest("hex") };
}
