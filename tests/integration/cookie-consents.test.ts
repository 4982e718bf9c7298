/**
 * Cookie consent records (app/server/contact/cookie-consents.server.ts): what is stored for each of the
 * three choices (SPEC.md section 4), with the policy version and the time of the choice.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieConsents } from "../../db/schema";
import { COOKIE_POLICY_VERSION } from "~/lib/cookie-consent";
import type { ConsentRecordInput } from "~/lib/schemas/cookie-consent";
import { recordCookieConsent } from "~/server/contact/cookie-consents.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function recordAndRead(input: ConsentRecordInput) {
  const { id } = await recordCookieConsent(database.db, input);
  const [row] = await database.db.select().from(cookieConsents).where(eq(cookieConsents.id, id));
  if (!row) throw new Error(`no consent record with id ${id}`);
  return row;
}

const categories = (row: { functional: boolean; performance: boolean; targeting: boolean }) => ({
  functional: row.functional,
  performance: row.performance,
  targeting: row.targeting,
});

describe("recordCookieConsent", () => {
  it("stores accepted with every category on, whatever toggles came with it", async () => {
    const row = await recordAndRead({ choice: "accepted", functional: false, performance: false, targeting: false });
    expect(row.choice).toBe("accepted");
    expect(categories(row)).toEqual({ functional: true, performance: true, targeting: true });
  });

  it("stores rejected with every optional category off, whatever toggles came with it", async () => {
    const row = await recordAndRead({ choice: "rejected", functional: true, performance: true, targeting: true });
    expect(row.choice).toBe("rejected");
    expect(categories(row)).toEqual({ functional: false, performance: false, targeting: false });
  });

  it.each([
    { functional: true, performance: false, targeting: false },
    { functional: false, performance: true, targeting: false },
    { functional: false, performance: false, targeting: true },
    { functional: true, performance: true, targeting: false },
    { functional: false, performance: false, targeting: false },
  ])("stores customized with exactly the toggles given: %o", async (toggles) => {
    const row = await recordAndRead({ choice: "customized", ...toggles });
    expect(row.choice).toBe("customized");
    expect(categories(row)).toEqual(toggles);
  });

  it.each(["accepted", "rejected", "customized"] as const)(
    "marks strictly necessary on and records the policy version and time (%s)",
    async (choice) => {
      const before = Date.now();
      const row = await recordAndRead({ choice, functional: true, performance: false, targeting: true });
      expect(row.strictlyNecessary).toBe(true);
      expect(row.policyVersion).toBe(COOKIE_POLICY_VERSION);
      expect(row.createdAt).toBeInstanceOf(Date);
      // Allow for a database clock slightly apart from this process's.
      expect(Math.abs(row.createdAt.getTime() - before)).toBeLessThan(60_000);
    },
  );

  it("returns a distinct id for each record", async () => {
    const input: ConsentRecordInput = { choice: "accepted", functional: true, performance: true, targeting: true };
    const first = await recordCookieConsent(database.db, input);
    const second = await recordCookieConsent(database.db, input);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).not.toBe(first.id);
  });
});
