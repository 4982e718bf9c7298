import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("migrations", () => {
  it("create every table of the spec, plus users, sessions, the audit log, the first-run code, the mail outbox, orders, unanswered questions, the media library, revisions, scheduled actions, redirects, account links and the submissions' notes and replies", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      "account_tokens",
      "admin_setup",
      "audit_log",
      "careers",
      "contact_submissions",
      "content",
      "content_blocks",
      "cookie_consents",
      "mail_outbox",
      "media",
      "navigation_items",
      "order_items",
      "order_notes",
      "order_refunds",
      "orders",
      "page_content",
      "passkeys",
      "payment_events",
      "pending_sign_ins",
      "rate_limit_windows",
      "recovery_codes",
      "redirects",
      "revisions",
      "scheduled_actions",
      "sessions",
      "site_settings",
      "submission_notes",
      "submission_replies",
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

  it("give content, careers and courses a nullable jsonb column for the rich-text document (0008)", async () => {
    const rows = await queryRows<{ table_name: string; data_type: string; is_nullable: string }>(
      database.db,
      sql`select table_name, data_type, is_nullable from information_schema.columns
          where table_schema = 'public' and column_name = 'document' order by table_name`,
    );
    expect(rows).toEqual([
      { table_name: "careers", data_type: "jsonb", is_nullable: "YES" },
      { table_name: "content", data_type: "jsonb", is_nullable: "YES" },
      { table_name: "training_courses", data_type: "jsonb", is_nullable: "YES" },
    ]);
  });

  it("can run again without changing anything", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
