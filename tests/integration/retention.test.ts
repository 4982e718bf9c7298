/**
 * Attachment retention (app/server/contact/retention.server.ts, `npm run retention`): the files of resolved
 * and spam submissions older than the setting are deleted and the submissions forget them; newer
 * ones and other statuses keep theirs; running again changes nothing.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactSubmissions, siteSettings } from "../../app/db/schema";
import { getRetentionDays, purgeExpiredAttachments } from "~/server/contact/retention.server";
import { LocalDiskStorage } from "~/server/platform/storage.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
const root = fs.mkdtempSync(path.join(os.tmpdir(), "retention-test-"));
const storage = new LocalDiskStorage(root);
const NOW = new Date(Date.UTC(2025, 5, 1));
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.destroy();
  fs.rmSync(root, { recursive: true, force: true });
});

async function submission(name: string, status: string, age: number) {
  const key = `${1_700_000_000_000 + age}-${name}.pdf`;
  await storage.save(key, Readable.from(["%PDF-1.4"]), { contentType: "application/pdf" });
  await database.db.insert(contactSubmissions).values({
    name,
    email: `${name}@example.com`,
    subject: "CV",
    message: "Hello",
    status,
    attachmentUrl: key,
    attachmentFilename: `${name}.pdf`,
    createdAt: daysAgo(age + 30),
    // Resolved (or marked spam) `age` days ago: the retention period runs from then.
    updatedAt: daysAgo(age),
  });
  return key;
}

describe("getRetentionDays", () => {
  it("reads the setting, and falls back to 180 when it is missing or invalid", async () => {
    await database.db.delete(siteSettings);
    expect(await getRetentionDays(database.db)).toBe(180);
    await database.db.insert(siteSettings).values({ settingKey: "attachment_retention_days", settingValue: "abc" });
    expect(await getRetentionDays(database.db)).toBe(180);
    await database.db.update(siteSettings).set({ settingValue: "-3" });
    expect(await getRetentionDays(database.db)).toBe(180);
    await database.db.update(siteSettings).set({ settingValue: " 30 " });
    expect(await getRetentionDays(database.db)).toBe(30);
  });
});

describe("purgeExpiredAttachments", () => {
  it("deletes only old resolved and spam attachments, and is safe to run again", async () => {
    await database.db.delete(contactSubmissions);
    const oldResolved = await submission("oldresolved", "resolved", 40);
    const oldSpam = await submission("oldspam", "spam", 31);
    const newResolved = await submission("newresolved", "resolved", 29);
    const oldNew = await submission("oldnew", "new", 400);
    const oldInProgress = await submission("oldinprogress", "in_progress", 400);
    // A file already gone (deleted by hand) is cleared all the same.
    const missing = await submission("missing", "spam", 90);
    await storage.remove(missing);

    const result = await purgeExpiredAttachments(database.db, storage, { now: NOW });
    expect(result.days).toBe(30);
    expect(result.removed.map((item) => item.key).sort()).toEqual([missing, oldResolved, oldSpam].sort());
    expect(result.failed).toEqual([]);
    expect(fs.readdirSync(root).sort()).toEqual([newResolved, oldInProgress, oldNew].sort());

    const rows = await database.db.select().from(contactSubmissions);
    const byName = Object.fromEntries(rows.map((row) => [row.name, row]));
    for (const name of ["oldresolved", "oldspam", "missing"]) {
      expect(byName[name]).toMatchObject({ attachmentUrl: null, attachmentFilename: null });
    }
    expect(byName.newresolved?.attachmentUrl).toBe(newResolved);
    expect(byName.oldnew?.attachmentFilename).toBe("oldnew.pdf");

    const again = await purgeExpiredAttachments(database.db, storage, { now: NOW });
    expect(again.removed).toEqual([]);
    expect(fs.readdirSync(root)).toHaveLength(3);
  });

  it("keeps the attachment and reports it when the file cannot be deleted", async () => {
    await database.db.delete(contactSubmissions);
    await submission("stuck", "resolved", 365);
    const broken = { ...storage, remove: () => Promise.reject(new Error("bucket unavailable")) };
    const result = await purgeExpiredAttachments(database.db, broken as unknown as LocalDiskStorage, { now: NOW });
    expect(result.failed).toMatchObject([{ error: "bucket unavailable" }]);
    const [row] = await database.db.select().from(contactSubmissions);
    expect(row?.attachmentFilename).toBe("stuck.pdf");
  });
});
