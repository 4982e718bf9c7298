import { useEffect, useRef } from "react";
import { data, Link, redirect, useLoaderData, useRevalidator } from "react-router";
import { OrderSummary } from "~/components/checkout/order-summary";
import { useBasket } from "~/components/site/basket-provider";
import { Button } from "~/components/ui/button";
import type { OrderStatus } from "~/lib/enums";
import { pageMeta } from "~/lib/seo/meta";
import { getDb } from "~/server/platform/db/database.server";
import { orderReference } from "~/server/commerce/order-mail.server";
import { findOrder, listOrderItems } from "~/server/commerce/orders.server";
import type { Route } from "./+types/checkout-success";
import { isUuid } from "~/lib/schemas/id";
import { Icon } from "~/components/ui/icon";

/** How often, and for how long, the page asks again while a payment is being confirmed. */
const REFRESH_EVERY_MS = 3_000;
const REFRESH_FOR_MS = 3 * 60_000;

/**
 * Where the payment page sends the customer back. It shows the order as the server
 * knows it: the provider's confirmation (Stripe's webhook) may arrive a moment after the customer
 * does, so an order still waiting shows as being confirmed and the page checks again.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const orderId = new URL(request.url).searchParams.get("order") ?? "";
  const db = await getDb();
  const order = isUuid(orderId) ? await findOrder(db, orderId) : undefined;
  if (!order) throw data("Not found", { status: 404 });
  // A test-mode order is paid on its own page, at once; one still pending has not been paid yet.
  if (order.status === "pending" && order.provider === "test") throw redirect(`/checkout/test/${order.id}`);
  const items = await listOrderItems(db, order.id);
  return data(
    {
      reference: orderReference(order.id),
      status: order.status,
      currency: order.currency,
      total: order.total,
      lines: items.map(({ courseName, unitPrice }) => ({ courseName, unitPrice })),
    },
    // The status changes while the customer looks at it.
    { headers: { "Cache-Control": "no-store" } },
  );
}

const STATUS_TEXT: Record<OrderStatus, { title: string; message: string }> = {
  paid: {
    title: "Thank you! Your order is confirmed",
    message: "Your payment has been received and your places are booked. A confirmation is on its way to your e-mail.",
  },
  processing: {
    title: "Your payment is being confirmed",
    message:
      "Your bank is still confirming the payment. This page updates by itself, and we will e-mail you as soon as it is confirmed.",
  },
  pending: {
    title: "Your payment is being confirmed",
    message: "We are waiting for the payment provider to confirm your payment. This page updates by itself.",
  },
  failed: {
    title: "Your payment did not go through",
    message: "No money has been taken. Your basket still has your courses if you would like to try again.",
  },
  expired: {
    title: "This checkout has ended",
    message: "No money has been taken. Your basket still has your courses if you would like to try again.",
  },
  partially_refunded: {
    title: "Your order is confirmed",
    message: "Part of your payment has been refunded to your card. Contact us if you have any questions about it.",
  },
  refunded: {
    title: "This order has been refunded",
    message: "Your payment has been refunded in full to your card. Contact us if you have any questions about it.",
  },
};

export default function CheckoutSuccessPage() {
  const { reference, status, currency, total, lines } = useLoaderData<typeof loader>();
  const { clearBasket, hydrated } = useBasket();
  const revalidator = useRevalidator();
  const startedAt = useRef<number | null>(null);
  // Every status but pending and processing is final for this page (refunds come much later).
  const settled = status !== "pending" && status !== "processing";
  const confirmed = status === "paid" || status === "partially_refunded";
  const text = STATUS_TEXT[status];

  // The customer paid (or the payment is under way): what they bought leaves the basket.
  const boughtSomething = status === "paid" || status === "processing" || status === "pending";
  useEffect(() => {
    if (hydrated && boughtSomething) clearBasket();
  }, [hydrated, boughtSomething, clearBasket]);

  useEffect(() => {
    if (settled) return;
    startedAt.current ??= Date.now();
    if (Date.now() - startedAt.current > REFRESH_FOR_MS) return;
    const timer = window.setTimeout(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_EVERY_MS);
    return () => window.clearTimeout(timer);
  }, [settled, status, revalidator]);

  return (
    <div className="mx-auto max-w-2xl px-4 py-12 sm:px-6">
      <div className="flex items-start gap-4">
        <Icon
          name={confirmed ? "badge-check" : settled ? "x-circle" : "clock"}
          className={
            confirmed
              ? "size-10 shrink-0 text-green-700 dark:text-green-400"
              : settled
                ? "size-10 shrink-0 text-destructive"
                : "size-10 shrink-0 text-primary"
          }
        />
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{text.title}</h1>
          <p className="mt-1 text-muted-foreground">Order reference {reference}</p>
        </div>
      </div>
      <p role="status" data-testid="order-status" data-status={status} className="mt-6">
        {text.message}
      </p>

      <section aria-labelledby="order-summary-heading" className="mt-8">
        <h2 id="order-summary-heading" className="mb-3 text-lg font-semibold">
          Your order
        </h2>
        <OrderSummary
          lines={lines}
          total={total}
          currency={currency}
          totalLabel={status === "paid" ? "Total paid" : "Total"}
        />
      </section>

      <div className="mt-8 flex flex-wrap gap-3">
        {settled && !confirmed && status !== "refunded" ? (
          <Button asChild>
            <Link to="/basket">Return to your basket</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to="/training">Browse more courses</Link>
          </Button>
        )}
        <Button asChild variant="outline">
          <Link to="/contact">Questions? Contact us</Link>
        </Button>
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [
  ...pageMeta({ title: "Your order" }),
  { name: "robots", content: "noindex, nofollow" },
];
