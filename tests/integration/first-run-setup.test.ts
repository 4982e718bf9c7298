/**
 * The first-run setup code is single-use even when several requests race for it: the
 * code is consumed by a conditional delete inside the transaction that creates the administrator,
 * so on PGlite and on PostgreSQL with several instances exactly one request wins.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSetup, users } from "../../app/db/schema";
import { issueSetupCode } from "~/server/auth/admin-setup.server";
import { setUpFirstAdmin } from "~/server/auth/sign-in.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe("first-run setup under concurrency", () => {
  it("lets exactly one of six simultaneous requests with the right code create an administrator", async () => {
    const code = await issueSetupCode(database.db);
    const attempts = Array.from({ length: 6 }, (_, index) =>
      setUpFirstAdmin(
        database.db,
        { code: code!, email: `owner-${index}@example.com`, password: "a quiet harbour at dawn" },
        `203.0.113.${index + 10}`,
      ),
    );
    const results = await Promise.all(attempts);

    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const refused of results.filter((result) => !result.ok)) {
      expect(refused).toMatchObject({ ok: false, status: 400 });
    }
    const admins = await database.db.select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    expect(await database.db.select().from(adminSetup)).toHaveLength(0);
  });
});
