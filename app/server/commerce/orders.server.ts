/**
 * Orders. The server prices an order itself, from the courses in the database and the
 * exchange rates in the site settings, with the same currency module the basket uses; what the
 * browser sends is only course ids and a currency. The priced lines are frozen in order_items.
 *
 * Payment providers (Stripe's webhook, the built-in test-mode page) report what happened through
 * `applyPaymentEvent`, which records each event once and moves the order along the transitions
 * below. A replayed event changes nothing, and the confirmation e-mail is queued only by the
 * transition into "paid", in the same transaction, so it goes out once.
 */
import { asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { orderItems, orders, paymentEvents } from "../../db/schema";
import { ORDER_STATUSES, type OrderStatus, type PaymentProvider } from "../../lib/enums";
import { convertPrice, rateFromGbp, type RateTable } from "../../lib/commerce/currency";
import { PAGE_SIZE } from "../../lib/cms/pagination";
import type { Course } from "./courses.server";
import type { Database } from "../platform/db/db.server";
import { getEnv } from "../platform/env.server";
import { settingsForMail } from "../content/site-settings.server";
import { kickMailDelivery } from "../platform/mail/delivery.server";
import { queueMail } from "../platform/mail/outbox.server";
import { composeOrderConfirmation } from "./order-mail.server";

type OrderRow = typeof orders.$inferSelect;
export type Order = Omit<OrderRow, "status" | "provider"> & { status: OrderStatus; provider: PaymentProvider };
export type OrderItem = typeof orderItems.$inferSelect;
export type PaymentEvent = typeof paymentEvents.$inferSelect;

function toOrder(row: OrderRow): Order {
  return { ...row, status: row.status as OrderStatus, provider: row.provider as PaymentProvider };
}

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === "string" && (ORDER_STATUSES as readonly string[]).includes(value);
}

/* ------------------------------------------------------------------------------------------------
 * Pricing
 * ---------------------------------------------------------------------------------------------- */

/** One priced line, as it will be frozen in order_items. */
export interface PricedLine {
  courseId: string;
  courseName: string;
  /** The course's price in pounds. */
  basePrice: number;
  /** What it costs in the order's currency: converted and rounded as SPEC.md section 9 says. */
  unitPrice: number;
  currency: string;
  /** Units of the currency per pound used for the conversion (1 for GBP). */
  exchangeRate: number;
}

export type PricingResult =
  | { ok: true; currency: string; lines: PricedLine[]; total: number }
  /** Courses that do not exist or are not for sale; `name` is null for an id we never knew. */
  | { ok: false; unavailable: { id: string; name: string | null }[] };

/** Sums money without floating-point dust: £1,299.50 + £999.99 is 2299.49, not 2299.4900000000002. */
function sumMoney(amounts: readonly number[]): number {
  return Math.round(amounts.reduce((sum, amount) => sum + amount, 0) * 100) / 100;
}

/**
 * Prices the requested courses in `currency`, in the order they were asked for. Any id that is
 * unknown or inactive makes the whole order unavailable: a visitor is never charged for part of
 * what they saw in the basket.
 */
export function priceCourses(
  requestedIds: readonly string[],
  courses: readonly Course[],
  currency: string,
  rates: RateTable,
): PricingResult {
  const byId = new Map(courses.map((course) => [course.id, course]));
  const unavailable = requestedIds
    .filter((id) => !byId.get(id)?.isActive)
    .map((id) => ({ id, name: byId.get(id)?.name ?? null }));
  if (unavailable.length > 0) return { ok: false, unavailable };

  const exchangeRate = rateFromGbp(currency, rates);
  if (exchangeRate === undefined) throw new Error(`No exchange rate for ${currency}`);
  const lines = requestedIds.map((id): PricedLine => {
    const course = byId.get(id)!;
    return {
      courseId: course.id,
      courseName: course.name,
      basePrice: course.price,
      unitPrice: convertPrice(course.price, "GBP", currency, rates),
      currency,
      exchangeRate,
    };
  });
  return { ok: true, currency, lines, total: sumMoney(lines.map((line) => line.unitPrice)) };
}

/* ------------------------------------------------------------------------------------------------
 * Creating and reading orders
 * ---------------------------------------------------------------------------------------------- */

/** Records a pending order and its frozen lines in one transaction. */
export async function createOrder(
  db: Database,
  priced: Extract<PricingResult, { ok: true }>,
  provider: PaymentProvider,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(orders)
      .values({ status: "pending", currency: priced.currency, total: priced.total, provider })
      .returning();
    if (!row) throw new Error("The order was not created");
    await tx.insert(orderItems).values(priced.lines.map((line, position) => ({ ...line, orderId: row.id, position })));
    return toOrder(row);
  });
}

/** Remembers which provider session collects the order's payment. */
export async function setProviderSession(db: Database, orderId: string, sessionId: string): Promise<void> {
  await db.update(orders).set({ providerSessionId: sessionId, updatedAt: new Date() }).where(eq(orders.id, orderId));
}

export async function findOrder(db: Database, id: string): Promise<Order | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? toOrder(row) : undefined;
}

