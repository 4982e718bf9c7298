/**
 * The Orders tab's view: one page of orders (newest first, optionally one status only) and, when
 * `?selected=<id>` names one, its frozen line items and the payment events that moved it, in the
 * order they arrived. Prices, rates and London times are written here, once, for the page.
 */
import { ORDER_STATUS_STYLE } from "~/components/cms/list-statuses";
import { formatPrice } from "~/lib/currency";
import type { PaymentProvider } from "~/lib/enums";
import { formatNumber, timeParts } from "~/lib/format";
import { PAGE_SIZE } from "~/lib/pagination";
import { orderReference } from "~/server/commerce/order-mail.server";
import {
  countItemsByOrder,
  findOrderDetail,
  isOrderStatus,
  listOrders,
  type Order,
  type OrderDetail,
} from "~/server/commerce/orders.server";
import { listQuery, readListTab } from "./list-tab.server";

const PROVIDER_LABELS: Record<PaymentProvider, string> = { stripe: "Stripe", test: "Test mode" };

/** A payment event stores statuses as text; anything unexpected is shown as it was recorded. */
function statusLabel(status: string): string {
  return isOrderStatus(status) ? ORDER_STATUS_STYLE.labels[status] : status;
}

function orderRow(order: Order, items: number) {
  return {
    id: order.id,
    reference: orderReference(order.id),
    created: timeParts(order.createdAt),
    customerEmail: order.customerEmail,
    status: order.status,
    total: formatPrice(order.total, order.currency),
    currency: order.currency,
    items,
  };
}

function orderDetail({ order, items, events }: OrderDetail) {
  return {
    id: order.id,
    reference: orderReference(order.id),
    status: order.status,
    created: timeParts(order.createdAt),
    paid: order.paidAt ? timeParts(order.paidAt) : null,
    customerEmail: order.customerEmail,
    provider: PROVIDER_LABELS[order.provider],
    providerSessionId: order.providerSessionId,
    currency: order.currency,
    total: formatPrice(order.total, order.currency),
    items: items.map((item) => ({
      id: item.id,
      courseName: item.courseName,
      basePrice: formatPrice(item.basePrice, "GBP"),
      // Exchange rates as stored (up to six decimals), without trailing zeros.
      exchangeRate: formatNumber(item.exchangeRate, 6),
      unitPrice: formatPrice(item.unitPrice, item.currency),
    })),
    events: events.map((event) => ({
      id: event.id,
      // To the second: a webhook often follows the checkout within the same minute.
      at: timeParts(event.createdAt, "precise"),
      type: event.type,
      from: statusLabel(event.fromStatus),
      to: statusLabel(event.toStatus),
      changed: event.fromStatus !== event.toStatus,
      detail: event.detail,
    })),
  };
}

export type OrderRowView = ReturnType<typeof orderRow>;
export type OrderDetailView = ReturnType<typeof orderDetail>;

/** The tab only reads: orders change through checkout and the payment providers, never here. */
export async function loadOrdersTab(request: Request) {
  const { status, page, selectedId } = listQuery(request, isOrderStatus);
  return readListTab(
    "orders",
    async (db) => {
      const [{ orders, total }, detail] = await Promise.all([
        listOrders(db, { status: status ?? undefined, page, pageSize: PAGE_SIZE }),
        selectedId ? findOrderDetail(db, selectedId) : undefined,
      ]);
      const itemCounts = await countItemsByOrder(
        db,
        orders.map((order) => order.id),
      );
      return {
        status,
        page,
        total,
        error: null as string | null,
        orders: orders.map((order) => orderRow(order, itemCounts.get(order.id) ?? 0)),
        selected: detail ? orderDetail(detail) : null,
      };
    },
    { status, page, total: 0, error: "Failed to fetch orders", orders: [], selected: null },
  );
}
