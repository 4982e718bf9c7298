import { DownloadIcon, RefreshCwIcon } from "lucide-react";
import { useLoaderData, useRevalidator } from "react-router";
import { DataTable } from "~/components/cms/data-table";
import { DetailPanel, SelectRowLink } from "~/components/cms/detail-panel";
import { Pagination } from "~/components/cms/pagination";
import { StatusBadge, StatusFilter, useHrefWith } from "~/components/cms/status-filter";
import { Button } from "~/components/ui/button";
import { formatPrice } from "~/lib/currency";
import { ORDER_STATUSES, type OrderStatus, type PaymentProvider } from "~/lib/enums";
import { PAGE_SIZE, pageFromSearch } from "~/lib/pagination";
import { cn } from "~/lib/utils";
import { requireAdmin } from "~/server/auth/guards.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { orderReference } from "~/server/commerce/order-mail.server";
import { countItemsByOrder, findOrderDetail, isOrderStatus, listOrders } from "~/server/commerce/orders.server";
import type { Route } from "./+types/orders";

export const meta: Route.MetaFunction = () => [{ title: "Orders | CMS" }];

const STATUS_LABELS: Record<OrderStatus, string> = {
  pending: "Pending",
  processing: "Processing",
  paid: "Paid",
  failed: "Failed",
  expired: "Expired",
};

/** The Badge tones keep AA contrast in both themes. */
const STATUS_TONES: Record<OrderStatus, "yellow" | "blue" | "green" | "red" | "gray"> = {
  pending: "yellow",
  processing: "blue",
  paid: "green",
  failed: "red",
  expired: "gray",
};

const PROVIDER_LABELS: Record<PaymentProvider, string> = { stripe: "Stripe", test: "Test mode" };

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Times as UK readers expect them, formatted once on the server so the browser shows the same. */
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});
/** Event times to the second: a webhook often follows the checkout within the same minute. */
const preciseTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "medium",
  timeZone: "Europe/London",
});
/** Exchange rates as stored (up to six decimals), without trailing zeros. */
const rateFormat = new Intl.NumberFormat("en-GB", { maximumFractionDigits: 6 });

function when(date: Date, format = dateTimeFormat) {
  return { iso: date.toISOString(), text: format.format(date) };
}

/** A payment event stores statuses as text; anything unexpected is shown as it was recorded. */
function statusLabel(status: string): string {
  return isOrderStatus(status) ? STATUS_LABELS[status] : status;
}

