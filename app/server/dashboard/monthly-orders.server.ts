/**
 * Orders and revenue per London month, one line per currency: an order is charged in the
 * visitor's currency and frozen so (docs/decisions/009), and adding pounds to yen would be wrong.
 * Revenue is what was kept: each paid order's total less what was refunded of it,
 * counted in the month it was paid; a refunded order still counts as an order.
 * Summed by the database in the numeric column's exact decimals.
 */
import { and, gte, inArray, lt, sql } from "drizzle-orm";
import { orders } from "../../db/schema";
import { PAID_ORDER_STATUSES } from "../../lib/enums";
import type { Database } from "../platform/db/db.server";
import { monthsOf, type DateRange } from "./date-range.server";

export interface CurrencyMonth {
  month: string;
  orders: number;
  /** In the currency's major unit, as the database summed it ("1234.50"). */
  revenue: string;
}

export interface CurrencyOrders {
  currency: string;
  months: CurrencyMonth[];
  totalOrders: number;
  totalRevenue: string;
}

/** Paid orders per month of the range (by when they were paid), each currency apart, most orders first. */
export async function ordersPerMonth(db: Database, range: DateRange): Promise<CurrencyOrders[]> {
  const month = sql<string>`to_char(date_trunc('month', ${orders.paidAt} at time zone 'Europe/London'), 'YYYY-MM')`;
  const paidInRange = and(
    inArray(orders.status, [...PAID_ORDER_STATUSES]),
    gte(orders.paidAt, range.start),
    lt(orders.paidAt, range.end),
  );
  const sums = {
    orders: sql<number>`count(*)::int`,
    revenue: sql<string>`sum(${orders.total} - ${orders.amountRefunded})::numeric(14, 2)::text`,
  };
  const [rows, totals] = await Promise.all([
    db
      .select({ month, currency: orders.currency, ...sums })
      .from(orders)
      .where(paidInRange)
      .groupBy(month, orders.currency),
    db
      .select({ currency: orders.currency, ...sums })
      .from(orders)
      .where(paidInRange)
      .groupBy(orders.currency),
  ]);
  const months = monthsOf(range);
  return totals
    .map((total) => {
      const own = new Map(rows.filter((row) => row.currency === total.currency).map((row) => [row.month, row]));
      return {
        currency: total.currency,
        totalOrders: Number(total.orders),
        totalRevenue: total.revenue,
        months: months.map((key) => ({
          month: key,
          orders: Number(own.get(key)?.orders ?? 0),
          revenue: own.get(key)?.revenue ?? "0.00",
        })),
      };
    })
    .sort((a, b) => b.totalOrders - a.totalOrders || a.currency.localeCompare(b.currency));
}
