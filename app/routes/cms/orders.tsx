import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/list-tab";
import { ORDERS_TAB } from "~/components/cms/orders-tab";
import { requireAdmin } from "~/server/auth/guards.server";
import { loadOrdersTab } from "./orders.server";
import type { Route } from "./+types/orders";

/**
 * One page of orders and, with `?selected=<id>`, one order's lines and payment events. The tab
 * only reads: orders change through checkout and the payment providers, never here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return loadOrdersTab(request);
}

export default function OrdersTab() {
  const { orders, ...data } = useLoaderData<typeof loader>();
  return <ListTab tab={ORDERS_TAB} data={data} rows={orders} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | CMS" }];