/**
 * One page of orders (newest first, optionally one status only) and, when `?selected=<id>` names
 * one, its frozen line items and the payment events that moved it, in the order they arrived.
 * The tab only reads: orders change through checkout and the payment providers, never here.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const statusParam = searchParams.get("status");
  const status = isOrderStatus(statusParam) ? statusParam : null;
  const page = pageFromSearch(searchParams);
  const selectedId = searchParams.get("selected");
  try {
    const db = await getDb();
    const [{ orders, total }, detail] = await Promise.all([
      listOrders(db, { status: status ?? undefined, page, pageSize: PAGE_SIZE }),
      selectedId && UUID_PATTERN.test(selectedId) ? findOrderDetail(db, selectedId) : undefined,
    ]);
    const itemCounts = await countItemsByOrder(
      db,
      orders.map((order) => order.id),
    );
    return {
      status,
      page,
      total,
      error: null,
      orders: orders.map((order) => ({
        id: order.id,
        reference: orderReference(order.id),
        created: when(order.createdAt),
        customerEmail: order.customerEmail,
        status: order.status,
        total: formatPrice(order.total, order.currency),
        currency: order.currency,
        items: itemCounts.get(order.id) ?? 0,
      })),
      selected: detail
        ? {
            id: detail.order.id,
            reference: orderReference(detail.order.id),
            status: detail.order.status,
            created: when(detail.order.createdAt),
            paid: detail.order.paidAt ? when(detail.order.paidAt) : null,
            customerEmail: detail.order.customerEmail,
            provider: PROVIDER_LABELS[detail.order.provider],
            providerSessionId: detail.order.providerSessionId,
            currency: detail.order.currency,
            total: formatPrice(detail.order.total, detail.order.currency),
            items: detail.items.map((item) => ({
              id: item.id,
              courseName: item.courseName,
              basePrice: formatPrice(item.basePrice, "GBP"),
              exchangeRate: rateFormat.format(item.exchangeRate),
              unitPrice: formatPrice(item.unitPrice, item.currency),
            })),
            events: detail.events.map((event) => ({
              id: event.id,
              at: when(event.createdAt, preciseTimeFormat),
              type: event.type,
              from: statusLabel(event.fromStatus),
              to: statusLabel(event.toStatus),
              changed: event.fromStatus !== event.toStatus,
              detail: event.detail,
            })),
          }
        : null,
    };
  } catch (error) {
    logger.error({ err: error }, "could not list orders");
    return { status, page, total: 0, error: "Failed to fetch orders", orders: [], selected: null };
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export default function OrdersTab() {
  const { orders, total, page, status, selected, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const hrefWith = useHrefWith();
  const refreshing = revalidator.state === "loading";
  return (
    <div className="grid gap-6">
      <section className="rounded-lg border bg-card p-6" aria-labelledby="orders-heading">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="orders-heading" className="text-lg font-semibold">
            Orders ({total})
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={`/cms/orders/export.csv${status ? `?status=${status}` : ""}`}
              download
              className="inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent"
            >
              <DownloadIcon aria-hidden="true" className="size-4" />
              Export CSV
            </a>
            {/* Payments are confirmed by the provider a little after checkout: this fetches the latest. */}
            <Button type="button" variant="outline" onClick={() => void revalidator.revalidate()} disabled={refreshing}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && "animate-spin")} />
              {refreshing ? "Refreshing..." : "Refresh"}
            </Button>
          </div>
        </div>
        <StatusFilter statuses={ORDER_STATUSES} current={status} labels={STATUS_LABELS} />
        <DataTable
          columns={["Reference", "Date", "Customer e-mail", "Status", "Total", "Currency"]}
          lastColumn="Items"
          error={error}
          empty={orders.length === 0}
          emptyMessage="No orders found."
          footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
        >
          {orders.map((order) => {
            const isSelected = selected?.id === order.id;
            return (
              <tr key={order.id} className={cn("border-b align-middle last:border-0", isSelected && "bg-muted")}>
                <td className="py-3 pr-4 font-medium">
                  <SelectRowLink id={order.id} isSelected={isSelected} className="font-mono">
                    {order.reference}
                  </SelectRowLink>
                </td>
                <td className="py-3 pr-4 whitespace-nowrap">
                  <time dateTime={order.created.iso}>{order.created.text}</time>
                </td>
                <td className="max-w-64 py-3 pr-4 break-all">{order.customerEmail ?? "—"}</td>
                <td className="py-3 pr-4">
                  <StatusBadge status={order.status} labels={STATUS_LABELS} tones={STATUS_TONES} />
                </td>
                <td className="py-3 pr-4 whitespace-nowrap tabular-nums">{order.total}</td>
                <td className="py-3 pr-4">{order.currency}</td>
                <td className="py-3 tabular-nums">{order.items}</td>
              </tr>
            );
          })}
        </DataTable>
      </section>
      <OrderDetail selected={selected} closeHref={hrefWith({ selected: null })} />
    </div>
  );
}

const cellClass = "py-2 pr-4 align-top";
const headerCellClass = "py-2 pr-4 font-medium";

