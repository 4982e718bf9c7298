/**
 * Backups (app/server/backup/, `npm run backup` and `npm run restore`): a seeded database with
 * awkward values, a table no migration knows (so tables are found in the catalogue, not a list),
 * an identity sequence, a self-referencing foreign key, a generated column and an uploaded file is
 * backed up, restored into an empty database and compared table by table. A non-empty target is
 * refused, a damaged backup changes nothing, and a restore that fails half-way rolls back whole.
 * What a backup or a restore writes to disk is readable by its owner alone.
 * Runs on PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDatabase } from "../../app/db/seed";
import { compareTables, summariseDatabase } from "~/server/platform/backup/compare.server";
import { createBackup } from "~/server/platform/backup/create-backup.server";
import { BackupError, readManifest } from "~/server/platform/backup/format.server";
import { applyMigrationsBetween, committedMigrations } from "~/server/platform/backup/migrations.server";
import { restoreBackup } from "~/server/platform/backup/restore-backup.server";
import type { Database } from "~/server/platform/db/db.server";
import {
  LocalDiskStorage,
  StorageNotFoundError,
  type FileStorage,
  type StoredFile,
} from "~/server/platform/storage.server";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";

const workspace = fs.mkdtempSync(path.join(os.tmpdir(), "backup-test-"));
const sourceStorage = new LocalDiskStorage(path.join(workspace, "source-uploads"));
const backupDirectory = path.join(workspace, "backup");
const databases: TestDatabase[] = [];

const AWKWARD_TEXT = 'Zoë 👩🏽‍💻 שלום e\u0301 "quoted" \\back\\slash\ttab\nnew line\r\u0001\u001f {a,b} NULL ';
/** A number no JavaScript number holds exactly: jsonb keeps it as a numeric. */
const BIG_NUMBER = "12345678901234567890.000000000000000001";
const AWKWARD_JSON = `{"big": ${BIG_NUMBER}, ${JSON.stringify({ text: AWKWARD_TEXT, nested: [null, true, { ü: [] }] }).slice(1)}`;
const ATTACHMENT_KEY = "1700000000000-backup-test.pdf";
const ATTACHMENT_BYTES = Buffer.from("%PDF-1.4\n\u0000\u00ff binary tail");

/** A table added outside the migrations, as a later migration would add one. */
const PROBE_TABLE = sql`
  create table backup_probe (
    id bigint generated always as identity primary key,
    parent_id bigint references backup_probe (id),
    payload bytea,
    ratio double precision,
    label text not null,
    doubled bigint generated always as (id * 2) stored
  )`;

async function newDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  await database.db.execute(PROBE_TABLE);
  return database;
}

async function rowCount(db: Database, table: string): Promise<number> {
  const [row] = await queryRows<{ count: string }>(
    db,
    sql`select count(*)::text as count from ${sql.identifier(table)}`,
  );
  return Number(row!.count);
}

/** Every file and folder under `root` (itself included) that a group or other account may use, with its mode. */
function sharedEntries(root: string): string[] {
  const entries = [root, ...fs.readdirSync(root, { recursive: true }).map((name) => path.join(root, String(name)))];
  return entries
    .filter((entry) => (fs.statSync(entry).mode & 0o077) !== 0)
    .map((entry) => `${path.relative(workspace, entry)} ${(fs.statSync(entry).mode & 0o777).toString(8)}`);
}

