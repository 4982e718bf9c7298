/**
 * Stripe Checkout, used when STRIPE_SECRET_KEY is set. The Checkout Session is built here
 * from the order the server priced, never from anything the browser sent. Stripe reports the
 * outcome to the webhook, whose signature is checked on the raw body before anything is read.
 */
import Stripe from "stripe";
import { minorUnitDigits, toMinorUnits } from "../../lib/commerce/currency";
import type { Database } from "../platform/db/db.server";
import { getEnv, type Env } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { applyPaymentEvent, findOrder, type Order, type OrderItem } from "./orders.server";
import type { OrderStatus } from "../../lib/enums";
import { isUuid } from "../../lib/schemas/id";
import { findOrderIdByPayment, recordRefund, refundStatusOf } from "./refund-ledger.server";

/** How long one call to Stripe may take before the checkout gives up and says so. */
const STRIPE_TIMEOUT_MS = 15_000;

let client: { key: string; stripe: Stripe } | undefined;

/** Connection options for a Stripe-compatible server at STRIPE_API_URL (the SDK's host, port and protocol). */
export function stripeApiAddress(apiUrl: string | undefined): Pick<Stripe.StripeConfig, "host" | "port" | "protocol"> {
  if (!apiUrl) return {};
  const url = new URL(apiUrl);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export function createStripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">): Stripe {
  if (!env.STRIPE_SECRET_KEY) throw new Error("STRIPE_SECRET_KEY is not set");
  return new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeApiAddress(env.STRIPE_API_URL),
    timeout: STRIPE_TIMEOUT_MS,
    // The idempotency key makes a retried create safe, so let the SDK retry network failures.
    maxNetworkRetries: 2,
    telemetry: false,
    appInfo: { name: "corporate-site" },
  });
}

function getStripe(): Stripe {
  const env = getEnv();
  if (!client || client.key !== env.STRIPE_SECRET_KEY) {
    client = { key: env.STRIPE_SECRET_KEY ?? "", stripe: createStripeClient(env) };
  }
  return client.stripe;
}

/** Where Stripe sends the customer back: the success page for this order, or the basket. */
export function checkoutReturnUrls(publicUrl: string, orderId: string) {
  const base = publicUrl.replace(/\/+$/, "");
  return {
    // Stripe fills in {CHECKOUT_SESSION_ID} itself.
    successUrl: `${base}/checkout/success?order=${orderId}&session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/basket?checkout=cancelled`,
  };
}

/** The Checkout Session's parameters for an order: one line per course, amounts in minor units. */
export function checkoutSessionParams(
  order: Pick<Order, "id" | "currency">,
  items: readonly Pick<OrderItem, "courseId" | "courseName" | "unitPrice">[],
  publicUrl: string,
): Stripe.Checkout.SessionCreateParams {
  const { successUrl, cancelUrl } = checkoutReturnUrls(publicUrl, order.id);
  return {
    mode: "payment",
    line_items: items.map((item) => ({
      quantity: 1,
      price_data: {
        currency: order.currency.toLowerCase(),
        unit_amount: toMinorUnits(item.unitPrice, order.currency),
        product_data: {
          name: item.courseName,
          ...(item.courseId ? { metadata: { course_id: item.courseId } } : {}),
        },
      },
    })),
    client_reference_id: order.id,
    metadata: { order_id: order.id },
    payment_intent_data: { metadata: { order_id: order.id } },
    success_url: successUrl,
    cancel_url: cancelUrl,
  };
}

/** Creates the order's Checkout Session; the order id is the idempotency key, so a retry never makes two. */
export async function createStripeCheckout(
  order: Order,
  items: readonly OrderItem[],
): Promise<{ sessionId: string; url: string | null }> {
  const session = await getStripe().checkout.sessions.create(checkoutSessionParams(order, items, getEnv().publicUrl), {
    idempotencyKey: `checkout-session-${order.id}`,
  });
  return { sessionId: session.id, url: session.url };
}

/* ------------------------------------------------------------------------------------------------
 * Refunds
 * ---------------------------------------------------------------------------------------------- */

/** The id of a Stripe object that may arrive expanded or as its id. */
function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === "string" ? value : value.id;
}

/**
 * The PaymentIntent that paid a Stripe order: stored from the completed Checkout Session, or (an
 * order paid before that was kept) asked of Stripe from the session.
 */
async function paymentIdOf(order: Order): Promise<string> {
  if (order.providerPaymentId) return order.providerPaymentId;
  if (!order.providerSessionId) throw new Error(`Stripe order ${order.id} has no Checkout Session`);
  const session = await getStripe().checkout.sessions.retrieve(order.providerSessionId);
  const paymentId = idOf(session.payment_intent);
  if (!paymentId) throw new Error(`Stripe's session ${session.id} names no payment`);
  return paymentId;
}

export interface ProviderRefund {
  refundId: string;
  /** In minor units, as Stripe counts. */
  amountMinor: number;
  currency: string;
  status: string | null;
}

/**
 * Asks Stripe to give `amountMinor` of the order's payment back. The idempotency key names the
 * order and how many refunds it had: two clicks on one refund (or a retry after a timeout) are one
 * refund at Stripe, and the ledger records its id once.
 */
