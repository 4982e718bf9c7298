import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/kit/list-tab";
import { ORDERS_TAB } from "~/components/cms/orders/orders-tab";
import { requirePermission } from "~/server/auth/guards.server";
import { paymentsInTestMode } from "~/server/commerce/test-payments.server";
import { runCmsAction } from "./cms-action.server";
import { loadOrdersTab, ORDER_ACTION_FAILED, ordersIntents } from "./orders.server";
import type { Route } from "./+types/orders";

/**
 * One page of orders and, with `?selected=<id>`, one order's lines, payment events, refunds and
 * notes. Payments change orders through checkout and the providers; here an administrator refunds,
 * resends the confirmation and keeps notes.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "orders.view");
  return { ...(await loadOrdersTab(request)), testMode: paymentsInTestMode() };
}

/** Intents "refund", "resend" and "note", each audited. */
export async function action({ request }: Route.ActionArgs) {
  return runCmsAction(
    request,
    { permission: "orders.manage", failureMessage: ORDER_ACTION_FAILED, keepValues: true },
    ordersIntents,
  );
}

export default function OrdersTab() {
  const { orders, testMode, ...data } = useLoaderData<typeof loader>();
  return (
    <ListTab
      tab={ORDERS_TAB}
      data={data}
      rows={orders}
      intro={
        testMode ? (
          // Always on screen while it holds: a live site taking no money must not go unnoticed.
          <p className="mt-4 rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50">
            <strong>Test mode:</strong> no payment provider is configured (STRIPE_SECRET_KEY), so checkout uses the
            built-in test page and takes no money. Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real
            payments.
          </p>
        ) : null
      }
    />
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | CMS" }];
