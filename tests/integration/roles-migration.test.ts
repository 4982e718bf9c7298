/**
 * Migration 0013_roles (decision 019): on a database as it was before, an old "user"
 * account becomes Support but deactivated, its sessions end and the audit log keeps the change;
 * administrators are untouched; afterwards only the three roles are allowed, and none by default.
 * The migrations are applied step by step on an embedded database, as a restore of an older backup
 * applies them.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyMigrationsBetween, committedMigrations } from "~/server/platform/backup/migrations.server";
import { openDatabase, type DatabaseHandle } from "~/server/platform/db/db.server";
import { queryRows } from "./database";

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openDatabase({ kind: "pglite-memory" });
});

afterAll(async () => {
  await handle.close();
});

describe("migration 0013_roles", () => {
  it("deactivates the old users as Support, ends their sessions, audits it, and keeps administrators", async () => {
    const migrations = committedMigrations();
    const roles = migrations.findIndex((migration) => migration.tag === "0013_roles");
    expect(roles).toBeGreaterThan(0);
    const before = migrations[roles - 1]!.folderMillis;
    await applyMigrationsBetween(handle.db, 0, before);

    const [old] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into users (email, password_hash, role) values ('old@example.com', 'x', 'user') returning id`,
    );
    const [boss] = await queryRows<{ id: string }>(
      handle.db,
      sql`insert into users (email, password_hash, role) values ('boss@example.com', 'x', 'admin') returning id`,
    );
    for (const user of [old!, boss!]) {
      await handle.db.execute(
        sql`insert into sessions (user_id, token_hash, expires_at) values (${user.id}, ${`hash-${user.id}`}, now() + interval '1 hour')`,
      );
    }

    await applyMigrationsBetween(handle.db, before, migrations[roles]!.folderMillis);

    const accounts = await queryRows<{ email: string; role: string; is_active: boolean }>(
      handle.db,
      sql`select email, role, is_active from users order by email`,
    );
    expect(accounts).toEqual([
      { email: "boss@example.com", role: "admin", is_active: true },
      { email: "old@example.com", role: "support", is_active: false },
    ]);
    const sessions = await queryRows<{ user_id: string }>(handle.db, sql`select user_id from sessions`);
    expect(sessions).toEqual([{ user_id: boss!.id }]);
    const audit = await queryRows<{ user_email: string; action: string; entity_id: string; details: unknown }>(
      handle.db,
      sql`select user_email, action, entity_id, details from audit_log`,
    );
    expect(audit).toEqual([
      {
        user_email: "migration 0013_roles",
        action: "user.role",
        entity_id: old!.id,
        details: { from: "user", role: "support", deactivated: true, via: "migration 0013_roles" },
      },
    ]);

    // Only the three roles migration 0013 knew (a later role comes with its own migration), and a role must be named.
    await expect(
      handle.db.execute(sql`insert into users (email, password_hash, role) values ('new@example.com', 'x', 'user')`),
    ).rejects.toThrow();
    await expect(
      handle.db.execute(sql`insert into users (email, password_hash) values ('new@example.com', 'x')`),
    ).rejects.toThrow();
    for (const role of ["admin", "editor", "support"]) {
      await handle.db.execute(
        sql`insert into users (email, password_hash, role) values (${`${role}@example.com`}, 'x', ${role})`,
      );
    }
  });
});
