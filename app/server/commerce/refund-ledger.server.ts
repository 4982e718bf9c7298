/**
 * The ledger of refunds: the one place a refund changes an order. The CMS's Refund
 * (refunds.server.ts) and Stripe's refund webhooks (stripe.server.ts) both record through
 * `recordRefund`, keyed by the provider's refund id, so a refund reported twice (the CMS's own
 * answer from Stripe, then the webhook about the same refund; or a webhook delivered again)
 * counts once. The order's amount refunded is recomputed from its live refunds each time, never
 * added to, so the order and its refunds cannot drift apart.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { orderRefunds, orders, paymentEvents } from "../../db/schema";
import { PAID_ORDER_STATUSES, type OrderStatus, type PaymentProvider, type RefundStatus } from "../../lib/enums";
import { minorUnitDigits } from "../../lib/commerce/currency";
import { recordAudit, type AuditActor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import type { Order } from "./orders.server";

export type OrderRefund = typeof orderRefunds.$inferSelect;

/** Refunds that take (or will take) money back: a failed or cancelled one gave nothing back. */
const LIVE_REFUND_STATUSES: readonly RefundStatus[] = ["pending", "succeeded", "requires_action"];

export function isPaidOrder(status: OrderStatus): boolean {
  return (PAID_ORDER_STATUSES as readonly string[]).includes(status);
}

/** Rounds to the currency's minor unit, so sums of refunds carry no floating-point dust. */
export function roundMoney(amount: number, currency: string): number {
  const scale = 10 ** minorUnitDigits(currency);
  return Math.round(amount * scale) / scale;
}

/** What may still go back to the customer, in the order's currency. */
export function refundableAmount(order: Pick<Order, "status" | "total" | "amountRefunded" | "currency">): number {
  if (!isPaidOrder(order.status)) return 0;
  return Math.max(0, roundMoney(order.total - order.amountRefunded, order.currency));
}

/** The status an order paid in full has after giving back `refunded`. */
function statusAfterRefunds(total: number, refunded: number): OrderStatus {
  if (refunded <= 0) return "paid";
  return refunded >= total ? "refunded" : "partially_refunded";
}

export interface RefundInput {
  orderId: string;
  provider: PaymentProvider;
  /** The provider's id of the refund: the same id twice is the same refund. */
  refundId: string;
  /** In the order's currency's major unit. */
  amount: number;
  currency: string;
  status: RefundStatus;
  reason?: string | null;
  /** Who refunded in the CMS (audited as them); the webhook's refunds are audited as the provider. */
  actor: AuditActor;
}

export type RefundResult =
  | { kind: "recorded"; order: Order; refund: OrderRefund }
  /** Seen before with this status: nothing changed. */
  | { kind: "replayed"; order: Order; refund: OrderRefund }
  | { kind: "unknown-order" }
  /** The refund does not fit the order (another currency, or more than was paid): recorded nowhere. */
  | { kind: "mismatch"; reason: string };

function isRefundStatus(value: string): value is RefundStatus {
  return ["pending", "succeeded", "failed", "canceled", "requires_action"].includes(value);
}

/** A provider's refund status as we store it; anything unknown is kept as pending (money may still go back). */
export function refundStatusOf(value: string | null | undefined): RefundStatus {
  return value && isRefundStatus(value) ? value : "pending";
}

/**
 * Records one refund and applies it, in one transaction with the order row locked: the refund is
 * inserted (or, seen before, its status updated), the order's amount refunded recomputed from its
 * live refunds, its status moved (paid, partially refunded, refunded), a payment event written
 * for the order's history, and the change audited. A refund seen before with the same status
 * changes nothing.
 */
export async function recordRefund(db: Database, input: RefundInput): Promise<RefundResult> {
  return db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const order = await lockRefundableOrder(tx, input);
    if ("kind" in order) return order; // An unknown order, or a refund that does not fit it.
    const [existing] = await tx
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.provider, input.provider), eq(orderRefunds.refundId, input.refundId)));
    if (existing && existing.status === input.status) return claimOrReplay(tx, input, order, existing);

    const now = new Date();
    const refund = await saveRefund(tx, input, order, existing, now);
    const applied = await applyLiveRefunds(tx, order, now);
    await recordRefundHistory(tx, input, { order, refund, ...applied, updatedExisting: existing !== undefined });
    return { kind: "recorded", order: applied.updated, refund } as const;
  });
}

/** The order, locked for the change, when the refund fits it; else the result that says why not. */
async function lockRefundableOrder(
  tx: Database,
  input: RefundInput,
): Promise<Order | Extract<RefundResult, { kind: "unknown-order" | "mismatch" }>> {
  const [locked] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
  if (!locked || locked.provider !== input.provider) return { kind: "unknown-order" };
  const order = locked as Order;
  if (!isPaidOrder(order.status)) return { kind: "mismatch", reason: "the order was never paid" };
  if (input.currency.toUpperCase() !== order.currency) {
    return { kind: "mismatch", reason: `the refund is in ${input.currency}, the order in ${order.currency}` };
  }
  return order;
}

