/**
 * The CMS dashboard: the aggregates of app/server/dashboard/ on a real migrated
 * database, with rows seeded at known instants around London's week, month and clock-change
 * boundaries, currencies kept apart, spam and unpaid orders left out; the date range read from the
 * address; and /cms itself, which now opens on the dashboard for an administrator.
 */
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions, cookieConsents, mailOutbox, orders, unansweredQuestions } from "../../app/db/schema";
import { readDashboard } from "~/server/dashboard/dashboard.server";
import {
  DATE_RANGE_MESSAGES,
  monthsOf,
  readDateRange,
  weeksOf,
  type DateRange,
} from "~/server/dashboard/date-range.server";
import { routeArgs } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "dashboard" });

/** "Today" for every range below: Wednesday 15 July 2026, noon in London (BST). */
const NOW = new Date("2026-07-15T11:00:00Z");
const custom = (from: string, to: string) => readDateRange(new URLSearchParams({ from, to }), NOW);

const utc = (text: string) => new Date(text);

beforeAll(async () => {
  const db = cms.db;
  const submission = (createdAt: string, extra: Partial<typeof contactSubmissions.$inferInsert> = {}) => ({
    name: "Seeded Person",
    email: "seeded@example.com",
    subject: "A question",
    message: "Hello",
    createdAt: utc(createdAt),
    ...extra,
  });
  await db.insert(contactSubmissions).values([
    // Sunday 14 June 23:30 UTC is Monday 15 June 00:30 in London (BST): the week of 15 June.
    submission("2026-06-14T23:30:00Z"),
    // Monday 8 June, two enquiries and an application by subject, one by CV.
    submission("2026-06-08T09:00:00Z"),
    submission("2026-06-09T09:00:00Z"),
    submission("2026-06-10T09:00:00Z", { subject: "Application for Cloud Engineer" }),
    submission("2026-06-11T09:00:00Z", { attachmentUrl: "uploads/cv.pdf", attachmentFilename: "cv.pdf" }),
    // Spam the anti-bot rules held back is not an enquiry.
    submission("2026-06-12T09:00:00Z", { status: "spam" }),
    // Winter (GMT): Sunday 4 January 2026 23:30 UTC is still Sunday in London: the week of 29 December.
    submission("2026-01-04T23:30:00Z"),
  ]);
  await db.insert(cookieConsents).values([
    {
      choice: "accepted",
      functional: true,
      performance: true,
      targeting: true,
      policyVersion: "1",
      createdAt: utc("2026-06-08T10:00:00Z"),
    },
    {
      choice: "accepted",
      functional: true,
      performance: true,
      targeting: true,
      policyVersion: "1",
      createdAt: utc("2026-06-09T10:00:00Z"),
    },
    {
      choice: "rejected",
      functional: false,
      performance: false,
      targeting: false,
      policyVersion: "1",
      createdAt: utc("2026-06-10T10:00:00Z"),
    },
    {
      choice: "customized",
      functional: true,
      performance: false,
      targeting: false,
      policyVersion: "1",
      createdAt: utc("2026-06-14T23:30:00Z"),
    },
  ]);
  const paid = (currency: string, total: number, paidAt: string) => ({
    status: "paid",
    currency,
    total,
    provider: "test",
    paidAt: utc(paidAt),
    createdAt: utc(paidAt),
  });
  await db.insert(orders).values([
    paid("GBP", 349.9, "2026-06-02T10:00:00Z"),
    paid("GBP", 100, "2026-06-20T10:00:00Z"),
    // 30 June 23:30 UTC is 1 July in London: July's revenue.
    paid("GBP", 0.1, "2026-06-30T23:30:00Z"),
    paid("USD", 450.5, "2026-06-05T10:00:00Z"),
    // Refunds: still orders; revenue is what was kept.
    { ...paid("USD", 200, "2026-06-06T10:00:00Z"), status: "partially_refunded", amountRefunded: 50 },
    { ...paid("USD", 80, "2026-06-07T10:00:00Z"), status: "refunded", amountRefunded: 80 },
    paid("JPY", 52000, "2026-05-05T10:00:00Z"),
    // Not paid: neither an order of the chart nor revenue.
    { status: "pending", currency: "GBP", total: 999, provider: "test", createdAt: utc("2026-06-03T10:00:00Z") },
  ]);
  await db.insert(unansweredQuestions).values([
    {
      question: "do you do sap",
      timesAsked: 3,
      firstAskedAt: utc("2026-06-01T10:00:00Z"),
      lastAskedAt: utc("2026-07-01T10:00:00Z"),
    },
    {
      question: "where do you park",
      timesAsked: 7,
      firstAskedAt: utc("2026-06-02T10:00:00Z"),
      lastAskedAt: utc("2026-07-02T10:00:00Z"),
    },
    // Last asked before the range: not among this range's questions.
    {
      question: "old question",
      timesAsked: 50,
      firstAskedAt: utc("2025-01-01T10:00:00Z"),
      lastAskedAt: utc("2025-02-01T10:00:00Z"),
    },
  ]);
  const mail = (status: string, createdAt: string) => ({
    kind: "notification",
    toAddress: "office@example.com",
    subject: "New contact message",
    textBody: "Hello",
    status,
    createdAt: utc(createdAt),
    sentAt: status === "sent" ? utc(createdAt) : null,
  });
  await db
    .insert(mailOutbox)
    .values([
      mail("pending", "2026-07-10T08:00:00Z"),
      mail("pending", "2026-07-09T08:00:00Z"),
      mail("failed", "2026-07-01T08:00:00Z"),
      mail("sent", "2026-07-01T08:00:00Z"),
    ]);
});

