/**
 * The CMS Orders tab (/cms/orders) and its CSV export (/cms/orders/export.csv), called as React
 * Router calls their loaders, with real sessions on a fresh database: who may see them, the list
 * (newest first, filtered, paged, with item counts), one order's lines and payment events, what the
 * tab says when the database fails, and a CSV whose cells cannot run as spreadsheet formulas.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { orders, trainingCourses } from "../../app/db/schema";
import { GBP_RATES } from "~/lib/commerce/currency";
import { findCoursesByIds } from "~/server/commerce/courses.server";
import { applyPaymentEvent, createOrder, priceCourses } from "~/server/commerce/orders.server";
import { routeArgs, routeWithBrokenDatabase, withBrokenDatabaseHooks } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

// The administrator, and a signed-in user who is not one.
const cms = setUpCmsHarness({ name: "orders-admin" });
const courseIds: Record<"cloud" | "security" | "ai", string> = { cloud: "", security: "", ai: "" };
/** The three orders the tests look at closely; 24 older pending orders fill a second page. */
const orderIds: Record<"paid" | "failed" | "pending", string> = { paid: "", failed: "", pending: "" };
const FILLER_ORDERS = 24;

const at = (day: number, hour = 9) => new Date(Date.UTC(2025, 2, day, hour, 30));
const reference = (id: string) => id.slice(0, 8).toUpperCase();

async function placeOrder(names: (keyof typeof courseIds)[], currency: string, createdAt: Date): Promise<string> {
  const ids = names.map((name) => courseIds[name]);
  const priced = priceCourses(ids, await findCoursesByIds(cms.db, ids), currency, GBP_RATES);
  if (!priced.ok) throw new Error("the test courses could not be priced");
  const order = await createOrder(cms.db, priced, "test");
  await cms.db.update(orders).set({ createdAt }).where(eq(orders.id, order.id));
  return order.id;
}

beforeAll(async () => {
  const courses = await cms.db
    .insert(trainingCourses)
    .values([
      { name: "Cloud, Advanced", description: "d", duration: "3 days", level: "Advanced", price: 1299.5 },
      { name: "Zoë's Security Basics", description: "d", duration: "1 day", level: "Beginner", price: 499 },
      { name: "AI Foundations", description: "d", duration: "2 days", level: "Beginner", price: 1000 },
    ])
    .returning({ id: trainingCourses.id });
  [courseIds.cloud, courseIds.security, courseIds.ai] = courses.map((course) => course.id) as [string, string, string];

  orderIds.paid = await placeOrder(["cloud", "security"], "GBP", at(10));
  orderIds.failed = await placeOrder(["ai"], "USD", at(12));
  orderIds.pending = await placeOrder(["security"], "EUR", at(11));
  for (let index = 0; index < FILLER_ORDERS; index += 1) await placeOrder(["ai"], "GBP", at(1, index % 24));

  const event = (orderId: string, eventId: string, type: string, outcome?: "processing" | "paid" | "failed") =>
    applyPaymentEvent(cms.db, {
      orderId,
      provider: "test",
      eventId,
      type,
      outcome,
      customerEmail: orderId === orderIds.failed ? "=1+1@evil.example" : "buyer@example.com",
      detail: outcome === "failed" ? "Card declined" : null,
    });
  await event(orderIds.paid, "test_1", "test.payment_processing", "processing");
  await event(orderIds.paid, "test_2", "test.payment_succeeded", "paid");
  await event(orderIds.paid, "test_3", "test.payment_succeeded_again", "paid");
  await event(orderIds.failed, "test_4", "test.payment_failed", "failed");
});

const args = (url: string, cookie?: string) =>
  routeArgs(new Request(url, { headers: cookie ? { Cookie: cookie } : {} }));

/** What a loader threw: a redirect Response, or data() with a status. */
async function thrown(load: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  const error = await load.then(
    () => {
      throw new Error("the loader did not refuse");
    },
    (caught: unknown) => caught,
  );
  if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
  return { status: (error as { init?: ResponseInit }).init?.status ?? 0 };
}

async function loadOrdersTab(search = "") {
  const { loader } = await import("~/routes/cms/orders");
  return loader(args(`http://localhost/cms/orders${search}`, cms.cookie("admin")));
}

describe("access", () => {
  const addresses = ["/cms/orders?status=paid", "/cms/orders/export.csv"];

  it("sends anonymous visitors to sign in, back to the address they asked for", async () => {
    const modules = [await import("~/routes/cms/orders"), await import("~/routes/cms/orders-export")];
    for (const [index, { loader }] of modules.entries()) {
      const address = addresses[index]!;
      const refusal = await thrown(loader(args(`http://localhost${address}`)));
      expect(refusal).toEqual({ status: 302, location: `/cms?redirectTo=${encodeURIComponent(address)}` });
      expect((await thrown(loader(args(`http://localhost${address}`, "session=forged")))).status).toBe(302);
    }
  });

  it("refuses a role without orders.view (an editor) with 403", async () => {
    const modules = [await import("~/routes/cms/orders"), await import("~/routes/cms/orders-export")];
    for (const [index, { loader }] of modules.entries()) {
      expect((await thrown(loader(args(`http://localhost${addresses[index]}`, cms.cookie("editor"))))).status).toBe(
        403,
      );
    }
  });
});