export async function createStripeRefund(
  order: Order,
  amountMinor: number,
  idempotencyKey: string,
): Promise<ProviderRefund> {
  const refund = await getStripe().refunds.create(
    {
      payment_intent: await paymentIdOf(order),
      amount: amountMinor,
      reason: "requested_by_customer",
      metadata: { order_id: order.id },
    },
    { idempotencyKey },
  );
  return { refundId: refund.id, amountMinor: refund.amount, currency: refund.currency, status: refund.status };
}

/** Stripe's message when it refuses a refund (already refunded, too large), for the person who asked. */
export function stripeRefusal(error: unknown): string | null {
  return error instanceof Stripe.errors.StripeInvalidRequestError || error instanceof Stripe.errors.StripeCardError
    ? error.message
    : null;
}

const REFUND_EVENTS: ReadonlySet<string> = new Set([
  "refund.created",
  "refund.updated",
  "refund.failed",
  "charge.refund.updated",
]);

/**
 * A refund Stripe reports: made by the CMS (already in the ledger, so a replay) or in Stripe's
 * dashboard (new to us). The order is found by the metadata the CMS sets, or by the payment.
 */
async function applyRefundEvent(database: Database, event: Stripe.Event): Promise<WebhookOutcome> {
  const refund = event.data.object as Stripe.Refund;
  const paymentId = idOf(refund.payment_intent);
  const metadataOrder = refund.metadata?.order_id;
  const orderId = isUuid(metadataOrder)
    ? metadataOrder
    : paymentId
      ? await findOrderIdByPayment(database, paymentId)
      : undefined;
  if (!orderId) return { status: 200, message: "Not an order of this site." };
  const result = await recordRefund(database, {
    orderId,
    provider: "stripe",
    refundId: refund.id,
    amount: refund.amount / 10 ** minorUnitDigits(refund.currency.toUpperCase()),
    currency: refund.currency.toUpperCase(),
    status: refundStatusOf(refund.status),
    actor: { id: null, email: "Stripe (webhook)" },
  });
  if (result.kind === "mismatch") {
    logger.error({ orderId, refundId: refund.id, reason: result.reason }, "a Stripe refund does not fit its order");
  }
  if (result.kind === "unknown-order" || result.kind === "mismatch") {
    return { status: 200, message: "Not an order of this site." };
  }
  return { status: 200, message: result.kind === "replayed" ? "Already processed." : "Processed." };
}

/* ------------------------------------------------------------------------------------------------
 * Webhook
 * ---------------------------------------------------------------------------------------------- */

export interface WebhookOutcome {
  status: number;
  message: string;
}

/** The order status each Checkout event asks for. */
function outcomeOf(event: Stripe.Event): OrderStatus | undefined {
  switch (event.type) {
    case "checkout.session.completed": {
      // A card is paid at once; a bank debit completes the checkout first and settles later.
      const status = event.data.object.payment_status;
      return status === "paid" || status === "no_payment_required" ? "paid" : "processing";
    }
    case "checkout.session.async_payment_succeeded":
      return "paid";
    case "checkout.session.async_payment_failed":
      return "failed";
    case "checkout.session.expired":
      return "expired";
    default:
      return undefined;
  }
}

const HANDLED_EVENTS: ReadonlySet<string> = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * Verifies and applies one webhook delivery. A bad or stale signature is a 400 and changes nothing.
 * Events we do not handle, and sessions that are not ours, are acknowledged (200) so Stripe stops
 * sending them. A database failure is a 500, so Stripe delivers the event again later.
 */
export async function handleStripeWebhook(
  db: () => Promise<Database>,
  rawBody: string,
  signature: string | null,
  env: Pick<Env, "STRIPE_WEBHOOK_SECRET"> = getEnv(),
): Promise<WebhookOutcome> {
  if (!env.STRIPE_WEBHOOK_SECRET) return { status: 404, message: "Stripe is not configured." };
  if (!signature) return { status: 400, message: "Missing Stripe-Signature header." };
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, env.STRIPE_WEBHOOK_SECRET);
  } catch (error) {
    logger.warn({ err: error }, "refused a Stripe webhook with a bad signature");
    return { status: 400, message: "Invalid signature." };
  }
  // charge.refunded carries no refund id in this API version: refund.created, sent with it, is the one we apply.
  if (REFUND_EVENTS.has(event.type)) return applyRefundEvent(await db(), event);
  if (!HANDLED_EVENTS.has(event.type)) return { status: 200, message: "Ignored." };

  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? "";
  if (!isUuid(orderId)) return { status: 200, message: "Not an order of this site." };

  const database = await db();
  const order = await findOrder(database, orderId);
  if (!order || order.provider !== "stripe") return { status: 200, message: "Not an order of this site." };

  let outcome = outcomeOf(event);
  let detail: string | null = session.id;
  // Never mark an order paid for an amount or currency other than what it was priced at.
  if (
    outcome === "paid" &&
    (session.currency?.toUpperCase() !== order.currency ||
      session.amount_total !== toMinorUnits(order.total, order.currency))
  ) {
    logger.error(
      { orderId, sessionId: session.id, amount: session.amount_total, currency: session.currency },
      "a Stripe payment does not match its order; the order was not marked paid",
    );
    outcome = undefined;
    detail = `${session.id}: amount ${session.amount_total} ${session.currency} does not match the order`;
  }

  const result = await applyPaymentEvent(database, {
    orderId,
    provider: "stripe",
    eventId: event.id,
    type: event.type,
    outcome,
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
    paymentId: idOf(session.payment_intent),
    detail,
  });
  return { status: 200, message: result.kind === "replayed" ? "Already processed." : "Processed." };
}
