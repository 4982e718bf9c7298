/**
 * Refunds, resending the confirmation and notes on an order, through the CMS Orders
 * tab's real action with real sessions: a Stripe order is refunded through the `stripe` SDK against
 * the loopback Stripe server (which refuses more than was paid, as Stripe does), a test-mode order
 * through the test-mode equivalent; a second refund of a refunded order is refused and reaches no
 * provider; Stripe's refund webhooks, for the CMS's own refunds and for refunds made in Stripe's
 * dashboard, count each refund once; every change is audited.
 */
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, mailOutbox, orderNotes, orderRefunds, orders } from "../../app/db/schema";
import { BUILT_IN_COURSES } from "~/content/training-courses";
import { GBP_RATES, toMinorUnits } from "~/lib/commerce/currency";
import type { PaymentProvider } from "~/lib/enums";
import { findCoursesByIds } from "~/server/commerce/courses.server";
import { applyPaymentEvent, createOrder, findOrder, priceCourses, type Order } from "~/server/commerce/orders.server";
import { recordRefund } from "~/server/commerce/refund-ledger.server";
import { resetEnvForTests } from "~/server/platform/env.server";
import { routeArgs, toastOf } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";
import { startFakeStripe, type FakeStripe } from "./stripe-server";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const { action: ordersAction, loader: ordersLoader } = await import("~/routes/cms/orders");
const { action: webhookAction } = await import("~/routes/api/stripe-webhook");

const WEBHOOK_SECRET = "whsec_refunds_test_secret";
const ORDERS_URL = "http://localhost/cms/orders";
const cms = setUpCmsHarness({ name: "order-refunds", seed: true });
const [aws, cyber] = [BUILT_IN_COURSES[0]!.id, BUILT_IN_COURSES[2]!.id];

let stripe: FakeStripe;
beforeAll(async () => {
  stripe = await startFakeStripe();
});
afterAll(() => stripe.close());
beforeEach(async () => {
  await cms.db.delete(mailOutbox);
  await cms.db.delete(orders);
  stripe.requests.length = 0;
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetEnvForTests();
});

function useStripe() {
  vi.stubEnv("STRIPE_SECRET_KEY", "sk_test_loopback");
  vi.stubEnv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET);
  vi.stubEnv("STRIPE_API_URL", stripe.url);
  resetEnvForTests();
}

let paymentCount = 0;

/** A paid order of the built-in courses (£1,299 + £999 in GBP); a Stripe one has a PaymentIntent at the loopback server. */
async function paidOrder(provider: PaymentProvider, email: string | null = "grace@example.com"): Promise<Order> {
  const ids = [aws, cyber];
  const priced = priceCourses(ids, await findCoursesByIds(cms.db, ids), "GBP", GBP_RATES);
  if (!priced.ok) throw new Error("the seeded courses should be for sale");
  const order = await createOrder(cms.db, priced, provider);
  paymentCount += 1;
  const paymentId = `pi_refund_test_${paymentCount}`;
  if (provider === "stripe") stripe.addPayment(paymentId, toMinorUnits(order.total, "GBP"), "gbp");
  await applyPaymentEvent(cms.db, {
    orderId: order.id,
    provider,
    eventId: `paid_${order.id}`,
    type: "checkout.session.completed",
    outcome: "paid",
    customerEmail: email,
    paymentId: provider === "stripe" ? paymentId : null,
  });
  return (await findOrder(cms.db, order.id))!;
}

async function post(fields: Record<string, string>, as: "admin" | "editor" | "support" = "admin") {
  const result = (await ordersAction(routeArgs(cms.post(ORDERS_URL, fields, { as })))) as {
    data: { ok: boolean; errors?: Record<string, string> };
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, data: result.data, result };
}

/** The refund form as the page sends it, showing `refundsSeen` refunds (all recorded, by default). */
const refund = async (order: Order, amount = "", refundsSeen?: number) =>
  post({ intent: "refund", id: order.id, amount, refundsSeen: String(refundsSeen ?? (await refundsOf(order)).length) });