describe("the orders list", () => {
  it("lists orders newest first with their reference, customer, status, total, currency and item count", async () => {
    const result = await loadOrdersTab();
    expect(result.error).toBeNull();
    expect(result.total).toBe(3 + FILLER_ORDERS);
    expect(result.orders).toHaveLength(25);
    expect(result.orders.slice(0, 3)).toEqual([
      {
        id: orderIds.failed,
        reference: reference(orderIds.failed),
        created: { iso: "2025-03-12T09:30:00.000Z", text: "12 Mar 2025, 09:30" },
        customerEmail: "=1+1@evil.example",
        status: "failed",
        total: "$1,280",
        currency: "USD",
        items: 1,
      },
      {
        id: orderIds.pending,
        reference: reference(orderIds.pending),
        created: { iso: "2025-03-11T09:30:00.000Z", text: "11 Mar 2025, 09:30" },
        // The payment page has not collected an address yet.
        customerEmail: null,
        status: "pending",
        total: "€589",
        currency: "EUR",
        items: 1,
      },
      {
        id: orderIds.paid,
        reference: reference(orderIds.paid),
        created: { iso: "2025-03-10T09:30:00.000Z", text: "10 Mar 2025, 09:30" },
        customerEmail: "buyer@example.com",
        status: "paid",
        total: "£1,798.50",
        currency: "GBP",
        items: 2,
      },
    ]);
    expect(result.selected).toBeNull();
  });

  it("shows London time, which is an hour ahead of UTC in summer", async () => {
    await cms.db
      .update(orders)
      .set({ createdAt: new Date(Date.UTC(2025, 6, 1, 23, 15)) })
      .where(eq(orders.id, orderIds.failed));
    try {
      const [newest] = (await loadOrdersTab()).orders;
      expect(newest).toMatchObject({ id: orderIds.failed, created: { text: "2 Jul 2025, 00:15" } });
    } finally {
      await cms.db
        .update(orders)
        .set({ createdAt: at(12) })
        .where(eq(orders.id, orderIds.failed));
    }
  });

  it("filters by status, and treats an unknown status as no filter", async () => {
    const paid = await loadOrdersTab("?status=paid");
    expect(paid.status).toBe("paid");
    expect(paid.total).toBe(1);
    expect(paid.orders.map((order) => order.id)).toEqual([orderIds.paid]);

    const pending = await loadOrdersTab("?status=pending");
    expect(pending.total).toBe(1 + FILLER_ORDERS);
    expect(pending.orders.every((order) => order.status === "pending")).toBe(true);

    expect((await loadOrdersTab("?status=processing")).orders).toEqual([]);

    const unknown = await loadOrdersTab("?status=cancelled");
    expect(unknown.status).toBeNull();
    expect(unknown.total).toBe(3 + FILLER_ORDERS);
  });

  it("pages through the list 25 at a time, keeping the filter", async () => {
    const first = await loadOrdersTab();
    const second = await loadOrdersTab("?page=2");
    expect(second.page).toBe(2);
    expect(second.orders).toHaveLength(2);
    const everyId = [...first.orders, ...second.orders].map((order) => order.id);
    expect(new Set(everyId).size).toBe(27);
    // Newest first across the page boundary.
    const times = [...first.orders, ...second.orders].map((order) => order.created.iso);
    expect(times).toEqual([...times].sort().reverse());

    const pendingSecondPage = await loadOrdersTab("?status=pending&page=2");
    expect(pendingSecondPage.total).toBe(25);
    expect(pendingSecondPage.orders).toHaveLength(0);
  });
});

describe("the selected order", () => {
  it("has its line items in basket order and its payment events in the order they arrived", async () => {
    const { selected } = await loadOrdersTab(`?selected=${orderIds.paid}`);
    expect(selected).toMatchObject({
      id: orderIds.paid,
      reference: reference(orderIds.paid),
      status: "paid",
      created: { text: "10 Mar 2025, 09:30" },
      customerEmail: "buyer@example.com",
      provider: "Test mode",
      providerSessionId: null,
      currency: "GBP",
      total: "£1,798.50",
    });
    expect(selected!.paid).not.toBeNull();
    expect(
      selected!.items.map(({ courseName, basePrice, exchangeRate, unitPrice }) => [
        courseName,
        basePrice,
        exchangeRate,
        unitPrice,
      ]),
    ).toEqual([
      ["Cloud, Advanced", "£1,299.50", "1", "£1,299.50"],
      ["Zoë's Security Basics", "£499", "1", "£499"],
    ]);
    expect(selected!.events.map(({ type, from, to, changed }) => ({ type, from, to, changed }))).toEqual([
      { type: "test.payment_processing", from: "Pending", to: "Processing", changed: true },
      { type: "test.payment_succeeded", from: "Processing", to: "Paid", changed: true },
      // A paid order stays paid: the event is recorded, and it changed nothing.
      { type: "test.payment_succeeded_again", from: "Paid", to: "Paid", changed: false },
    ]);
    const times = selected!.events.map((event) => event.at.iso);
    expect(times).toEqual([...times].sort());
  });

  it("shows the rate used and the converted price for an order in another currency", async () => {
    const { selected } = await loadOrdersTab(`?selected=${orderIds.pending}`);
    expect(selected).toMatchObject({ status: "pending", customerEmail: null, paid: null, currency: "EUR", events: [] });
    expect(selected!.items).toMatchObject([
      { courseName: "Zoë's Security Basics", basePrice: "£499", exchangeRate: "1.18", unitPrice: "€589" },
    ]);
  });

  it("selects nothing for an unknown or malformed id", async () => {
    expect((await loadOrdersTab("?selected=00000000-0000-4000-8000-000000000000")).selected).toBeNull();
    expect((await loadOrdersTab("?selected=' or 1=1 --")).selected).toBeNull();
  });
});