async function addAwkwardRows(db: Database): Promise<void> {
  await db.execute(sql`
    insert into contact_submissions (name, email, phone, subject, message, attachment_url, attachment_filename, status, created_at)
    values (${AWKWARD_TEXT}, 'a@example.com', null, '', ${AWKWARD_TEXT}, ${ATTACHMENT_KEY}, 'cv ✓.pdf', 'new',
            '2024-03-31 01:30:00.123456+05:45'),
           ('NULL', 'b@example.com', '', 'NULL', '', null, null, 'spam', '1999-12-31 23:59:59.999999-08')`);
  await db.execute(sql`
    insert into careers (title, requirements, is_active)
    values ('Engineer', ${sql.raw(`array['a,b', '"q"', '{}', 'NULL', '', 'back\\slash']::text[]`)}, false)`);
  await db.execute(sql`
    insert into orders (id, status, currency, total, provider, paid_at, created_at)
    values ('00000000-0000-4000-8000-000000000001', 'paid', 'JPY', 1234567890.12, 'test',
            '2025-06-01 12:00:00.000001+00', '2025-06-01 11:59:59.5+01')`);
  await db.execute(sql`
    insert into order_items (order_id, course_id, course_name, position, base_price, unit_price, currency, exchange_rate)
    values ('00000000-0000-4000-8000-000000000001', null, ${AWKWARD_TEXT}, 1, 0.10, 0.01, 'JPY', 191.123456)`);
  await db.execute(sql`
    insert into audit_log (user_email, action, entity, details)
    values ('x@example.com', 'probe', 'backup',
            ${AWKWARD_JSON}::text::jsonb)`);
  // Ids 1 to 3, then the last deleted: the sequence stands at 3 while the largest id is 2.
  await db.execute(sql`insert into backup_probe (label, payload, ratio) values
    ('first', '\\x00ff00'::bytea, 0.1), ('second', null, -1.5e-300), ('third', '\\x'::bytea, 'NaN')`);
  await db.execute(sql`delete from backup_probe where label = 'third'`);
  // A row that refers to a later row of its own table: no insertion order satisfies this foreign key.
  await db.execute(sql`update backup_probe set parent_id = (select max(id) from backup_probe) where label = 'first'`);
}

let source: TestDatabase;

beforeAll(async () => {
  source = await newDatabase();
  await seedDatabase(source.db);
  await addAwkwardRows(source.db);
  await sourceStorage.save(ATTACHMENT_KEY, Readable.from([ATTACHMENT_BYTES]), { contentType: "application/pdf" });
  await createBackup({ db: source.db, kind: source.kind, storage: sourceStorage }, backupDirectory);
}, 120_000);

afterAll(async () => {
  for (const database of databases) await database.destroy();
  fs.rmSync(workspace, { recursive: true, force: true });
});

describe("a backup", () => {
  it("records every table of the catalogue, with the migration level, counts and files", () => {
    const manifest = readManifest(backupDirectory);
    const names = manifest.tables.map((table) => table.name);
    expect(names).toContain("backup_probe");
    expect(names).toContain("site_settings");
    expect(manifest.tables.find((table) => table.name === "backup_probe")?.rows).toBe(2);
    expect(manifest.tables.find((table) => table.name === "contact_submissions")?.rows).toBe(2);
    expect(manifest.migrations.lastTag).toMatch(/^\d{4}_/);
    expect(manifest.source.database).toBe(source.kind);
    expect(manifest.files).toMatchObject({
      storage: "local",
      items: [{ key: ATTACHMENT_KEY, bytes: ATTACHMENT_BYTES.length }],
    });
  });

  it("is readable by its owner alone, folders and files, whatever the umask", async () => {
    // In a folder the backup makes itself, as the default backups/backup-<time> is.
    const fresh = path.join(workspace, "private", "backup-fresh");
    // The most permissive umask: only the modes the backup asks for can keep others out.
    const umask = process.umask(0);
    try {
      await createBackup({ db: source.db, kind: source.kind, storage: sourceStorage }, fresh);
    } finally {
      process.umask(umask);
    }
    expect(fs.readdirSync(path.join(fresh, "files"))).toEqual([ATTACHMENT_KEY]);
    expect(sharedEntries(path.join(workspace, "private"))).toEqual([]);
  });

  it("refuses a directory that is not empty, and leaves it as it was", async () => {
    const before = fs.readdirSync(backupDirectory).sort();
    await expect(
      createBackup({ db: source.db, kind: source.kind, storage: sourceStorage }, backupDirectory),
    ).rejects.toThrow(/already exists and is not empty/);
    expect(fs.readdirSync(backupDirectory).sort()).toEqual(before);
  });
});

