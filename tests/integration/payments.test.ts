/**
 * What the payment providers report, through the real routes: Stripe's webhook (POST
 * /api/webhooks/stripe) with events signed by the SDK's own test-header helper, and the built-in
 * test-mode payment page. Both drive the same order transitions; a bad or stale signature changes
 * nothing; a replayed event gives one paid order and one confirmation e-mail.
 */
import { eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mailOutbox, orders, paymentEvents } from "../../app/db/schema";
import { BUILT_IN_COURSES } from "~/content/training-courses";
import { GBP_RATES, toMinorUnits } from "~/lib/commerce/currency";
import type { PaymentProvider } from "~/lib/enums";
import { findCoursesByIds } from "~/server/commerce/courses.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { createOrder, findOrder, priceCourses, type Order } from "~/server/commerce/orders.server";
import { TEST_PAYMENT_MESSAGES } from "~/lib/commerce/test-payment";
import { cancelTestCheckout, payWithTestCard } from "~/server/commerce/test-payments.server";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const { action: webhookAction } = await import("~/routes/api/stripe-webhook");
const { action: testPaymentAction } = await import("~/routes/site/test-payment");
const { loader: successLoader } = await import("~/routes/site/checkout-success");

const WEBHOOK_SECRET = "whsec_payments_test_secret";
const cms = setUpCmsHarness({ name: "payments", dataDir: false, accounts: false, seed: true });
const [aws, cyber] = [BUILT_IN_COURSES[0]!.id, BUILT_IN_COURSES[2]!.id];

beforeEach(async () => {
  await cms.db.delete(mailOutbox);
  await cms.db.delete(orders);
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

function useStripe() {
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_payments");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
  resetEnvForTests();
}

async function newOrder(provider: PaymentProvider, currency = "GBP"): Promise<Order> {
  const ids = [aws, cyber];
  const priced = priceCourses(ids, await findCoursesByIds(cms.db, ids), currency, GBP_RATES);
  if (!priced.ok) throw new Error("the seeded courses should be for sale");
  return createOrder(cms.db, priced, provider);
}

let eventCount = 0;
/** A Checkout event as Stripe sends it (the fields the handler reads). */
function checkoutEvent(
  type: string,
  order: Order,
  session: Partial<{ payment_status: string; amount_total: number; currency: string; email: string }> = {},
) {
  eventCount += 1;
  return {
    id: `evt_test_${eventCount}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${order.id.slice(0, 8)}`,
        object: "checkout.session",
        client_reference_id: order.id,
        metadata: { order_id: order.id },
        payment_status: session.payment_status ?? "paid",
        amount_total: session.amount_total ?? toMinorUnits(order.total, order.currency),
        currency: session.currency ?? order.currency.toLowerCase(),
        customer_details: { email: session.email ?? "grace@example.com" },
      },
    },
  };
}

/** Posts a body to the webhook route, signed with the SDK's own test-header helper unless told otherwise. */
async function deliver(
  event: object | string,
  options: { secret?: string; timestamp?: number; signature?: string | null; tamper?: (body: string) => string } = {},
) {
  const payload = typeof event === "string" ? event : JSON.stringify(event);
  const signature =
    options.signature !== undefined
      ? options.signature
      : Stripe.webhooks.generateTestHeaderString({
          payload,
          secret: options.secret ?? WEBHOOK_SECRET,
          ...(options.timestamp ? { timestamp: options.timestamp } : {}),
        });
  const body = options.tamper ? options.tamper(payload) : payload;
  const headers = new Headers({ "Content-Type": "application/json" });
  if (signature !== null) headers.set("Stripe-Signature", signature);
  const request = new Request("http://localhost/api/webhooks/stripe", { method: "POST", headers, body });
  const result = (await webhookAction({ request, context: { clientAddress: "127.0.0.1" }, params: {} } as never)) as {
    data: { message?: string; error?: string };
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, body: result.data };
}

const statusOf = async (order: Order) => (await findOrder(cms.db, order.id))!.status;
const confirmations = () => cms.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "order_confirmation"));
const eventsOf = (order: Order) =>
  cms.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order.id)).orderBy(paymentEvents.createdAt);