describe("the date range", () => {
  it("reads each preset as London days ending today", () => {
    const preset = (range: string) => readDateRange(new URLSearchParams({ range }), NOW);
    expect(preset("30d")).toMatchObject({ from: "2026-06-16", to: "2026-07-15", preset: "30d", error: null });
    expect(preset("12m")).toMatchObject({ from: "2025-08-01", to: "2026-07-15" });
    expect(preset("ytd")).toMatchObject({ from: "2026-01-01", to: "2026-07-15" });
    // No range asked for: the default, the last 90 days.
    expect(readDateRange(new URLSearchParams(), NOW)).toMatchObject({ from: "2026-04-17", preset: "90d", error: null });
  });

  it("starts and ends at London midnight, the last day included", () => {
    const range = custom("2026-06-01", "2026-06-30");
    expect(range.start.toISOString()).toBe("2026-05-31T23:00:00.000Z");
    expect(range.end.toISOString()).toBe("2026-06-30T23:00:00.000Z");
    expect(custom("2026-01-01", "2026-01-31").start.toISOString()).toBe("2026-01-01T00:00:00.000Z");
  });

  it("answers dates it cannot use with a message and the default range", () => {
    expect(custom("2026-02-30", "2026-03-01")).toMatchObject({ error: DATE_RANGE_MESSAGES.invalidDate, preset: "90d" });
    expect(custom("not a day", "2026-03-01").error).toBe(DATE_RANGE_MESSAGES.invalidDate);
    expect(custom("2026-03-02", "2026-03-01").error).toBe(DATE_RANGE_MESSAGES.reversed);
    expect(custom("2010-01-01", "2026-03-01").error).toBe(DATE_RANGE_MESSAGES.tooLong);
  });

  it("lists every Monday-started week and every month of the range", () => {
    expect(weeksOf({ from: "2026-06-10", to: "2026-06-22" })).toEqual(["2026-06-08", "2026-06-15", "2026-06-22"]);
    expect(monthsOf({ from: "2025-11-20", to: "2026-02-01" })).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("the aggregates", () => {
  let june: Awaited<ReturnType<typeof readDashboard>>;
  let range: DateRange;
  beforeAll(async () => {
    range = custom("2026-06-01", "2026-07-15");
    june = await readDashboard(cms.db, range);
  });

  it("counts enquiries and applications per London week, spam left out", () => {
    const week = (monday: string) => june.submissions.find((row) => row.week === monday);
    expect(week("2026-06-08")).toEqual({ week: "2026-06-08", enquiries: 2, applications: 2 });
    // The Sunday-night message in UTC is Monday morning in London.
    expect(week("2026-06-15")).toEqual({ week: "2026-06-15", enquiries: 1, applications: 0 });
    expect(week("2026-06-01")).toEqual({ week: "2026-06-01", enquiries: 0, applications: 0 });
    expect(june.submissions.map((row) => row.week)).toEqual(weeksOf(range));
  });

  it("uses London's winter time too", async () => {
    const winter = await readDashboard(cms.db, custom("2025-12-29", "2026-01-11"));
    expect(winter.submissions).toEqual([
      { week: "2025-12-29", enquiries: 1, applications: 0 },
      { week: "2026-01-05", enquiries: 0, applications: 0 },
    ]);
  });

  it("counts cookie choices per week", () => {
    const week = (monday: string) => june.consents.find((row) => row.week === monday);
    expect(week("2026-06-08")).toEqual({ week: "2026-06-08", accepted: 2, rejected: 1, customized: 0 });
    expect(week("2026-06-15")).toEqual({ week: "2026-06-15", accepted: 0, rejected: 0, customized: 1 });
  });

  it("sums paid orders per London month, each currency apart, in exact decimals, less refunds", () => {
    expect(june.orders.map((currency) => currency.currency)).toEqual(["GBP", "USD"]);
    const gbp = june.orders[0]!;
    expect(gbp.totalOrders).toBe(3);
    expect(gbp.totalRevenue).toBe("450.00");
    expect(gbp.months).toEqual([
      { month: "2026-06", orders: 2, revenue: "449.90" },
      // Paid at 23:30 UTC on 30 June: 1 July in London.
      { month: "2026-07", orders: 1, revenue: "0.10" },
    ]);
    expect(june.orders[1]).toMatchObject({ currency: "USD", totalOrders: 3, totalRevenue: "600.50" });
  });

  it("leaves out what falls outside the range", async () => {
    const may = await readDashboard(cms.db, custom("2026-05-01", "2026-05-31"));
    expect(may.orders).toEqual([
      {
        currency: "JPY",
        totalOrders: 1,
        totalRevenue: "52000.00",
        months: [{ month: "2026-05", orders: 1, revenue: "52000.00" }],
      },
    ]);
    expect(may.submissions.every((row) => row.enquiries === 0 && row.applications === 0)).toBe(true);
  });

  it("lists the range's most asked unanswered questions first", () => {
    expect(june.questions.map((question) => [question.question, question.timesAsked])).toEqual([
      ["where do you park", 7],
      ["do you do sap", 3],
    ]);
  });

  it("tells the outbox's backlog: waiting, failed, and the oldest waiting", () => {
    expect(june.outbox).toEqual({ pending: 2, failed: 1, oldestPendingAt: utc("2026-07-09T08:00:00Z") });
  });
});

describe("/cms", () => {
  it("shows an administrator the dashboard for the range in the address", async () => {
    const { loader } = await import("~/routes/cms/index");
    const view = await loader(routeArgs(cms.request("http://localhost/cms?from=2026-06-01&to=2026-06-30")));
    expect(view?.range).toMatchObject({ from: "2026-06-01", to: "2026-06-30", preset: null, error: null });
    const gbp = view?.orders.find((currency) => currency.currency === "GBP");
    expect(gbp?.revenueText["2026-06"]).toBe("£449.90");
    expect(view?.submissions.find((row) => row.period === "2026-06-08")).toMatchObject({
      label: "w/c 8 Jun 2026",
      values: { enquiries: 2, applications: 2 },
    });
  });

  it("sends the other roles to their first tab, and shows a visitor the sign-in card", async () => {
    const { loader } = await import("~/routes/cms/index");
    await expect(loader(routeArgs(cms.request("http://localhost/cms", { as: null })))).resolves.toBeNull();
    for (const [role, tab] of [
      ["editor", "/cms/content"],
      ["support", "/cms/submissions"],
    ] as const) {
      const sent = await loader(routeArgs(cms.request("http://localhost/cms", { as: role }))).catch(
        (thrown: unknown) => thrown,
      );
      expect(sent instanceof Response && sent.headers.get("Location")).toBe(tab);
    }
  });
});