const reload = async (order: Order) => (await findOrder(cms.db, order.id))!;
const refundsOf = (order: Order) => cms.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order.id));
const auditOf = (order: Order, action: string) =>
  cms.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityId, order.id), eq(auditLog.action, action)));
const refundRequests = () => stripe.requests.filter((request) => request.path === "/v1/refunds");

let eventCount = 0;
/** A refund event as Stripe sends it, signed with the SDK's own test-header helper, posted to the webhook route. */
async function deliverRefundEvent(
  type: string,
  refund: { id: string; amount: number; payment_intent: string; status?: string; metadata?: Record<string, string> },
) {
  eventCount += 1;
  const payload = JSON.stringify({
    id: `evt_refund_${eventCount}`,
    object: "event",
    type,
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        object: "refund",
        currency: "gbp",
        status: "succeeded",
        metadata: {},
        ...refund,
      },
    },
  });
  const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const request = new Request("http://localhost/api/webhooks/stripe", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
    body: payload,
  });
  const result = (await webhookAction({ request, context: { clientAddress: "127.0.0.1" }, params: {} } as never)) as {
    data: { message?: string };
    init: ResponseInit | null;
  };
  return { status: result.init?.status ?? 200, message: result.data.message };
}

describe("refunding a Stripe order through the loopback Stripe server", () => {
  beforeEach(useStripe);

  it("refunds part, then the rest, with Stripe's refund API and an idempotency key; a second refund is refused", async () => {
    const order = await paidOrder("stripe");
    expect(order.total).toBe(2298);

    const partial = await refund(order, "100.50");
    expect(partial.status).toBe(200);
    await expect(toastOf(partial.result as never)).resolves.toMatchObject({
      type: "success",
      description: `Refunded £100.50 of order ${order.id.slice(0, 8).toUpperCase()}.`,
    });
    expect(refundRequests()).toHaveLength(1);
    const [sent] = refundRequests();
    expect(sent!.form).toMatchObject({
      payment_intent: order.providerPaymentId,
      amount: "10050",
      "metadata[order_id]": order.id,
    });
    expect(sent!.headers["idempotency-key"]).toBe(`order-${order.id}-refund-0`);
    expect(await reload(order)).toMatchObject({ status: "partially_refunded", amountRefunded: 100.5 });

    const rest = await refund(order);
    expect(rest.status).toBe(200);
    expect(refundRequests()).toHaveLength(2);
    expect(refundRequests()[1]!.form.amount).toBe(String(229_800 - 10_050));
    expect(refundRequests()[1]!.headers["idempotency-key"]).toBe(`order-${order.id}-refund-1`);
    expect(await reload(order)).toMatchObject({ status: "refunded", amountRefunded: 2298 });
    expect(stripe.payments.get(order.providerPaymentId!)).toMatchObject({ refunded: 229_800 });

    const again = await refund(order);
    expect(again.status).toBe(409);
    expect(again.data.errors).toEqual({ form: "This order has already been refunded in full." });
    expect(refundRequests()).toHaveLength(2);
    expect(await refundsOf(order)).toHaveLength(2);

    const audited = await auditOf(order, "order.refund");
    expect(audited).toHaveLength(2);
    expect(audited[0]).toMatchObject({ userEmail: expect.stringContaining("@") as string });
    expect(audited.map((entry) => entry.details)).toContainEqual(
      expect.objectContaining({ status: { before: "partially_refunded", after: "refunded" } }),
    );
  });

  it("the webhook about the CMS's own refund changes nothing, however often it comes", async () => {
    const order = await paidOrder("stripe");
    expect((await refund(order, "50")).status).toBe(200);
    const [recorded] = await refundsOf(order);
    for (const type of ["refund.created", "refund.created", "refund.updated"]) {
      const answer = await deliverRefundEvent(type, {
        id: recorded!.refundId,
        amount: 5000,
        payment_intent: order.providerPaymentId!,
        metadata: { order_id: order.id },
      });
      expect(answer).toEqual({ status: 200, message: "Already processed." });
    }
    expect(await refundsOf(order)).toHaveLength(1);
    expect(await reload(order)).toMatchObject({ status: "partially_refunded", amountRefunded: 50 });
    expect(await auditOf(order, "order.refund")).toHaveLength(1);
  });

  it("records a refund made in Stripe's dashboard once, found by its payment, and a failed refund gives the amount back", async () => {
    const order = await paidOrder("stripe");
    const dashboardRefund = { id: "re_dashboard_1", amount: 229_800, payment_intent: order.providerPaymentId! };
    expect(await deliverRefundEvent("refund.created", dashboardRefund)).toEqual({ status: 200, message: "Processed." });
    expect(await deliverRefundEvent("refund.created", dashboardRefund)).toEqual({
      status: 200,
      message: "Already processed.",
    });
    expect(await reload(order)).toMatchObject({ status: "refunded", amountRefunded: 2298 });
    const [row] = await refundsOf(order);
    expect(row).toMatchObject({ refundId: "re_dashboard_1", userId: null, userEmail: "Stripe (webhook)" });

    expect(await deliverRefundEvent("refund.failed", { ...dashboardRefund, status: "failed" })).toEqual({
      status: 200,
      message: "Processed.",
    });
    expect(await reload(order)).toMatchObject({ status: "paid", amountRefunded: 0 });
  });

  it("a webhook that beats the CMS's own record of Stripe's answer leaves one refund, in the administrator's name", async () => {
    const order = await paidOrder("stripe");
    const refundInput = {
      orderId: order.id,
      provider: "stripe" as const,
      refundId: "re_race_1",
      amount: 10,
      currency: "GBP",
      status: "succeeded" as const,
    };
    const webhook = await recordRefund(cms.db, { ...refundInput, actor: { id: null, email: "Stripe (webhook)" } });
    expect(webhook.kind).toBe("recorded");
    const admin = await createTestActor(cms.db);
    const cmsAnswer = await recordRefund(cms.db, { ...refundInput, actor: admin });
    expect(cmsAnswer.kind).toBe("recorded");
    expect(await refundsOf(order)).toEqual([expect.objectContaining({ userId: admin.id, userEmail: admin.email })]);
    expect(await reload(order)).toMatchObject({ status: "partially_refunded", amountRefunded: 10 });
    // Seen a third time, it is a replay.
    expect((await recordRefund(cms.db, { ...refundInput, actor: admin })).kind).toBe("replayed");
  });

  it("acknowledges a refund of a payment that is not an order of this site and records nothing", async () => {
    const answer = await deliverRefundEvent("refund.created", {
      id: "re_elsewhere",
      amount: 100,
      payment_intent: "pi_other",
    });
    expect(answer).toEqual({ status: 200, message: "Not an order of this site." });
    expect(await cms.db.select().from(orderRefunds).where(eq(orderRefunds.refundId, "re_elsewhere"))).toHaveLength(0);
  });

  it("says what Stripe refused, and records nothing", async () => {
    const order = await paidOrder("stripe");
    // Refunded at Stripe behind our back (its webhook not delivered yet): Stripe refuses a second one.
    stripe.payments.get(order.providerPaymentId!)!.refunded = 229_800;
    const refused = await refund(order);
    expect(refused.status).toBe(409);
    expect(refused.data.errors?.form).toMatch(/^Stripe refused the refund: Charge .* has already been refunded\.$/);
    expect(await refundsOf(order)).toHaveLength(0);
    expect(await reload(order)).toMatchObject({ status: "paid", amountRefunded: 0 });
  });
});

