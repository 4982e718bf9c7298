/**
 * "Resend confirmation" on an order in the CMS: the customer lost the e-mail, or it
 * bounced. The same confirmation the payment queued is queued again through the outbox (never
 * sent inline), and the resend is audited in the same transaction.
 */
import { auditedChange, type Actor } from "../platform/audit.server";
import { isUuid } from "../../lib/schemas/id";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { kickMailDelivery } from "../platform/mail/delivery.server";
import { findOrder, queueConfirmation } from "./orders.server";

export const RESEND_MESSAGES = {
  notFound: "This order no longer exists.",
  notPaid: "Only a paid order has a confirmation to send.",
  refunded: "This order has been refunded in full, so there is no booking to confirm.",
  noEmail: "This order has no customer e-mail address to send to.",
} as const;

/** Queues the order's confirmation again; answers the address it goes to. */
export async function resendConfirmation(db: Database, actor: Actor, orderId: string): Promise<{ to: string }> {
  const order = isUuid(orderId) ? await findOrder(db, orderId) : undefined;
  if (!order) throw new ExpectedError(RESEND_MESSAGES.notFound, { status: 404 });
  if (order.status === "refunded") throw new ExpectedError(RESEND_MESSAGES.refunded, { status: 409 });
  if (order.status !== "paid" && order.status !== "partially_refunded") {
    throw new ExpectedError(RESEND_MESSAGES.notPaid, { status: 409 });
  }
  const to = order.customerEmail;
  if (!to) throw new ExpectedError(RESEND_MESSAGES.noEmail, { status: 409 });
  await auditedChange(
    db,
    actor,
    (tx) => queueConfirmation(tx, order),
    () => ({ action: "order.resend_confirmation", entity: "orders", entityId: order.id, details: { to } }),
  );
  void kickMailDelivery();
  return { to };
}
