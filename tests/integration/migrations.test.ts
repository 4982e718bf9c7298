import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("migrations", () => {
  it("create every table of the spec, plus users, sessions, the audit log, the first-run code, the mail outbox, orders and unanswered questions", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      "admin_setup",
      "audit_log",
      "careers",
      "contact_submissions",
      "content",
      "content_blocks",
      "cookie_consents",
      "mail_outbox",
      "navigation_items",
      "order_items",
      "orders",
      "page_content",
      "payment_events",
      "rate_limit_windows",
      "redirects",
      "sessions",
      "site_settings",
      "training_courses",
      "unanswered_questions",
      "users",
    ]);
  });

  it("create an index for each ordering the spec lists", async () => {
    const rows = await queryRows<{ indexname: string }>(
      database.db,
      sql`select indexname from pg_indexes where schemaname = 'public'`,
    );
    const names = rows.map((row) => row.indexname);
    expect(names).toEqual(
      expect.arrayContaining([
        "navigation_items_menu_order_idx", // main menu, active, by sort_order
        "contact_submissions_created_at_idx", // newest first
        "careers_active_created_at_idx", // active, newest first
        "content_status_published_at_idx", // published, by published_at descending
        "content_updated_at_idx", // admin list by updated_at descending
        "content_blocks_name_idx", // by name
        "training_courses_active_name_idx", // active, by name
        "content_slug_unique",
        "site_settings_setting_key_unique",
        "users_email_unique",
        "sessions_token_hash_unique",
      ]),
    );
  });

  it("can run again without changing anything", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
