/**
 * The sweep of attachment files that no contact submission refers to
 * (app/server/contact/orphaned-attachments.server.ts), on local storage: an old orphan is deleted;
 * a file a submission refers to is kept whatever its age; a young orphan is kept, since it may belong
 * to an application whose submission is being written; media and other files are never touched.
 * The partial file of an upload a crash cut short goes once it is as old as an orphan would be.
 * The S3 side is in storage-s3.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../../app/db/schema";
import { ATTACHMENT_TYPES, generateAttachmentKey } from "~/server/contact/attachment-files.server";
import {
  ATTACHMENT_KEY_PATTERN,
  ORPHAN_MIN_AGE_MS,
  removeOrphanedAttachments,
  startOrphanedAttachmentSweep,
} from "~/server/contact/orphaned-attachments.server";
import { logger } from "~/server/platform/logger.server";
import { LocalDiskStorage } from "~/server/platform/storage.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
const base = fs.mkdtempSync(path.join(os.tmpdir(), "orphaned-attachments-"));
const storage = new LocalDiskStorage(path.join(base, "uploads"));
const NOW = new Date(Date.UTC(2025, 5, 1, 12));
const MINUTE = 60_000;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(base, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(contactSubmissions);
  fs.rmSync(storage.root, { recursive: true, force: true });
});

/** Stores a file last written `ageMs` before `now`. */
async function storeFile(key: string, ageMs: number, now = NOW): Promise<string> {
  await storage.save(key, Readable.from(["%PDF-1.4"]), { contentType: "application/pdf" });
  const written = new Date(now.getTime() - ageMs);
  fs.utimesSync(storage.pathOf(key), written, written);
  return key;
}

async function recordSubmission(key: string): Promise<void> {
  await database.db.insert(contactSubmissions).values({
    name: "Applicant",
    email: "applicant@example.com",
    subject: "Application for Engineer",
    message: "My CV is attached.",
    status: "new",
    attachmentUrl: key,
    attachmentFilename: "cv.pdf",
  });
}

const storedKeys = () => fs.readdirSync(storage.root).sort();

describe("ATTACHMENT_KEY_PATTERN", () => {
  it("matches every key generateAttachmentKey makes, and no media file", () => {
    for (const extension of Object.keys(ATTACHMENT_TYPES) as (keyof typeof ATTACHMENT_TYPES)[]) {
      expect(generateAttachmentKey(extension)).toMatch(ATTACHMENT_KEY_PATTERN);
    }
    expect("media-0b4e7a0e-5bd4-4b7a-9f3d-2c1f0e6a9d11-3f2a1b0c9d8e-original.jpg").not.toMatch(ATTACHMENT_KEY_PATTERN);
    expect("1700000000000-0123456789abcdef0123456789abcdef.exe").not.toMatch(ATTACHMENT_KEY_PATTERN);
  });
});

describe("removeOrphanedAttachments", () => {
  it("deletes old files no submission refers to and keeps referenced, young and other files", async () => {
    const oldOrphan = await storeFile(generateAttachmentKey(".pdf"), 60 * MINUTE);
    const oldDocx = await storeFile(generateAttachmentKey(".docx"), ORPHAN_MIN_AGE_MS + MINUTE);
    const referenced = await storeFile(generateAttachmentKey(".pdf"), 400 * 24 * 60 * MINUTE);
    await recordSubmission(referenced);
    const youngOrphan = await storeFile(generateAttachmentKey(".txt"), ORPHAN_MIN_AGE_MS - MINUTE);
    const media = await storeFile("media-0b4e7a0e-3f2a1b0c9d8e-original.jpg", 24 * 60 * MINUTE);
    const other = await storeFile("notes.pdf", 24 * 60 * MINUTE);

    const result = await removeOrphanedAttachments(database.db, storage, { now: NOW });
    expect(result.removed.sort()).toEqual([oldOrphan, oldDocx].sort());
    expect(result.failed).toEqual([]);
    expect(storedKeys()).toEqual([referenced, youngOrphan, media, other].sort());

    // Once the young orphan is old enough, the next sweep takes it; the referenced file stays.
    const later = new Date(NOW.getTime() + 2 * MINUTE);
    expect((await removeOrphanedAttachments(database.db, storage, { now: later })).removed).toEqual([youngOrphan]);
    expect(storedKeys()).toEqual([referenced, media, other].sort());
  });

  it("finds nothing to do when nothing was ever stored", async () => {
    expect(fs.existsSync(storage.root)).toBe(false);
    await expect(removeOrphanedAttachments(database.db, storage, { now: NOW })).resolves.toEqual({
      removed: [],
      failed: [],
      temporaryFilesRemoved: 0,
    });
  });

  it("reports a file it could not delete and leaves it for the next sweep", async () => {
    const orphan = await storeFile(generateAttachmentKey(".pdf"), 60 * MINUTE);
    const stuck = Object.assign(Object.create(storage) as LocalDiskStorage, {
      remove: () => Promise.reject(new Error("disk unavailable")),
    });
    const result = await removeOrphanedAttachments(database.db, stuck, { now: NOW });
    expect(result).toEqual({
      removed: [],
      failed: [{ key: orphan, error: "disk unavailable" }],
      temporaryFilesRemoved: 0,
    });
    expect(storedKeys()).toEqual([orphan]);
  });
});

describe("the partial files of uploads a crash cut short", () => {
  /** A save's temporary file as a SIGKILL mid-upload leaves it, last written `ageMs` before NOW. */
  function leavePartialFile(key: string, ageMs: number): string {
    fs.mkdirSync(storage.root, { recursive: true });
    const name = `.${key}.0123456789ab.part`;
    fs.writeFileSync(path.join(storage.root, name), "%PDF-1.4 half a CV");
    const written = new Date(NOW.getTime() - ageMs);
    fs.utimesSync(path.join(storage.root, name), written, written);
    return name;
  }

  it("are deleted once older than an orphan may be, whatever the upload was", async () => {
    leavePartialFile(generateAttachmentKey(".pdf"), ORPHAN_MIN_AGE_MS + MINUTE);
    leavePartialFile("media-0b4e7a0e-3f2a1b0c9d8e-original.jpg", 24 * 60 * MINUTE);
    const young = leavePartialFile(generateAttachmentKey(".docx"), ORPHAN_MIN_AGE_MS - MINUTE);

    const result = await removeOrphanedAttachments(database.db, storage, { now: NOW });
    expect(result).toEqual({ removed: [], failed: [], temporaryFilesRemoved: 2 });
    expect(storedKeys()).toEqual([young]);
  });
});

describe("startOrphanedAttachmentSweep", () => {
  it("sweeps in the background and logs how many files it removed", async () => {
    const info = vi.spyOn(logger, "info");
    const now = new Date();
    const orphan = await storeFile(generateAttachmentKey(".pdf"), 60 * MINUTE, now);
    const young = await storeFile(generateAttachmentKey(".pdf"), MINUTE, now);

    startOrphanedAttachmentSweep(database.db, storage);
    await vi.waitFor(() =>
      expect(info).toHaveBeenCalledWith(
        { removed: 1, temporaryFilesRemoved: 0 },
        expect.stringContaining("removed 1 attachment files no submission refers to, and 0 partial uploads"),
      ),
    );
    expect(storedKeys()).toEqual([young]);
    expect(storedKeys()).not.toContain(orphan);
  });
});