describe("CSV export", () => {
  const url = "http://localhost/cms/orders/export.csv";

  async function exportCsv(search = "") {
    const { loader } = await import("~/routes/cms/orders-export");
    return loader(args(`${url}${search}`, cms.cookie("admin")));
  }

  async function csvLines(response: Response): Promise<string[]> {
    const bytes = Buffer.from(await response.arrayBuffer());
    expect([...bytes.subarray(0, 3)], "UTF-8 byte-order mark").toEqual([0xef, 0xbb, 0xbf]);
    return bytes.subarray(3).toString("utf8").split("\r\n");
  }

  it("is an attachment that is never cached or sniffed", async () => {
    const response = await exportCsv();
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"; filename\*=UTF-8''orders-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    expect(response.headers.get("Cache-Control")).toContain("no-store");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });

  it("names the file by the day in London", async () => {
    const { ordersExportFilename } = await import("~/server/commerce/orders-export.server");
    // 23:30 UTC on 30 June is already 1 July in London.
    expect(ordersExportFilename(new Date(Date.UTC(2025, 5, 30, 23, 30)))).toBe("orders-2025-07-01.csv");
    expect(ordersExportFilename(new Date(Date.UTC(2025, 0, 31, 23, 30)))).toBe("orders-2025-01-31.csv");
  });

  it("has the header row and one row per order, newest first, with formulas neutralised", async () => {
    const lines = await csvLines(await exportCsv());
    expect(lines[0]).toBe(
      "reference,order_id,created_at,status,currency,total,amount_refunded,customer_email,provider,paid_at,items",
    );
    expect(lines).toHaveLength(1 + 3 + FILLER_ORDERS + 1);
    expect(lines.at(-1)).toBe("");
    // The e-mail address that starts with "=" reaches the spreadsheet as text.
    expect(lines[1]).toBe(
      `${reference(orderIds.failed)},${orderIds.failed},2025-03-12T09:30:00.000Z,failed,USD,1280.00,0.00,'=1+1@evil.example,test,,AI Foundations`,
    );
    expect(lines[2]).toBe(
      `${reference(orderIds.pending)},${orderIds.pending},2025-03-11T09:30:00.000Z,pending,EUR,589.00,0.00,,test,,Zoë's Security Basics`,
    );
    // Course names joined in basket order; the comma in one of them makes the cell quoted.
    expect(lines[3]).toMatch(
      new RegExp(
        `^${reference(orderIds.paid)},${orderIds.paid},2025-03-10T09:30:00\\.000Z,paid,GBP,1798\\.50,0\\.00,buyer@example\\.com,test,\\d{4}-\\d{2}-\\d{2}T[\\d:.]+Z,"Cloud, Advanced; Zoë's Security Basics"$`,
      ),
    );
    expect(lines.slice(4, -1).every((line) => line.includes(",pending,GBP,1000.00,0.00,,test,,AI Foundations"))).toBe(
      true,
    );
  });

  it("exports one status when asked, and every order for an unknown status", async () => {
    const paid = await csvLines(await exportCsv("?status=paid"));
    expect(paid).toHaveLength(3);
    expect(paid[1]).toContain(orderIds.paid);

    const failed = await csvLines(await exportCsv("?status=failed"));
    expect(failed).toHaveLength(3);
    expect(failed[1]).toContain(orderIds.failed);

    const none = await csvLines(await exportCsv("?status=processing"));
    expect(none).toEqual([
      "reference,order_id,created_at,status,currency,total,amount_refunded,customer_email,provider,paid_at,items",
      "",
    ]);

    expect(await csvLines(await exportCsv("?status=cancelled"))).toHaveLength(1 + 3 + FILLER_ORDERS + 1);
  });
});

describe("when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  it("the tab says it could not fetch the orders and shows none", async () => {
    const { loader } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/orders"));
    const result = await loader(routeArgs(cms.request(`http://localhost/cms/orders?selected=${orderIds.paid}`)));
    expect(result).toMatchObject({ error: "Failed to fetch orders", orders: [], total: 0, selected: null });
  });
});
