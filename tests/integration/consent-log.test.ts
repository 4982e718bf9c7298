/**
 * The CMS consent log (/cms/consents) and its CSV export (/cms/consents/export.csv), called as React
 * Router calls their loaders, with real sessions: the search by a visitor's consent id
 * and by London days (British Summer Time included), a mistyped search answered as such, and who
 * may read them.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { cookieConsents } from "../../app/db/schema";
import { consentSearch } from "~/routes/cms/consents.server";
import { routeArgs } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const { loader } = await import("~/routes/cms/consents");
const { loader: exportLoader } = await import("~/routes/cms/consents-export");

const cms = setUpCmsHarness({ name: "consent-log" });
const ids: Record<"lateMay31" | "earlyJune1" | "june2", string> = { lateMay31: "", earlyJune1: "", june2: "" };

beforeAll(async () => {
  const insert = async (createdAt: string) => {
    const [row] = await cms.db
      .insert(cookieConsents)
      .values({
        choice: "accepted",
        functional: true,
        performance: true,
        targeting: true,
        policyVersion: "2026-11-26",
        createdAt: new Date(createdAt),
      })
      .returning();
    return row!.id;
  };
  // 22:30 UTC on 31 May is 23:30 in London (BST); 23:30 UTC on 31 May is already 1 June there.
  ids.lateMay31 = await insert("2025-05-31T22:30:00Z");
  ids.earlyJune1 = await insert("2025-05-31T23:30:00Z");
  ids.june2 = await insert("2025-06-02T10:00:00Z");
});

type LogView = { total: number; consents: { id: string; policyVersion: string }[]; errors: Record<string, string> };
const read = async (search: string) =>
  (await loader(routeArgs(cms.request(`http://localhost/cms/consents${search}`)))) as LogView;

describe("the consent log's search", () => {
  it("lists every record, newest first, with the policy version", async () => {
    const view = await read("");
    expect(view.consents.map((row) => row.id)).toEqual([ids.june2, ids.earlyJune1, ids.lateMay31]);
    expect(view.consents[0]!.policyVersion).toBe("2026-11-26");
  });

  it("finds a record by the id the visitor quotes, in upper or lower case", async () => {
    expect((await read(`?id=${ids.earlyJune1}`)).consents.map((row) => row.id)).toEqual([ids.earlyJune1]);
    expect((await read(`?id=${ids.earlyJune1.toUpperCase()}`)).consents.map((row) => row.id)).toEqual([ids.earlyJune1]);
  });

  it("reads the dates as London days, both ends included", async () => {
    expect((await read("?from=2025-06-01&to=2025-06-01")).consents.map((row) => row.id)).toEqual([ids.earlyJune1]);
    expect((await read("?to=2025-05-31")).consents.map((row) => row.id)).toEqual([ids.lateMay31]);
    expect((await read("?from=2025-06-01")).total).toBe(2);
  });

  it("says what is wrong with a mistyped search and lists nothing", async () => {
    const view = await read("?id=12345&from=31/05/2025&to=2025-06-01");
    expect(view.total).toBe(0);
    expect(view.consents).toEqual([]);
    expect(Object.keys(view.errors).sort()).toEqual(["from", "id"]);
    expect(consentSearch(new URLSearchParams("from=2025-06-02&to=2025-06-01")).errors).toEqual({
      to: "The end date must not be before the start date.",
    });
  });

  it("is for administrators only", async () => {
    const refused = await loader(routeArgs(cms.request("http://localhost/cms/consents", { as: "support" }))).then(
      () => 0,
      (caught: unknown) =>
        caught instanceof Response ? caught.status : ((caught as { init?: ResponseInit }).init?.status ?? 0),
    );
    expect(refused).toBe(403);
  });
});

describe("the consent log's CSV export", () => {
  const download = (search: string, as: "admin" | "support" = "admin") =>
    exportLoader({
      ...(routeArgs(cms.request(`http://localhost/cms/consents/export.csv${search}`, { as })) as object),
      context: { cspNonce: "nonce" },
    } as never) as Promise<Response>;

  it("exports what the search finds, as a private download", async () => {
    const response = await download(`?id=${ids.june2}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="cookie-consents-/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, "")
      .trimEnd()
      .split("\r\n");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe(`${ids.june2},2025-06-02T10:00:00.000Z,accepted,yes,yes,yes,yes,2026-11-26`);
  });

  it("refuses a mistyped search rather than exporting more than was asked for", async () => {
    const response = await download("?id=nope");
    expect(response.status).toBe(400);
    expect(await response.text()).toMatch(/^Enter a consent ID/);
  });

  it("is for administrators only", async () => {
    const refused = await download("", "support").then(
      (response) => response.status,
      (caught: unknown) => (caught instanceof Response ? caught.status : 0),
    );
    expect(refused).toBe(403);
  });
});