describe("the Stripe webhook", () => {
  beforeEach(useStripe);

  it("marks the order paid on checkout.session.completed and queues one confirmation e-mail", async () => {
    const order = await newOrder("stripe");
    const result = await deliver(checkoutEvent("checkout.session.completed", order));
    expect(result).toEqual({ status: 200, body: { message: "Processed." } });
    const paid = (await findOrder(cms.db, order.id))!;
    expect(paid).toMatchObject({ status: "paid", customerEmail: "grace@example.com" });
    expect(paid.paidAt).toBeInstanceOf(Date);

    const mails = await confirmations();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "grace@example.com", orderId: order.id, status: "pending" });
    expect(mails[0]!.subject).toBe(
      `Your order ${order.id.slice(0, 8).toUpperCase()} with Larkspire Digital is confirmed`,
    );
    expect(mails[0]!.textBody).toContain(`- ${BUILT_IN_COURSES[0]!.name}: £1,299`);
    expect(mails[0]!.textBody).toContain(`- ${BUILT_IN_COURSES[2]!.name}: £999`);
    expect(mails[0]!.textBody).toContain("Total paid: £2,298");
  });

  it("gives one paid order and one e-mail when the same event arrives 100 times at once", async () => {
    const order = await newOrder("stripe");
    const event = checkoutEvent("checkout.session.completed", order);
    const results = await Promise.all(Array.from({ length: 100 }, () => deliver(event)));
    expect(results.every((result) => result.status === 200)).toBe(true);
    expect(results.filter((result) => result.body.message === "Processed.")).toHaveLength(1);
    expect(results.filter((result) => result.body.message === "Already processed.")).toHaveLength(99);
    expect(await statusOf(order)).toBe("paid");
    expect(await confirmations()).toHaveLength(1);
    expect(await eventsOf(order)).toHaveLength(1);
  });

  it("refuses a tampered body with 400 and changes nothing", async () => {
    const order = await newOrder("stripe");
    const event = checkoutEvent("checkout.session.completed", order);
    const result = await deliver(event, { tamper: (body) => body.replace("grace@example.com", "mallory@example.com") });
    expect(result).toEqual({ status: 400, body: { message: "Invalid signature." } });
    expect(await statusOf(order)).toBe("pending");
    expect(await eventsOf(order)).toEqual([]);
    expect(await confirmations()).toEqual([]);
  });

  it("refuses a stale signature (older than Stripe's five-minute tolerance) with 400", async () => {
    const order = await newOrder("stripe");
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const result = await deliver(checkoutEvent("checkout.session.completed", order), { timestamp: tenMinutesAgo });
    expect(result.status).toBe(400);
    expect(await statusOf(order)).toBe("pending");
  });

  it("refuses a signature made with another secret, or none at all", async () => {
    const order = await newOrder("stripe");
    const event = checkoutEvent("checkout.session.completed", order);
    expect((await deliver(event, { secret: "whsec_someone_else" })).status).toBe(400);
    expect((await deliver(event, { signature: null })).status).toBe(400);
    expect((await deliver(event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect(await statusOf(order)).toBe("pending");
  });

  it("follows a delayed payment: processing on completion, then paid when it settles", async () => {
    const order = await newOrder("stripe");
    await deliver(checkoutEvent("checkout.session.completed", order, { payment_status: "unpaid" }));
    expect(await statusOf(order)).toBe("processing");
    expect(await confirmations()).toEqual([]);
    await deliver(checkoutEvent("checkout.session.async_payment_succeeded", order));
    expect(await statusOf(order)).toBe("paid");
    expect(await confirmations()).toHaveLength(1);
    expect((await eventsOf(order)).map((event) => [event.fromStatus, event.toStatus])).toEqual([
      ["pending", "processing"],
      ["processing", "paid"],
    ]);
  });

  it("marks a delayed payment that fails as failed, and sends no e-mail", async () => {
    const order = await newOrder("stripe");
    await deliver(checkoutEvent("checkout.session.completed", order, { payment_status: "unpaid" }));
    await deliver(checkoutEvent("checkout.session.async_payment_failed", order));
    expect(await statusOf(order)).toBe("failed");
    expect(await confirmations()).toEqual([]);
  });

  it("expires an abandoned checkout, but never un-pays a paid order", async () => {
    const abandoned = await newOrder("stripe");
    await deliver(checkoutEvent("checkout.session.expired", abandoned, { payment_status: "unpaid" }));
    expect(await statusOf(abandoned)).toBe("expired");

    const paid = await newOrder("stripe");
    await deliver(checkoutEvent("checkout.session.completed", paid));
    await deliver(checkoutEvent("checkout.session.expired", paid));
    await deliver(checkoutEvent("checkout.session.async_payment_failed", paid));
    expect(await statusOf(paid)).toBe("paid");
    expect((await eventsOf(paid)).map((event) => event.toStatus)).toEqual(["paid", "paid", "paid"]);
  });

  it("does not mark an order paid for an amount or currency other than its own", async () => {
    const order = await newOrder("stripe");
    await deliver(checkoutEvent("checkout.session.completed", order, { amount_total: 100 }));
    await deliver(checkoutEvent("checkout.session.completed", order, { currency: "usd" }));
    expect(await statusOf(order)).toBe("pending");
    expect(await confirmations()).toEqual([]);
    const events = await eventsOf(order);
    expect(events).toHaveLength(2);
    expect(events[0]!.detail).toMatch(/does not match the order/);
  });

  it("acknowledges events it does not handle and sessions that are not this site's orders", async () => {
    const order = await newOrder("stripe");
    const other = { ...checkoutEvent("payment_intent.succeeded", order) };
    expect(await deliver(other)).toEqual({ status: 200, body: { message: "Ignored." } });
    const foreign = checkoutEvent("checkout.session.completed", order);
    foreign.data.object.metadata.order_id = "00000000-0000-4000-8000-000000000000";
    foreign.data.object.client_reference_id = "00000000-0000-4000-8000-000000000000";
    expect(await deliver(foreign)).toEqual({ status: 200, body: { message: "Not an order of this site." } });
    expect(await statusOf(order)).toBe("pending");
  });

  it("cannot pay a test-mode order through a Stripe event", async () => {
    const order = await newOrder("test");
    const result = await deliver(checkoutEvent("checkout.session.completed", order));
    expect(result.body).toEqual({ message: "Not an order of this site." });
    expect(await statusOf(order)).toBe("pending");
  });

  it("answers 404 while Stripe is not configured", async () => {
    vi.unstubAllEnvs();
    resetEnvForTests();
    const order = await newOrder("stripe");
    expect((await deliver(checkoutEvent("checkout.session.completed", order))).status).toBe(404);
    expect(await statusOf(order)).toBe("pending");
  });
});

describe("the built-in test-mode payment page", () => {
  const card = { email: "ada@example.com", cardNumber: "4242 4242 4242 4242", expiry: "12 / 40", cvc: "123" };

  it("pays with the test card 4242 4242 4242 4242 and queues one confirmation", async () => {
    const order = await newOrder("test");
    const result = await payWithTestCard(cms.db, order.id, card);
    expect(result.kind).toBe("paid");
    expect(await findOrder(cms.db, order.id)).toMatchObject({ status: "paid", customerEmail: "ada@example.com" });
    expect(await confirmations()).toHaveLength(1);
    expect((await eventsOf(order)).map((event) => [event.type, event.detail])).toEqual([
      ["test.payment_succeeded", "Card ending 4242"],
    ]);
    // Paying again (a double click, the back button) takes nothing more and sends nothing more.
    expect(await payWithTestCard(cms.db, order.id, card)).toEqual({
      kind: "ended",
      message: TEST_PAYMENT_MESSAGES.ended,
    });
    expect(await confirmations()).toHaveLength(1);
  });

  it("declines any other card with a clear message and leaves the order open", async () => {
    const order = await newOrder("test");
    const result = await payWithTestCard(cms.db, order.id, { ...card, cardNumber: "4000 0000 0000 0002" });
    expect(result).toEqual({ kind: "declined", message: TEST_PAYMENT_MESSAGES.declined });
    expect(TEST_PAYMENT_MESSAGES.declined).toContain("4242 4242 4242 4242");
    expect(await statusOf(order)).toBe("pending");
    expect(await confirmations()).toEqual([]);
    expect((await eventsOf(order)).map((event) => [event.type, event.detail, event.toStatus])).toEqual([
      ["test.card_declined", "Card ending 0002 declined", "pending"],
    ]);
    expect((await payWithTestCard(cms.db, order.id, card)).kind).toBe("paid");
  });

  it.each([
    [{ email: "" }, "email", "Email is required"],
    [{ email: "not-an-address" }, "email", "Please enter a valid email address"],
    [{ cardNumber: "" }, "cardNumber", "Card number is required"],
    [{ cardNumber: "4242" }, "cardNumber", "Enter a card number of 12 to 19 digits"],
    [{ expiry: "01 / 20" }, "expiry", "Enter a future expiry date as MM / YY"],
    [{ expiry: "13 / 40" }, "expiry", "Enter a future expiry date as MM / YY"],
    [{ cvc: "12" }, "cvc", "Enter the 3 or 4 digit security code"],
  ])("refuses %j with a message on its field and changes nothing", async (change, field, message) => {
    const order = await newOrder("test");
    const result = await payWithTestCard(cms.db, order.id, { ...card, ...change });
    expect(result).toEqual({ kind: "invalid", errors: { [field]: message } });
    expect(await statusOf(order)).toBe("pending");
    expect(await eventsOf(order)).toEqual([]);
  });

  it("expires the order when the visitor cancels", async () => {
    const order = await newOrder("test");
    await cancelTestCheckout(cms.db, order.id);
    expect(await statusOf(order)).toBe("expired");
    expect((await payWithTestCard(cms.db, order.id, card)).kind).toBe("ended");
  });

  it("never takes a Stripe order, nor any order while Stripe is configured", async () => {
    const stripeOrder = await newOrder("stripe");
    expect((await payWithTestCard(cms.db, stripeOrder.id, card)).kind).toBe("ended");
    expect(await statusOf(stripeOrder)).toBe("pending");

    const testOrder = await newOrder("test");
    useStripe();
    expect((await payWithTestCard(cms.db, testOrder.id, card)).kind).toBe("ended");
    expect(await statusOf(testOrder)).toBe("pending");
  });

  it("limits card attempts from one address through the page's form", async () => {
    const order = await newOrder("test");
    const attempt = async () => {
      const form = new FormData();
      for (const [key, value] of Object.entries({ ...card, cardNumber: "4000 0000 0000 0002", intent: "pay" })) {
        form.set(key, value);
      }
      const request = new Request(`http://localhost/checkout/test/${order.id}`, { method: "POST", body: form });
      const result = (await testPaymentAction({
        request,
        params: { order: order.id },
        context: { clientAddress: "192.0.2.77" },
      } as never)) as { data: { message?: string }; init: ResponseInit | null };
      return { status: result.init?.status, message: result.data.message };
    };
    for (let index = 0; index < 30; index += 1) {
      expect(await attempt()).toEqual({ status: 402, message: TEST_PAYMENT_MESSAGES.declined });
    }
    expect(await attempt()).toEqual({
      status: 429,
      message: "Too many payment attempts. Please wait a few minutes and try again.",
    });
    expect(await eventsOf(order)).toHaveLength(30);
  });
});

describe("the success page", () => {
  const load = async (orderId: string) => {
    const request = new Request(`http://localhost/checkout/success?order=${orderId}`);
    try {
      const result = (await successLoader({ request, params: {}, context: {} } as never)) as unknown as {
        data: { status: string; total: number; lines: unknown[] };
      };
      return result.data;
    } catch (thrown) {
      return thrown as Response | { init: ResponseInit | null };
    }
  };

  it("shows a paid order as the server knows it", async () => {
    const order = await newOrder("test");
    await payWithTestCard(cms.db, order.id, {
      email: "ada@example.com",
      cardNumber: "4242424242424242",
      expiry: "12/40",
      cvc: "123",
    });
    expect(await load(order.id)).toMatchObject({ status: "paid", total: 2298, lines: expect.any(Array) });
  });

  it("sends a test-mode order that is not paid yet back to its payment page", async () => {
    const order = await newOrder("test");
    const response = (await load(order.id)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/checkout/test/${order.id}`);
  });

  it("shows a Stripe order waiting for its webhook as pending", async () => {
    const order = await newOrder("stripe");
    expect(await load(order.id)).toMatchObject({ status: "pending" });
  });

  it("answers 404 for an unknown or malformed order id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect(((await load(id)) as { init: ResponseInit | null }).init?.status).toBe(404);
    }
  });
});