function OrderDetail({ selected, closeHref }: { selected: LoaderData["selected"]; closeHref: string }) {
  return (
    <DetailPanel
      label="Order details"
      emptyText="Select an order to view details."
      closeHref={closeHref}
      selection={
        selected && {
          title: `Order ${selected.reference}`,
          subtitle: (
            <>
              Placed <time dateTime={selected.created.iso}>{selected.created.text}</time>
            </>
          ),
          badge: <StatusBadge status={selected.status} labels={STATUS_LABELS} tones={STATUS_TONES} />,
        }
      }
    >
      {selected ? (
        <>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
            <dt className="font-medium text-muted-foreground">Order id</dt>
            <dd className="font-mono break-all">{selected.id}</dd>
            <dt className="font-medium text-muted-foreground">Status</dt>
            <dd>{STATUS_LABELS[selected.status]}</dd>
            <dt className="font-medium text-muted-foreground">Created</dt>
            <dd>
              <time dateTime={selected.created.iso}>{selected.created.text}</time>
            </dd>
            <dt className="font-medium text-muted-foreground">Paid</dt>
            <dd>{selected.paid ? <time dateTime={selected.paid.iso}>{selected.paid.text}</time> : "Not paid"}</dd>
            <dt className="font-medium text-muted-foreground">Customer e-mail</dt>
            <dd className="break-all">
              {selected.customerEmail ? (
                <a href={`mailto:${selected.customerEmail}`} className="text-primary underline underline-offset-4">
                  {selected.customerEmail}
                </a>
              ) : (
                "Not known yet"
              )}
            </dd>
            <dt className="font-medium text-muted-foreground">Provider</dt>
            <dd>{selected.provider}</dd>
            <dt className="font-medium text-muted-foreground">Provider session</dt>
            <dd className="font-mono break-all">{selected.providerSessionId ?? "—"}</dd>
          </dl>

          <div className="mt-6 overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="mb-2 text-left text-sm font-medium text-muted-foreground">Line items</caption>
              <thead className="border-b text-muted-foreground">
                <tr>
                  <th scope="col" className={headerCellClass}>
                    Course
                  </th>
                  <th scope="col" className={headerCellClass}>
                    Base price (GBP)
                  </th>
                  <th scope="col" className={headerCellClass}>
                    Exchange rate (per £1)
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Unit price ({selected.currency})
                  </th>
                </tr>
              </thead>
              <tbody>
                {selected.items.map((item) => (
                  <tr key={item.id} className="border-b">
                    <td className={cellClass}>{item.courseName}</td>
                    <td className={cn(cellClass, "whitespace-nowrap tabular-nums")}>{item.basePrice}</td>
                    <td className={cn(cellClass, "tabular-nums")}>{item.exchangeRate}</td>
                    <td className="py-2 align-top whitespace-nowrap tabular-nums">{item.unitPrice}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <th scope="row" colSpan={3} className="py-2 pr-4 text-right font-semibold">
                    Total
                  </th>
                  <td className="py-2 font-semibold whitespace-nowrap tabular-nums">{selected.total}</td>
                </tr>
              </tfoot>
            </table>
          </div>

          {selected.events.length === 0 ? (
            <>
              <h3 className="mt-6 text-sm font-medium text-muted-foreground">Payment events</h3>
              <p className="mt-2 text-sm text-muted-foreground">No payment events yet.</p>
            </>
          ) : (
            <div className="mt-6 overflow-x-auto">
              <table className="w-full text-left text-sm">
                <caption className="mb-2 text-left text-sm font-medium text-muted-foreground">Payment events</caption>
                <thead className="border-b text-muted-foreground">
                  <tr>
                    <th scope="col" className={headerCellClass}>
                      Time
                    </th>
                    <th scope="col" className={headerCellClass}>
                      Event
                    </th>
                    <th scope="col" className={headerCellClass}>
                      Status
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      Detail
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {selected.events.map((event) => (
                    <tr key={event.id} className="border-b last:border-0">
                      <td className={cn(cellClass, "whitespace-nowrap")}>
                        <time dateTime={event.at.iso}>{event.at.text}</time>
                      </td>
                      <td className={cn(cellClass, "font-mono break-all")}>{event.type}</td>
                      <td className={cn(cellClass, "whitespace-nowrap")}>
                        {event.changed ? (
                          <>
                            {event.from} <span aria-hidden="true">→</span>
                            <span className="sr-only">to</span> {event.to}
                          </>
                        ) : (
                          `${event.to} (unchanged)`
                        )}
                      </td>
                      <td className="py-2 align-top break-words">{event.detail ?? "—"}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </DetailPanel>
  );
}
