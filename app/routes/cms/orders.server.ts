/**
 * The Orders tab's view: one page of orders (newest first, optionally one status only) and, when
 * `?selected=<id>` names one, its frozen line items, the payment events that moved it, its refunds
 * and its internal notes. Prices, rates and London times are written here, once, for the page.
 * Its actions: refund, resend the confirmation, add a note.
 */
import { ORDER_STATUS_STYLE } from "~/components/cms/kit/list-statuses";
import { formatPrice } from "~/lib/commerce/currency";
import type { PaymentProvider } from "~/lib/enums";
import { timeParts } from "~/lib/text/format";
import { formatNumber } from "~/lib/text/numbers";
import { PAGE_SIZE } from "~/lib/cms/pagination";
import { orderReference } from "~/server/commerce/order-mail.server";
import {
  countItemsByOrder,
  findOrderDetail,
  isOrderStatus,
  listOrders,
  type Order,
  type OrderDetail,
} from "~/server/commerce/orders.server";
import { listRefunds, refundableAmount, type OrderRefund } from "~/server/commerce/refund-ledger.server";
import { addOrderNote, listOrderNotes, type OrderNote } from "~/server/commerce/order-notes.server";
import { refundOrder } from "~/server/commerce/refunds.server";
import { resendConfirmation } from "~/server/commerce/resend-confirmation.server";
import { listQuery, readListTab } from "./list-tab.server";
import { actionSucceeded, type CmsActionContext, type IntentHandlers } from "./cms-action.server";

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

const REFUND_STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  succeeded: "Succeeded",
  failed: "Failed",
  canceled: "Cancelled",
  requires_action: "Requires action",
};

function refundView(refund: OrderRefund) {
  return {
    id: refund.id,
    refundId: refund.refundId,
    at: timeParts(refund.createdAt, "precise"),
    amount: formatPrice(refund.amount, refund.currency),
    status: REFUND_STATUS_LABELS[refund.status] ?? refund.status,
    // A refund made in Stripe's dashboard has no CMS user: it was reported by the webhook.
    by: refund.userEmail ?? "Stripe",
  };
}

function noteView(note: OrderNote) {
  return { id: note.id, at: timeParts(note.createdAt, "precise"), by: note.userEmail, body: note.body };
}

function orderDetail({ order, items, events }: OrderDetail, refunds: OrderRefund[], notes: OrderNote[]) {
  const left = refundableAmount(order);
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
    amountRefunded: formatPrice(order.amountRefunded, order.currency),
    hasRefunds: order.amountRefunded > 0,
    // What Refund gives back when no amount is typed; null when nothing is left to refund.
    refundable: left > 0 ? { amount: formatPrice(left, order.currency), value: left.toFixed(2) } : null,
    // The confirmation goes to the customer of a paid order that still has a booking.
    canResend: Boolean(order.customerEmail) && (order.status === "paid" || order.status === "partially_refunded"),
    refunds: refunds.map(refundView),
    notes: notes.map(noteView),
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

/** The Orders tab's failure message when an action fails on our side. */
export const ORDER_ACTION_FAILED = "Failed to update the order. Please try again.";

/** Intent "refund": gives back all that is left of a paid order, or the amount typed. */
export async function refundOrderAction({ db, current, values }: CmsActionContext) {
  const { order, refund } = await refundOrder(db, current.user, {
    orderId: values.id ?? "",
    amount: values.amount,
    refundsSeen: values.refundsSeen,
  });
  const fully = order.status === "refunded";
  return actionSucceeded("refund", {
    description: `Refunded ${formatPrice(refund.amount, refund.currency)} of order ${orderReference(order.id)}${
      fully ? ": the order is now refunded in full." : "."
    }`,
  });
}

/** Intent "resend": queues the order's confirmation e-mail again, through the outbox. */
export async function resendConfirmationAction({ db, current, values }: CmsActionContext) {
  const { to } = await resendConfirmation(db, current.user, values.id ?? "");
  return actionSucceeded("resend", { description: `The confirmation e-mail to ${to} is in the outbox.` });
}

/** Intent "note": adds an internal note to the order. */
export async function addNoteAction({ db, current, values }: CmsActionContext) {
  await addOrderNote(db, current.user, values.id ?? "", values.note ?? "");
  return actionSucceeded("note", { description: "Note added." });
}

/** Lists and shows orders; refunds, resends and notes are the actions above. */
export async function loadOrdersTab(request: Request) {
  const { status, page, selectedId } = listQuery(request, isOrderStatus);
  return readListTab(
    "orders",
    async (db) => {
      const [{ orders, total }, detail] = await Promise.all([
        listOrders(db, { status: status ?? undefined, page, pageSize: PAGE_SIZE }),
        selectedId
          ? Promise.all([findOrderDetail(db, selectedId), listRefunds(db, selectedId), listOrderNotes(db, selectedId)])
          : undefined,
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
        selected: detail?.[0] ? orderDetail(detail[0], detail[1], detail[2]) : null,
      };
    },
    { status, page, total: 0, error: "Failed to fetch orders", orders: [], selected: null },
  );
}

/** The Orders tab's intents, each with its handler. */
export const ordersIntents = {
  refund: refundOrderAction,
  resend: resendConfirmationAction,
  note: addNoteAction,
} satisfies IntentHandlers;