describe("refunding a test-mode order", () => {
  it("refunds everything left at once, with no provider call, and refuses a second refund", async () => {
    const order = await paidOrder("test");
    const full = await refund(order);
    expect(full.status).toBe(200);
    await expect(toastOf(full.result as never)).resolves.toMatchObject({
      description: `Refunded £2,298 of order ${order.id.slice(0, 8).toUpperCase()}: the order is now refunded in full.`,
    });
    expect(await reload(order)).toMatchObject({ status: "refunded", amountRefunded: 2298 });
    expect(await refundsOf(order)).toEqual([
      expect.objectContaining({ refundId: `test_refund_${order.id}_0`, status: "succeeded", amount: 2298 }),
    ]);
    expect(stripe.requests).toHaveLength(0);

    const again = await refund(order, "1");
    expect(again.status).toBe(409);
    expect(again.data.errors).toEqual({ form: "This order has already been refunded in full." });
    expect(await refundsOf(order)).toHaveLength(1);
  });

  it("two refunds sent at the same moment from the same page give back the money once", async () => {
    const order = await paidOrder("test");
    const answers = await Promise.all([refund(order, "10", 0), refund(order, "10", 0)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(await refundsOf(order)).toHaveLength(1);
    expect(await reload(order)).toMatchObject({ status: "partially_refunded", amountRefunded: 10 });
  });

  it("the same form sent again later, or a page opened before another refund, is refused and gives nothing back", async () => {
    const order = await paidOrder("test");
    expect((await refund(order, "10", 0)).status).toBe(200);
    const again = await refund(order, "10", 0);
    expect(again.status).toBe(409);
    expect(again.data.errors).toEqual({
      form: "This refund has already been made. Refresh to see the order as it is now.",
    });
    expect(await refundsOf(order)).toHaveLength(1);
    expect((await refund(order, "5", 1)).status).toBe(200);
    expect(await reload(order)).toMatchObject({ status: "partially_refunded", amountRefunded: 15 });
  });

  it.each([
    ["abc", 400, "Enter the amount to refund, such as 25.00, or leave it empty to refund everything left."],
    ["0", 400, "Enter the amount to refund, such as 25.00, or leave it empty to refund everything left."],
    ["1.234", 400, "Enter the amount to refund, such as 25.00, or leave it empty to refund everything left."],
    ["2298.01", 409, "You can refund at most £2,298."],
  ])("refuses the amount %j with a message on the field, and changes nothing", async (amount, status, message) => {
    const order = await paidOrder("test");
    const refused = await refund(order, amount);
    expect(refused.status).toBe(status);
    expect(refused.data.errors).toEqual({ amount: message });
    expect(await refundsOf(order)).toHaveLength(0);
    expect(await reload(order)).toMatchObject({ status: "paid", amountRefunded: 0 });
  });

  it("refuses to refund an order that was never paid, or one that does not exist", async () => {
    const ids = [aws];
    const priced = priceCourses(ids, await findCoursesByIds(cms.db, ids), "GBP", GBP_RATES);
    if (!priced.ok) throw new Error("unpriced");
    const pending = await createOrder(cms.db, priced, "test");
    expect((await refund(pending)).data.errors).toEqual({ form: "Only a paid order can be refunded." });
    const unknown = await post({ intent: "refund", id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.status).toBe(404);
    expect((await post({ intent: "refund", id: "not-an-id" })).status).toBe(404);
  });

  it("is for administrators only", async () => {
    const order = await paidOrder("test");
    const requests: Record<string, string>[] = [
      { intent: "refund", id: order.id },
      { intent: "resend", id: order.id },
      { intent: "note", id: order.id, note: "Not mine to write." },
    ];
    for (const fields of requests) {
      const refused = await post(fields, "editor").then(
        () => 0,
        (caught: unknown) =>
          caught instanceof Response ? caught.status : ((caught as { init?: ResponseInit }).init?.status ?? 0),
      );
      expect(refused, fields.intent).toBe(403);
    }
    expect(await refundsOf(order)).toHaveLength(0);
    expect(await cms.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toHaveLength(0);
    expect(await cms.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id))).toHaveLength(1);
  });
});

describe("resending the confirmation e-mail", () => {
  it("queues the confirmation again in the outbox and audits it", async () => {
    const order = await paidOrder("test");
    const before = await cms.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(before).toHaveLength(1);
    const resent = await post({ intent: "resend", id: order.id });
    expect(resent.status).toBe(200);
    await expect(toastOf(resent.result as never)).resolves.toMatchObject({
      description: "The confirmation e-mail to grace@example.com is in the outbox.",
    });
    const mails = await cms.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order.id));
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({
      kind: "order_confirmation",
      toAddress: "grace@example.com",
      subject: before[0]!.subject,
      status: "pending",
    });
    expect(await auditOf(order, "order.resend_confirmation")).toEqual([
      expect.objectContaining({ details: { to: "grace@example.com" } }),
    ]);
  });

  it("refuses an order without a booking to confirm or an address to send to, and queues nothing", async () => {
    const refunded = await paidOrder("test");
    await refund(refunded);
    const noEmail = await paidOrder("test", null);
    const outbox = async () => (await cms.db.select().from(mailOutbox)).length;
    const queued = await outbox();
    expect((await post({ intent: "resend", id: refunded.id })).data.errors).toEqual({
      form: "This order has been refunded in full, so there is no booking to confirm.",
    });
    expect((await post({ intent: "resend", id: noEmail.id })).data.errors).toEqual({
      form: "This order has no customer e-mail address to send to.",
    });
    expect(await outbox()).toBe(queued);
  });
});

