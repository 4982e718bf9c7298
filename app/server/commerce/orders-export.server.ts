/**
 * The CSV export of orders (CMS, Orders tab): one row per order, newest first, with the courses
 * bought joined into one cell. Cells go through platform/csv.server.ts, so quoting and the
 * formula-injection guard are the same everywhere; the file starts with a UTF-8 byte-order mark so
 * spreadsheet programs read accents and currency symbols.
 */
import { asc, desc, eq } from "drizzle-orm";
import { orderItems, orders } from "../../db/schema";
import type { OrderStatus } from "../../lib/enums";
import type { Database } from "../platform/db/db.server";
import { orderReference } from "./order-mail.server";
import { isoDay } from "../../lib/text/format";
import { csvDocument } from "../platform/csv.server";

export const ORDER_CSV_COLUMNS = [
  "reference",
  "order_id",
  "created_at",
  "status",
  "currency",
  "total",
  // What went back to the customer, so a spreadsheet's revenue can subtract it.
  "amount_refunded",
  "customer_email",
  "provider",
  "paid_at",
  "items",
] as const;

/** Separates the course names in the items cell. */
const ITEM_SEPARATOR = "; ";

/** Every order, or those of one status, newest first, as the text of a CSV file (with BOM). */
export async function exportOrdersCsv(db: Database, options: { status?: OrderStatus } = {}) {
  // One query with the lines joined on reads orders and lines from the same snapshot: an order
  // whose status changes during the export can neither lose its lines nor appear half-filtered.
  const rows = await db
    .select({
      id: orders.id,
      createdAt: orders.createdAt,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      amountRefunded: orders.amountRefunded,
      customerEmail: orders.customerEmail,
      provider: orders.provider,
      paidAt: orders.paidAt,
      courseName: orderItems.courseName,
    })
    .from(orders)
    .leftJoin(orderItems, eq(orderItems.orderId, orders.id))
    .where(options.status ? eq(orders.status, options.status) : undefined)
    .orderBy(desc(orders.createdAt), desc(orders.id), asc(orderItems.position));

  const courseNamesByOrder = new Map<string, string[]>();
  const ordersInOrder: (typeof rows)[number][] = [];
  for (const row of rows) {
    let names = courseNamesByOrder.get(row.id);
    if (!names) {
      names = [];
      courseNamesByOrder.set(row.id, names);
      ordersInOrder.push(row);
    }
    if (row.courseName !== null) names.push(row.courseName);
  }

  const csv = csvDocument(
    ORDER_CSV_COLUMNS,
    ordersInOrder.map((order) => [
      orderReference(order.id),
      order.id,
      order.createdAt.toISOString(),
      order.status,
      order.currency,
      // Always two decimals: a machine-readable amount, not a formatted price.
      order.total.toFixed(2),
      order.amountRefunded.toFixed(2),
      order.customerEmail,
      order.provider,
      order.paidAt?.toISOString(),
      courseNamesByOrder.get(order.id)!.join(ITEM_SEPARATOR),
    ]),
  );
  return { csv, count: ordersInOrder.length };
}

/** The export's file name for a day, orders-YYYY-MM-DD.csv (UK date). */
export function ordersExportFilename(now = new Date()): string {
  return `orders-${isoDay(now)}.csv`;
}
