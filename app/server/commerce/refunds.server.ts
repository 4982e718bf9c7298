/**
 * Refunding a paid order from the CMS: all that is left, or a part of it. A Stripe order
 * is refunded through Stripe's refund API; a test-mode order through the test-mode equivalent
 * (no money moved, none to give back). Either way the refund is then recorded in the ledger
 * (refund-ledger.server.ts), which moves the order to "partially refunded" or "refunded" and
 * audits it. The webhook Stripe sends about the same refund later finds it there and changes nothing.
 */
import { formatPrice, minorUnitDigits, toMinorUnits } from "../../lib/commerce/currency";
import type { Actor } from "../platform/audit.server";
import { isUuid } from "../../lib/schemas/id";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { logger } from "../platform/logger.server";
import { findOrder, type Order } from "./orders.server";
import { countRefunds, isPaidOrder, recordRefund, refundableAmount, refundStatusOf } from "./refund-ledger.server";
import { createStripeRefund, stripeRefusal } from "./stripe.server";
import { paymentsInTestMode, takeTestRefund } from "./test-payments.server";

export const REFUND_MESSAGES = {
  notFound: "This order no longer exists.",
  notPaid: "Only a paid order can be refunded.",
  fullyRefunded: "This order has already been refunded in full.",
  invalidAmount: "Enter the amount to refund, such as 25.00, or leave it empty to refund everything left.",
  tooMuch: (left: string) => `You can refund at most ${left}.`,
  alreadyMade: "This refund has already been made. Refresh to see the order as it is now.",
  stripeOff:
    "This order was paid through Stripe, which is not configured now (STRIPE_SECRET_KEY), so it cannot be refunded here.",
  stripeRefused: (message: string) => `Stripe refused the refund: ${message}`,
} as const;

/**
 * Reads the amount typed into the refund form, in the order's currency: empty means everything
 * left; otherwise a positive number with no more decimals than the currency has (none for yen).
 */
export function parseRefundAmount(value: string | undefined, order: Pick<Order, "currency">, left: number): number {
  const text = (value ?? "").trim().replace(/,/g, "");
  if (text === "") return left;
  const digits = minorUnitDigits(order.currency);
  const pattern = digits === 0 ? /^\d+$/ : new RegExp(`^\\d+(\\.\\d{1,${digits}})?$`);
  if (!pattern.test(text)) throw new ExpectedError(REFUND_MESSAGES.invalidAmount, { field: "amount" });
  const amount = Number(text);
  if (!(amount > 0)) throw new ExpectedError(REFUND_MESSAGES.invalidAmount, { field: "amount" });
  return amount;
}

export interface RefundRequest {
  orderId: string;
  /** As typed; empty refunds everything left. */
  amount?: string;
  /**
   * How many refunds the administrator's page showed. It names the refund (its idempotency key),
   * so the same form sent twice, even at the same moment, is one refund; a page older than the
   * last refund is refused before anything is sent. Without it, the refunds recorded so far.
   */
  refundsSeen?: string;
}

/** Refunds an order (all that is left, or `amount`), recorded and audited as `actor`'s. */
export async function refundOrder(db: Database, actor: Actor, request: RefundRequest) {
  const order = isUuid(request.orderId) ? await findOrder(db, request.orderId) : undefined;
  if (!order) throw new ExpectedError(REFUND_MESSAGES.notFound, { status: 404 });
  if (!isPaidOrder(order.status)) throw new ExpectedError(REFUND_MESSAGES.notPaid, { status: 409 });
  const left = refundableAmount(order);
  if (left <= 0) throw new ExpectedError(REFUND_MESSAGES.fullyRefunded, { status: 409 });
  const amount = parseRefundAmount(request.amount, order, left);
  if (toMinorUnits(amount, order.currency) > toMinorUnits(left, order.currency)) {
    throw new ExpectedError(REFUND_MESSAGES.tooMuch(formatPrice(left, order.currency)), {
      field: "amount",
      status: 409,
    });
  }

  const recorded = await countRefunds(db, order.id);
  const seen = /^\d{1,4}$/.test(request.refundsSeen ?? "") ? Number(request.refundsSeen) : recorded;
  if (seen < recorded) throw new ExpectedError(REFUND_MESSAGES.alreadyMade, { status: 409 });
  // What the page saw names this refund: a second click from the same page is the same refund.
  const sequence = seen;
  const provided = await takeProviderRefund(order, amount, sequence);
  const result = await recordRefund(db, {
    orderId: order.id,
    provider: order.provider,
    refundId: provided.refundId,
    amount: provided.amount,
    currency: order.currency,
    status: provided.status,
    actor,
  });
  if (result.kind === "replayed") throw new ExpectedError(REFUND_MESSAGES.alreadyMade, { status: 409 });
  if (result.kind !== "recorded")
    throw new Error(`The refund of order ${order.id} could not be recorded: ${result.kind}`);
  return result;
}

/** The refund at the provider: Stripe's API, or the test-mode equivalent. */
async function takeProviderRefund(order: Order, amount: number, sequence: number) {
  if (order.provider === "test") {
    return { ...takeTestRefund(order, sequence), amount, status: "succeeded" as const };
  }
  if (paymentsInTestMode()) throw new ExpectedError(REFUND_MESSAGES.stripeOff, { status: 409 });
  try {
    const refund = await createStripeRefund(
      order,
      toMinorUnits(amount, order.currency),
      `order-${order.id}-refund-${sequence}`,
    );
    return {
      refundId: refund.refundId,
      amount: refund.amountMinor / toMinorUnits(1, order.currency),
      status: refundStatusOf(refund.status),
    };
  } catch (error) {
    const refusal = stripeRefusal(error);
    if (refusal === null) throw error;
    logger.warn({ err: error, orderId: order.id }, "Stripe refused a refund");
    throw new ExpectedError(REFUND_MESSAGES.stripeRefused(refusal), { status: 409 });
  }
}