describe("internal notes", () => {
  it("adds a note with who wrote it and when, shown on the order, and audited without its text", async () => {
    const order = await paidOrder("test");
    const added = await post({ intent: "note", id: order.id, note: "  Customer called: wants the March date.\r\n" });
    expect(added.status).toBe(200);
    const [note] = await cms.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id));
    expect(note).toMatchObject({ body: "Customer called: wants the March date.", userId: cms.userId("admin") });

    const view = (await ordersLoader(routeArgs(cms.request(`${ORDERS_URL}?selected=${order.id}`)))) as {
      selected: { notes: { body: string; by: string; at: { iso: string } }[] } | null;
    };
    expect(view.selected?.notes).toEqual([
      expect.objectContaining({ body: "Customer called: wants the March date.", by: note!.userEmail }),
    ]);
    const [entry] = await auditOf(order, "order.note");
    expect(entry?.details).toEqual({ noteId: note!.id });
  });

  it.each([
    ["", "Write the note before adding it."],
    [" \n\t ", "Write the note before adding it."],
    ["x".repeat(2001), "A note can be at most 2000 characters."],
  ])("refuses the note %#, keeping what was typed, and stores nothing", async (text, message) => {
    const order = await paidOrder("test");
    const refused = await post({ intent: "note", id: order.id, note: text });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { note: message }, values: { note: text } });
    expect(await cms.db.select().from(orderNotes).where(eq(orderNotes.orderId, order.id))).toHaveLength(0);
  });
});

describe("the database itself", () => {
  it("refuses more refunded than paid, a refund of nothing, and a paid status without a payment time", async () => {
    const order = await paidOrder("test");
    await expect(
      cms.db.update(orders).set({ amountRefunded: 2298.01 }).where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    await expect(
      cms.db.insert(orderRefunds).values({
        orderId: order.id,
        provider: "test",
        refundId: "zero",
        amount: 0,
        currency: "GBP",
        status: "succeeded",
      }),
    ).rejects.toThrow();
    await expect(
      cms.db.update(orders).set({ status: "refunded", paidAt: null }).where(eq(orders.id, order.id)),
    ).rejects.toThrow();
    expect(await reload(order)).toMatchObject({ status: "paid", amountRefunded: 0 });
  });
});
