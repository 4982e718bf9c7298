import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("migrations", () => {
  it("create every table of the spec plus users and sessions", async () => {
    const rows = await queryRows<{ table_name: string }>(
      database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(rows.map((row) => row.table_name)).toEqual([
      "careers",
      "contact_submissions",
      "content",
      "content_blocks",
      "cookie_consents",
      "navigation_items",
      "page_content",
      "sessions",
      "site_settings",
      "training_courses",
      "users",
    ]);
  });

  it("can run again without changing anything", async () => {
    await expect(database.migrate()).resolves.toBeUndefined();
  });
});