describe("restoring a backup", () => {
  let target: TestDatabase;
  const targetStorage = new LocalDiskStorage(path.join(workspace, "target-uploads"));

  beforeAll(async () => {
    target = await newDatabase();
  }, 60_000);

  it("loads every row exactly, verified table by table, and the files", async () => {
    const result = await restoreBackup({ db: target.db, storage: targetStorage }, backupDirectory);
    expect(result.comparisons.length).toBeGreaterThan(15);
    expect(result.comparisons.every((row) => row.matches)).toBe(true);
    expect(result.filesCopied).toBe(1);
    expect(result.missingFiles).toEqual([]);

    const [expected, actual] = await Promise.all([summariseDatabase(source.db), summariseDatabase(target.db)]);
    expect(compareTables(expected.tables, actual.tables).filter((row) => !row.matches)).toEqual([]);
    expect(actual.migrations).toEqual(expected.migrations);
    expect(await buffer(await targetStorage.open(ATTACHMENT_KEY))).toEqual(ATTACHMENT_BYTES);
    expect(sharedEntries(targetStorage.root)).toEqual([]);
  });

  it("keeps awkward values as they were: text, times, money, json, arrays, bytes, floats", async () => {
    const read = (db: Database) =>
      queryRows<Record<string, string>>(
        db,
        sql`select s.message, s.created_at = '2024-03-31 01:30:00.123456+05:45'::timestamptz as exact_time,
                   o.total::text as total, i.exchange_rate::text as rate, a.details::text as details,
                   c.requirements, encode(p.payload, 'hex') as payload, p.ratio::text as ratio
            from contact_submissions s, orders o, order_items i, audit_log a, careers c, backup_probe p
            where s.attachment_url is not null and a.action = 'probe' and c.title = 'Engineer' and p.label = 'first'`,
      );
    const [restored] = await read(target.db);
    expect(restored).toEqual((await read(source.db))[0]);
    expect(restored).toMatchObject({
      message: AWKWARD_TEXT,
      exact_time: true,
      total: "1234567890.12",
      rate: "191.123456",
      requirements: ["a,b", '"q"', "{}", "NULL", "", "back\\slash"],
      payload: "00ff00",
    });
    expect(restored!.details).toContain(`"big": ${BIG_NUMBER}`);
    expect(JSON.parse(restored!.details!)).toMatchObject({ text: AWKWARD_TEXT, nested: [null, true, { ü: [] }] });
  });

  it("continues the sequences where the source left them, so new rows get fresh ids", async () => {
    await target.db.execute(sql`insert into backup_probe (label) values ('after the restore')`);
    const rows = await queryRows<{ id: string; doubled: string }>(
      target.db,
      sql`select id::text, doubled::text from backup_probe where label = 'after the restore'`,
    );
    expect(rows).toEqual([{ id: "4", doubled: "8" }]);
  });

  it("refuses a database that is not empty, and changes nothing in it", async () => {
    const before = await summariseDatabase(target.db);
    const restoring = restoreBackup({ db: target.db, storage: targetStorage }, backupDirectory);
    await expect(restoring).rejects.toThrow(BackupError);
    await expect(restoring).rejects.toThrow(/not empty \(rows in .*backup_probe.*\).*--replace/s);
    expect((await summariseDatabase(target.db)).tables).toEqual(before.tables);
  });

  it("replaces everything in it when asked to", async () => {
    const result = await restoreBackup({ db: target.db, storage: targetStorage }, backupDirectory, { replace: true });
    expect(result.comparisons.every((row) => row.matches)).toBe(true);
    expect(await rowCount(target.db, "backup_probe")).toBe(2);
  });
});

/** A database with nothing in it, not even the migrations' tables. */
async function unmigratedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  await database.db.execute(sql`drop schema drizzle cascade`);
  await database.db.execute(sql`drop schema public cascade`);
  await database.db.execute(sql`create schema public`);
  return database;
}

describe("a backup made by an older version", () => {
  it("is restored at its own migration level, then brought up to this version's", async () => {
    const migrations = committedMigrations();
    const older = migrations.at(-2)!;
    const old = await unmigratedDatabase();
    await old.db.transaction((tx) => applyMigrationsBetween(tx, 0, older.folderMillis));
    await old.db.execute(sql`insert into site_settings (setting_key, setting_value) values ('old_setting', 'kept')`);
    const directory = path.join(workspace, "older-backup");
    const { manifest } = await createBackup({ db: old.db, kind: old.kind, storage: sourceStorage }, directory);
    expect(manifest.migrations).toMatchObject({ count: migrations.length - 1, lastTag: older.tag });

    const migrated = databases[0]!;
    await expect(restoreBackup({ db: migrated.db, storage: sourceStorage }, directory)).rejects.toThrow(
      /newer migration level .* than the backup/,
    );

    const target = await unmigratedDatabase();
    const result = await restoreBackup({ db: target.db, storage: sourceStorage }, directory);
    expect(result.comparisons.every((row) => row.matches)).toBe(true);
    expect(result.migrations).toMatchObject({ count: migrations.length, lastTag: migrations.at(-1)!.tag });
    const settings = await queryRows<{ setting_value: string }>(
      target.db,
      sql`select setting_value from site_settings where setting_key = 'old_setting'`,
    );
    expect(settings).toEqual([{ setting_value: "kept" }]);
  }, 90_000);
});