/** A refund seen before with the same status: nothing changes, unless an administrator now claims it. */
async function claimOrReplay(
  tx: Database,
  input: RefundInput,
  order: Order,
  existing: OrderRefund,
): Promise<RefundResult> {
  // Stripe's webhook can arrive before the CMS has recorded Stripe's answer: the refund is the
  // administrator's all the same, so it takes their name (and their audit entry) once.
  if (existing.userId !== null || input.actor.id === null) return { kind: "replayed", order, refund: existing };
  const [claimed] = await tx
    .update(orderRefunds)
    .set({ userId: input.actor.id, userEmail: input.actor.email, updatedAt: new Date() })
    .where(eq(orderRefunds.id, existing.id))
    .returning();
  await recordAudit(tx, input.actor, "order.refund", "orders", order.id, {
    refundId: input.refundId,
    amount: existing.amount,
    currency: order.currency,
    refundStatus: existing.status,
    reportedFirstBy: existing.userEmail,
  });
  return { kind: "recorded", order, refund: claimed! };
}

/** Inserts a new refund, or moves a known one to its new status. */
async function saveRefund(
  tx: Database,
  input: RefundInput,
  order: Order,
  existing: OrderRefund | undefined,
  now: Date,
): Promise<OrderRefund> {
  const [refund] = existing
    ? await tx
        .update(orderRefunds)
        .set({ status: input.status, updatedAt: now })
        .where(eq(orderRefunds.id, existing.id))
        .returning()
    : await tx
        .insert(orderRefunds)
        .values({
          orderId: order.id,
          provider: input.provider,
          refundId: input.refundId,
          amount: roundMoney(input.amount, order.currency),
          currency: order.currency,
          status: input.status,
          reason: input.reason ?? null,
          userId: input.actor.id,
          userEmail: input.actor.email,
        })
        .returning();
  return refund!;
}

/** Recomputes the order's amount refunded from its live refunds, and moves its status to match. */
async function applyLiveRefunds(
  tx: Database,
  order: Order,
  now: Date,
): Promise<{ updated: Order; refunded: number; status: OrderStatus }> {
  const [summed] = await tx
    .select({ refunded: sql<string>`coalesce(sum(${orderRefunds.amount}), 0)` })
    .from(orderRefunds)
    .where(and(eq(orderRefunds.orderId, order.id), inArray(orderRefunds.status, [...LIVE_REFUND_STATUSES])));
  const refunded = roundMoney(Number(summed?.refunded ?? 0), order.currency);
  if (refunded > order.total) {
    // The provider never gives back more than was paid; if its figures say so, ours are wrong.
    throw new Error(`Refunds of ${refunded} exceed the total ${order.total} of order ${order.id}`);
  }
  const status = statusAfterRefunds(order.total, refunded);
  const [updated] = await tx
    .update(orders)
    .set({ amountRefunded: refunded, status, updatedAt: now })
    .where(eq(orders.id, order.id))
    .returning();
  return { updated: updated as Order, refunded, status };
}

/** The order's history (the payment events of the detail panel) and the audit log say when money went back. */
async function recordRefundHistory(
  tx: Database,
  input: RefundInput,
  change: { order: Order; refund: OrderRefund; refunded: number; status: OrderStatus; updatedExisting: boolean },
): Promise<void> {
  const { order, refund, refunded, status } = change;
  await tx
    .insert(paymentEvents)
    .values({
      orderId: order.id,
      provider: input.provider,
      eventId: `refund:${input.refundId}:${input.status}`,
      type: `refund.${input.status}`,
      fromStatus: order.status,
      toStatus: status,
      detail: `${input.refundId}: ${refund.amount} ${order.currency}`,
    })
    .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] });
  await recordAudit(
    tx,
    input.actor,
    change.updatedExisting ? "order.refund_update" : "order.refund",
    "orders",
    order.id,
    {
      refundId: input.refundId,
      amount: refund.amount,
      currency: order.currency,
      refundStatus: input.status,
      status: { before: order.status, after: status },
      amountRefunded: { before: order.amountRefunded, after: refunded },
    },
  );
}

/** The refunds of an order, oldest first (the CMS detail panel). */
export async function listRefunds(db: Database, orderId: string): Promise<OrderRefund[]> {
  return db
    .select()
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId))
    .orderBy(asc(orderRefunds.createdAt), asc(orderRefunds.id));
}

/** How many refunds an order has had: the sequence number in the next refund's idempotency key. */
export async function countRefunds(db: Database, orderId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orderRefunds)
    .where(eq(orderRefunds.orderId, orderId));
  return row?.count ?? 0;
}

/** The order Stripe's PaymentIntent paid, for a refund made in Stripe's dashboard (no order id in its metadata). */
export async function findOrderIdByPayment(db: Database, paymentId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.provider, "stripe"), eq(orders.providerPaymentId, paymentId)));
  return row?.id;
}
