/**
 * Cookie consent records (app/server/contact/cookie-consents.server.ts): what is stored for each of the
 * three choices (SPEC.md section 4), with the policy version and the time of the choice; the
 * version the site serves (code and setting); the consent log's search by id and date and
 * its CSV export (formula-injection safe).
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cookieConsents } from "../../app/db/schema";
import { COOKIE_POLICY_VERSION } from "~/lib/consent/cookie-consent";
import type { ConsentRecordInput } from "~/lib/schemas/cookie-consent";
import {
  currentCookiePolicyVersion,
  recordCookieConsent,
  searchCookieConsents,
} from "~/server/contact/cookie-consents.server";
import { CONSENT_CSV_COLUMNS, exportConsentsCsv } from "~/server/contact/consents-export.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

async function recordAndRead(input: ConsentRecordInput) {
  const { id } = await recordCookieConsent(database.db, input, COOKIE_POLICY_VERSION);
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
    const first = await recordCookieConsent(database.db, input, COOKIE_POLICY_VERSION);
    const second = await recordCookieConsent(database.db, input, COOKIE_POLICY_VERSION);
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.id).not.toBe(first.id);
  });
});

describe("the cookie policy's version the site serves", () => {
  it("is the code's version while the setting holds it or an earlier date", () => {
    expect(currentCookiePolicyVersion({})).toBe(COOKIE_POLICY_VERSION);
    expect(currentCookiePolicyVersion({ cookie_policy_version: "2025-07-14" })).toBe(COOKIE_POLICY_VERSION);
    expect(currentCookiePolicyVersion({ cookie_policy_version: COOKIE_POLICY_VERSION })).toBe(COOKIE_POLICY_VERSION);
  });

  it("is the setting's date when an administrator sets a later one, to ask everyone again", () => {
    expect(currentCookiePolicyVersion({ cookie_policy_version: " 2099-01-31 " })).toBe("2099-01-31");
  });

  it("ignores a setting that is not a date", () => {
    expect(currentCookiePolicyVersion({ cookie_policy_version: "v9" })).toBe(COOKIE_POLICY_VERSION);
    expect(currentCookiePolicyVersion({ cookie_policy_version: "" })).toBe(COOKIE_POLICY_VERSION);
  });

  it("is what a record keeps", async () => {
    const { id, policyVersion } = await recordCookieConsent(
      database.db,
      { choice: "rejected", functional: false, performance: false, targeting: false },
      "2099-01-31",
    );
    expect(policyVersion).toBe("2099-01-31");
    const [row] = await database.db.select().from(cookieConsents).where(eq(cookieConsents.id, id));
    expect(row?.policyVersion).toBe("2099-01-31");
  });
});

describe("the consent log", () => {
  const at = (iso: string) => new Date(iso);
  let ids: { march: string; april: string; may: string };

  beforeAll(async () => {
    await database.db.delete(cookieConsents);
    const insert = async (createdAt: Date, policyVersion: string) => {
      const [row] = await database.db
        .insert(cookieConsents)
        .values({
          choice: "customized",
          functional: true,
          performance: false,
          targeting: false,
          policyVersion,
          createdAt,
        })
        .returning();
      return row!.id;
    };
    ids = {
      march: await insert(at("2025-03-10T12:00:00Z"), "2025-01-01"),
      april: await insert(at("2025-04-10T12:00:00Z"), '=HYPERLINK("http://evil.example")'),
      may: await insert(at("2025-05-10T12:00:00Z"), "2025-05-01"),
    };
  });

  it("finds one record by its id", async () => {
    const { consents, total } = await searchCookieConsents(database.db, { id: ids.april });
    expect(total).toBe(1);
    expect(consents.map((row) => row.id)).toEqual([ids.april]);
  });

  it("finds the records of a time range, newest first, the end exclusive", async () => {
    const { consents, total } = await searchCookieConsents(database.db, {
      from: at("2025-04-01T00:00:00Z"),
      until: at("2025-05-10T12:00:00Z"),
    });
    expect(total).toBe(1);
    expect(consents.map((row) => row.id)).toEqual([ids.april]);
    const all = await searchCookieConsents(database.db, {});
    expect(all.consents.map((row) => row.id)).toEqual([ids.may, ids.april, ids.march]);
  });

  it("pages the results", async () => {
    const second = await searchCookieConsents(database.db, {}, { page: 2, pageSize: 2 });
    expect(second.total).toBe(3);
    expect(second.consents.map((row) => row.id)).toEqual([ids.march]);
  });

  it("exports what the search finds as CSV, with cells that cannot run as formulas", async () => {
    const csv = await exportConsentsCsv(database.db, { from: at("2025-04-01T00:00:00Z") });
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines[0]).toBe(CONSENT_CSV_COLUMNS.join(","));
    expect(lines).toHaveLength(3);
    expect(lines[1]).toBe(`${ids.may},2025-05-10T12:00:00.000Z,customized,yes,yes,no,no,2025-05-01`);
    // The stored text starts with "=": it is neutralised, then quoted for its own quotes.
    expect(lines[2]).toBe(
      `${ids.april},2025-04-10T12:00:00.000Z,customized,yes,yes,no,no,"'=HYPERLINK(""http://evil.example"")"`,
    );
    expect(csv).not.toContain(ids.march);
  });
});
