import { useLoaderData } from "react-router";
import { ListTab } from "~/components/cms/list-tab";
import { ORDER_STATUS_STYLE } from "~/components/cms/list-statuses";
import { ORDER_COLUMNS, OrderDetail, OrderRow } from "~/components/cms/orders-tab";
import { useHrefWith } from "~/components/cms/status-filter";
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
  const { orders, total, page, status, selected, error } = useLoaderData<typeof loader>();
  const hrefWith = useHrefWith();
  return (
    <ListTab
      id="orders"
      title="Orders"
      total={total}
      page={page}
      filter={{ style: ORDER_STATUS_STYLE, current: status }}
      exportHref="/cms/orders/export.csv"
      // Payments are confirmed by the provider a little after checkout: Refresh fetches the latest.
      refresh
      table={{
        columns: ORDER_COLUMNS,
        lastColumn: "Items",
        error,
        empty: orders.length === 0,
        emptyMessage: "No orders found.",
      }}
      detail={<OrderDetail selected={selected} closeHref={hrefWith({ selected: null })} />}
    >
      {orders.map((order) => (
        <OrderRow key={order.id} order={order} isSelected={selected?.id === order.id} />
      ))}
    </ListTab>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Orders | CMS" }];