/** Stands in for a bucket: holds keys in memory, as S3Storage would hold objects. */
class BucketStorage implements FileStorage {
  readonly objects = new Map<string, Buffer>();
  async save(key: string, body: Readable): Promise<void> {
    this.objects.set(key, await buffer(body));
  }
  async open(key: string): Promise<Readable> {
    const body = this.objects.get(key);
    if (!body) throw new StorageNotFoundError(key);
    return Readable.from([body]);
  }
  async remove(key: string): Promise<void> {
    this.objects.delete(key);
  }
  async exists(key: string): Promise<boolean> {
    return this.objects.has(key);
  }
  async *list(prefix = ""): AsyncIterable<StoredFile> {
    for (const key of this.objects.keys()) if (key.startsWith(prefix)) yield { key, lastModified: new Date() };
  }
}

describe("with the files in a bucket", () => {
  it("records the keys instead of copying, and a restore names the keys the bucket lacks", async () => {
    const bucket = new BucketStorage();
    bucket.objects.set(ATTACHMENT_KEY, ATTACHMENT_BYTES);
    const directory = path.join(workspace, "s3-backup");
    const { manifest } = await createBackup(
      { db: source.db, kind: source.kind, storage: bucket, bucket: "cvs" },
      directory,
    );
    expect(manifest.files).toMatchObject({ storage: "s3", bucket: "cvs", keys: [ATTACHMENT_KEY] });
    expect(fs.existsSync(path.join(directory, "files"))).toBe(false);

    const target = await newDatabase();
    const result = await restoreBackup({ db: target.db, storage: new BucketStorage() }, directory);
    expect(result.comparisons.every((row) => row.matches)).toBe(true);
    expect(result.missingFiles).toEqual([ATTACHMENT_KEY]);
  }, 60_000);
});

describe("a restore that cannot complete", () => {
  it("refuses a damaged backup before touching the database", async () => {
    const damaged = path.join(workspace, "damaged");
    fs.cpSync(backupDirectory, damaged, { recursive: true });
    const file = path.join(damaged, readManifest(damaged).tables.find((table) => table.name === "careers")!.file);
    const text = zlib.gunzipSync(fs.readFileSync(file)).toString("utf8").replace("Engineer", "Engineers");
    fs.writeFileSync(file, zlib.gzipSync(text));

    const target = await newDatabase();
    await expect(restoreBackup({ db: target.db, storage: sourceStorage }, damaged)).rejects.toThrow(
      /is damaged, so nothing was restored:\n {2}tables\/careers\.ndjson\.gz does not match its checksum/,
    );
    expect(await rowCount(target.db, "site_settings")).toBe(0);
  }, 60_000);

  it("rolls back whole when a row is refused half-way, even with --replace", async () => {
    const target = await newDatabase();
    await target.db.execute(sql`insert into backup_probe (label) values ('kept')`);
    // This target refuses one of the backup's rows: the load fails after the existing rows were deleted.
    await target.db.execute(sql`alter table backup_probe add constraint no_second check (label <> 'second')`);

    await expect(
      restoreBackup({ db: target.db, storage: sourceStorage }, backupDirectory, { replace: true }),
    ).rejects.toThrow(/^Could not load the rows of backup_probe: .*"no_second"\. Nothing was restored\.$/);
    expect(await rowCount(target.db, "site_settings")).toBe(0);
    const kept = await queryRows<{ label: string }>(target.db, sql`select label from backup_probe`);
    expect(kept).toEqual([{ label: "kept" }]);
  }, 60_000);

  it("says so when the path holds no backup", async () => {
    const target = databases[0]!;
    await expect(
      restoreBackup({ db: target.db, storage: sourceStorage }, path.join(workspace, "none")),
    ).rejects.toThrow(/There is no backup at .*none/);
  });
});