export async function listOrderItems(db: Database, orderId: string): Promise<OrderItem[]> {
  return db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

export async function listPaymentEvents(db: Database, orderId: string): Promise<PaymentEvent[]> {
  return db
    .select()
    .from(paymentEvents)
    .where(eq(paymentEvents.orderId, orderId))
    .orderBy(asc(paymentEvents.createdAt), asc(paymentEvents.id));
}

export interface OrderDetail {
  order: Order;
  items: OrderItem[];
  events: PaymentEvent[];
}

export async function findOrderDetail(db: Database, id: string): Promise<OrderDetail | undefined> {
  const order = await findOrder(db, id);
  if (!order) return undefined;
  const [items, events] = await Promise.all([listOrderItems(db, id), listPaymentEvents(db, id)]);
  return { order, items, events };
}

export interface OrderPage {
  orders: Order[];
  total: number;
}

/** One page of orders, newest first, optionally of one status only (the CMS Orders tab). */
export async function listOrders(
  db: Database,
  options: { status?: OrderStatus; page?: number; pageSize?: number } = {},
): Promise<OrderPage> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const where: SQL | undefined = options.status ? eq(orders.status, options.status) : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(orders).where(where),
  ]);
  return { orders: rows.map(toOrder), total: counted?.total ?? 0 };
}

/** How many lines each of these orders has (the CMS list), counted in the database. */
export async function countItemsByOrder(db: Database, orderIds: readonly string[]): Promise<Map<string, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderItems.orderId, items: count() })
    .from(orderItems)
    .where(inArray(orderItems.orderId, [...orderIds]))
    .groupBy(orderItems.orderId);
  return new Map(rows.map((row) => [row.orderId, row.items]));
}

/* ------------------------------------------------------------------------------------------------
 * Payment events and the order's transitions
 * ---------------------------------------------------------------------------------------------- */

/**
 * Where an order may go from each status. "processing" waits for a delayed payment method (a bank
 * debit) to settle; "paid", "failed" and "expired" are final, so a late or out-of-order event can
 * never undo a payment or revive an abandoned checkout.
 */
const ALLOWED_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ["processing", "paid", "failed", "expired"],
  processing: ["paid", "failed"],
  // Only a refund (refunds.server.ts) moves a paid order on; no payment event ever does.
  paid: [],
  partially_refunded: [],
  refunded: [],
  failed: [],
  expired: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ALLOWED_TRANSITIONS[from].includes(to);
}

export interface PaymentEventInput {
  orderId: string;
  provider: PaymentProvider;
  /** The provider's own id for the event; the same id twice is a replay. */
  eventId: string;
  type: string;
  /** The status the event asks for; undefined for an event that only informs (a declined card). */
  outcome?: OrderStatus;
  customerEmail?: string | null;
  /** The provider's payment (Stripe's PaymentIntent id), which a refund later names. */
  paymentId?: string | null;
  detail?: string | null;
}

export type PaymentEventResult =
  { kind: "applied"; order: Order; changed: boolean } | { kind: "replayed"; order: Order } | { kind: "unknown-order" };

/**
 * Records one provider event and applies it. Within one transaction: the order row is locked, the
 * event is inserted unless its id was seen before (then nothing else happens), the status moves if
 * the transition is allowed, and the move into "paid" queues the confirmation e-mail. So any
 * number of deliveries of one event, concurrent or not, give one transition and one e-mail.
 */
export async function applyPaymentEvent(db: Database, input: PaymentEventInput): Promise<PaymentEventResult> {
  const result = await db.transaction(async (transaction) => {
    const tx = transaction as unknown as Database;
    const [locked] = await tx.select().from(orders).where(eq(orders.id, input.orderId)).for("update");
    if (!locked) return { kind: "unknown-order" } as const;
    const order = toOrder(locked);

    // The provider must match: a test-mode event can never touch a Stripe order, or the reverse.
    if (order.provider !== input.provider) return { kind: "unknown-order" } as const;

    const next = input.outcome && canTransition(order.status, input.outcome) ? input.outcome : order.status;
    const [recorded] = await tx
      .insert(paymentEvents)
      .values({
        orderId: order.id,
        provider: input.provider,
        eventId: input.eventId,
        type: input.type,
        fromStatus: order.status,
        toStatus: next,
        detail: input.detail ?? null,
      })
      .onConflictDoNothing({ target: [paymentEvents.provider, paymentEvents.eventId] })
      .returning({ id: paymentEvents.id });
    if (!recorded) return { kind: "replayed", order } as const;

    const customerEmail = order.customerEmail ?? input.customerEmail?.trim() ?? null;
    const providerPaymentId = order.providerPaymentId ?? input.paymentId ?? null;
    if (
      next === order.status &&
      customerEmail === order.customerEmail &&
      providerPaymentId === order.providerPaymentId
    ) {
      return { kind: "applied", order, changed: false } as const;
    }
    const now = new Date();
    const [updated] = await tx
      .update(orders)
      .set({
        status: next,
        customerEmail,
        providerPaymentId,
        updatedAt: now,
        ...(next === "paid" && order.status !== "paid" ? { paidAt: now } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning();
    const moved = toOrder(updated!);
    if (next === "paid" && order.status !== "paid") await queueConfirmation(tx, moved);
    return { kind: "applied", order: moved, changed: next !== order.status } as const;
  });
  // Once committed, the confirmation can go out now rather than at the sender's next round.
  if (result.kind === "applied" && result.changed && result.order.status === "paid") kickMailDelivery();
  return result;
}

/**
 * Queues the order's confirmation to the customer; an order without an e-mail address gets none.
 * The CMS's "Resend confirmation" (order-admin.server.ts) queues the same mail again.
 */
export async function queueConfirmation(db: Database, order: Order): Promise<boolean> {
  if (!order.customerEmail) return false;
  const [items, settings] = await Promise.all([listOrderItems(db, order.id), settingsForMail(db)]);
  const mail = composeOrderConfirmation(order, items, { settings, publicUrl: getEnv().publicUrl });
  await queueMail(db, { ...mail, orderId: order.id });
  return true;
}
