/**
 * "Checkout as Guest" through the real route (POST /api/checkout) on a seeded database: the server
 * prices the order itself from the courses and the exchange-rate settings, so a tampered price has
 * no effect; unknown and inactive courses are refused and nothing is recorded; and with Stripe
 * configured, the real `stripe` SDK sends the Checkout Session to a Stripe-compatible server on
 * loopback with the right line items and amounts in minor units.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { orderItems, orders, paymentEvents, siteSettings, trainingCourses } from "../../app/db/schema";
import { BUILT_IN_COURSES } from "~/content/training-courses";
import { convertPrice } from "~/lib/commerce/currency";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { setUpCmsHarness } from "./cms-harness";
import { startFakeStripe, type FakeStripe } from "./stripe-server";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const { action } = await import("~/routes/api/checkout");

const cms = setUpCmsHarness({ name: "checkout", dataDir: false, accounts: false, seed: true });
const [aws, ml, cyber] = BUILT_IN_COURSES.map((course) => course.id) as [string, string, string];

beforeEach(async () => {
  await cms.db.delete(orders);
  invalidateAll();
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

let address = 0;
async function checkout(body: unknown, clientAddress = `198.51.100.${(address = (address % 250) + 1)}`) {
  const request = new Request("http://localhost/api/checkout", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const result = (await action({ request, context: { clientAddress }, params: {} } as never)) as unknown as {
    data: Record<string, unknown>;
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

const allOrders = () => cms.db.select().from(orders);
const itemsOf = (orderId: string) =>
  cms.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(orderItems.position);

describe("pricing on the server (test mode)", () => {
  it("records a pending order with frozen lines and sends the visitor to the test payment page", async () => {
    const { status, body } = await checkout({ courseIds: [aws, cyber], currency: "GBP", expectedTotal: 2298 });
    expect(status).toBe(200);
    const [order] = await allOrders();
    expect(body).toEqual({ url: `/checkout/test/${order!.id}` });
    expect(order).toMatchObject({ status: "pending", currency: "GBP", total: 2298, provider: "test" });
    expect(order!.providerSessionId).toBe(`test_${order!.id}`);
    const lines = await itemsOf(order!.id);
    expect(
      lines.map(({ courseId, unitPrice, basePrice, currency, exchangeRate }) => ({
        courseId,
        unitPrice,
        basePrice,
        currency,
        exchangeRate,
      })),
    ).toEqual([
      { courseId: aws, unitPrice: 1299, basePrice: 1299, currency: "GBP", exchangeRate: 1 },
      { courseId: cyber, unitPrice: 999, basePrice: 999, currency: "GBP", exchangeRate: 1 },
    ]);
    expect(lines.map((line) => line.courseName)).toEqual([BUILT_IN_COURSES[0]!.name, BUILT_IN_COURSES[2]!.name]);
  });

  it("converts each course with the currency module and rounds it, as the basket does", async () => {
    const { status } = await checkout({ courseIds: [aws, ml], currency: "JPY" });
    expect(status).toBe(200);
    const [order] = await allOrders();
    const lines = await itemsOf(order!.id);
    expect(lines.map((line) => line.unitPrice)).toEqual([250395, 308223]);
    expect(lines.map((line) => line.exchangeRate)).toEqual([192.76, 192.76]);
    expect(order!.total).toBe(250395 + 308223);
    expect(order!.total).toBe(convertPrice(1299, "GBP", "JPY") + convertPrice(1599, "GBP", "JPY"));
  });

  it("uses the exchange rate an administrator set in the site settings", async () => {
    await cms.db
      .update(siteSettings)
      .set({ settingValue: "1.5" })
      .where(eq(siteSettings.settingKey, "exchange_rate_usd"));
    try {
      const { status } = await checkout({ courseIds: [aws], currency: "USD", expectedTotal: 1949 });
      expect(status).toBe(200);
      const [order] = await allOrders();
      expect(order).toMatchObject({ currency: "USD", total: Math.round(1299 * 1.5) });
      expect((await itemsOf(order!.id))[0]!.exchangeRate).toBe(1.5);
    } finally {
      await cms.db
        .update(siteSettings)
        .set({ settingValue: "1.28" })
        .where(eq(siteSettings.settingKey, "exchange_rate_usd"));
    }
  });

  it("ignores prices sent by the browser: a tampered price has no effect", async () => {
    const tampered = {
      courseIds: [aws],
      currency: "GBP",
      items: [{ id: aws, name: "AWS", price: 1, currency: "GBP" }],
      price: 1,
      total: 1,
    };
    const { status } = await checkout(tampered);
    expect(status).toBe(200);
    const [order] = await allOrders();
    expect(order!.total).toBe(1299);
    expect((await itemsOf(order!.id))[0]!.unitPrice).toBe(1299);
  });

  it("refuses a total the server would not charge, returns the current prices, and records nothing", async () => {
    const { status, body } = await checkout({ courseIds: [aws], currency: "GBP", expectedTotal: 1 });
    expect(status).toBe(409);
    expect(body.error).toMatch(/^Prices have changed since you added these courses/);
    expect(body.items).toEqual([
      { id: aws, name: BUILT_IN_COURSES[0]!.name, price: 1299, baseCurrency: "GBP", emoji: BUILT_IN_COURSES[0]!.emoji },
    ]);
    expect(await allOrders()).toEqual([]);
  });

  it("refuses unknown courses with a clear message and records nothing", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const { status, body } = await checkout({ courseIds: [aws, unknown], currency: "GBP" });
    expect(status).toBe(409);
    expect(body).toEqual({
      error: "Sorry, a course in your basket is no longer available. Please remove it from your basket and try again.",
      unavailableIds: [unknown],
    });
    expect(await allOrders()).toEqual([]);
  });

  it("refuses inactive courses by name", async () => {
    await cms.db.update(trainingCourses).set({ isActive: false }).where(eq(trainingCourses.id, cyber));
    try {
      const { status, body } = await checkout({ courseIds: [cyber, aws], currency: "EUR" });
      expect(status).toBe(409);
      expect(body.error).toBe(
        `Sorry, “${BUILT_IN_COURSES[2]!.name}” is no longer available. Please remove it from your basket and try again.`,
      );
      expect(body.unavailableIds).toEqual([cyber]);
      expect(await allOrders()).toEqual([]);
    } finally {
      await cms.db.update(trainingCourses).set({ isActive: true }).where(eq(trainingCourses.id, cyber));
    }
  });

  it.each([
    [{ courseIds: [], currency: "GBP" }, "Your basket is empty."],
    [{ courseIds: [aws], currency: "CNY" }, "Please choose one of the currencies offered."],
    [{ courseIds: ["1; drop table orders"], currency: "GBP" }, /item we do not recognise/],
    [{ currency: "GBP" }, /./],
  ])("refuses a malformed request %j with a message", async (body, message) => {
    const result = await checkout(body);
    expect(result.status).toBe(400);
    expect(result.body.error).toEqual(typeof message === "string" ? message : expect.stringMatching(message));
    expect(await allOrders()).toEqual([]);
  });

  it("refuses a body that is not JSON", async () => {
    const result = await checkout("courseIds=1");
    expect(result).toEqual({ status: 400, body: { error: "The request body must be JSON." } });
  });

  it("stops reading a chunked 50 MB body at its 8 KB cap with 413, storing nothing", async () => {
    let pulled = 0;
    const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (pulled >= 50 * 1024 * 1024) return controller.close();
          pulled += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request("http://localhost/api/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      duplex: "half",
    } as RequestInit);
    const result = (await action({ request, context: { clientAddress: "198.51.100.251" }, params: {} } as never)) as {
      data: Record<string, unknown>;
      init: ResponseInit | null;
    };
    expect(result.init?.status).toBe(413);
    expect(result.data.error).toContain("at most 8 KB");
    expect(pulled).toBeLessThanOrEqual(128 * 1024);
    expect(await allOrders()).toEqual([]);
  });

  it("refuses a NUL character in the JSON with 400, storing nothing", async () => {
    const result = await checkout(`{"courseIds":["${aws}"],"currency":"GBP\\u0000"}`);
    expect(result.status).toBe(400);
    expect(result.body.error).toMatch(/NUL character/);
    expect(await allOrders()).toEqual([]);
  });

  it("orders one course once, however often the basket lists it", async () => {
    await checkout({ courseIds: [aws, aws, aws], currency: "GBP" });
    const [order] = await allOrders();
    expect(order!.total).toBe(1299);
    expect(await itemsOf(order!.id)).toHaveLength(1);
  });

  it("limits how many checkouts one address can start", async () => {
    const results = [];
    for (let attempt = 0; attempt < 21; attempt += 1) {
      results.push(await checkout({ courseIds: [aws], currency: "GBP" }, "203.0.113.9"));
    }
    expect(results.slice(0, 20).every((result) => result.status === 200)).toBe(true);
    expect(results[20]).toEqual({
      status: 429,
      body: { error: "Too many checkout attempts. Please wait a few minutes and try again." },
    });
  });
});

describe("Stripe Checkout through the SDK, against a Stripe-compatible server on loopback", () => {
  let stripe: FakeStripe;

  beforeAll(async () => {
    stripe = await startFakeStripe();
  });
  afterAll(async () => {
    await stripe.close();
  });
  beforeEach(() => {
    stripe.requests.length = 0;
    stripe.mode = "ok";
    vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_loopback");
    vi.stubEnv("STRIPE_WEBHOOK_SECRET", "whsec_loopback");
    vi.stubEnv("STRIPE_API_URL", stripe.url);
    vi.stubEnv("PUBLIC_URL", "https://shop.example.com");
    resetEnvForTests();
  });

  it("sends the order's lines in pence for GBP, with the order id as metadata and idempotency key", async () => {
    const { status, body } = await checkout({ courseIds: [aws, cyber], currency: "GBP" });
    expect(status).toBe(200);
    expect(body).toEqual({ url: "https://checkout.stripe.test/c/pay/cs_test_000001" });
    const [order] = await allOrders();
    expect(order).toMatchObject({ provider: "stripe", providerSessionId: "cs_test_000001", status: "pending" });

    expect(stripe.requests).toHaveLength(1);
    const [sent] = stripe.requests;
    expect(sent!.headers["idempotency-key"]).toBe(`checkout-session-${order!.id}`);
    expect(sent!.form).toMatchObject({
      mode: "payment",
      client_reference_id: order!.id,
      "metadata[order_id]": order!.id,
      "payment_intent_data[metadata][order_id]": order!.id,
      success_url: `https://shop.example.com/checkout/success?order=${order!.id}&session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: "https://shop.example.com/basket?checkout=cancelled",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "gbp",
      "line_items[0][price_data][unit_amount]": "129900",
      "line_items[0][price_data][product_data][name]": BUILT_IN_COURSES[0]!.name,
      "line_items[0][price_data][product_data][metadata][course_id]": aws,
      "line_items[1][price_data][currency]": "gbp",
      "line_items[1][price_data][unit_amount]": "99900",
    });
    expect(Object.keys(sent!.form).some((key) => key.startsWith("line_items[2]"))).toBe(false);
  });

  it("sends JPY as a zero-decimal currency: whole yen, not hundredths", async () => {
    const { status } = await checkout({ courseIds: [aws, ml], currency: "JPY" });
    expect(status).toBe(200);
    const [sent] = stripe.requests;
    expect(sent!.form).toMatchObject({
      "line_items[0][price_data][currency]": "jpy",
      "line_items[0][price_data][unit_amount]": "250395",
      "line_items[1][price_data][currency]": "jpy",
      "line_items[1][price_data][unit_amount]": "308223",
    });
  });

  it("says 'Failed to create checkout session' when Stripe fails, and marks the order failed", async () => {
    stripe.mode = "error";
    const { status, body } = await checkout({ courseIds: [aws], currency: "GBP" });
    expect(status).toBe(502);
    expect(body).toEqual({ error: "Failed to create checkout session" });
    const [order] = await allOrders();
    expect(order!.status).toBe("failed");
    const events = await cms.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order!.id));
    expect(events.map((event) => [event.type, event.fromStatus, event.toStatus])).toEqual([
      ["checkout.session.create_failed", "pending", "failed"],
    ]);
  });

  it("treats a session without a payment address as a failure", async () => {
    stripe.mode = "no-url";
    const { status, body } = await checkout({ courseIds: [aws], currency: "GBP" });
    expect(status).toBe(502);
    expect(body).toEqual({ error: "Failed to create checkout session" });
  });
});
