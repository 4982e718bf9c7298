import { useId, type ReactNode } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import type { OrderStatus } from "~/lib/enums";
import { cn } from "~/lib/utils";
import type { OrderDetailView, OrderRowView } from "~/routes/cms/orders.server";
import { Detail, DetailList, DetailPanel, SelectRowLink, Time } from "../kit/detail-panel";
import { ListRow, StatusCell, TimeCell, type ListRowProps, type ListTabConfig } from "../kit/list-tab";
import { ORDER_STATUS_STYLE } from "../kit/list-statuses";
import { CsrfInput } from "../kit/csrf-input";
import { OrderNotes } from "./order-notes";
import { OrderRefundForm } from "./order-refund-form";
import { ScrollBox } from "../kit/scroll-box";

export const ORDERS_TAB: ListTabConfig<OrderRowView, OrderDetailView, OrderStatus> = {
  id: "orders",
  title: "Orders",
  statusStyle: ORDER_STATUS_STYLE,
  exportHref: "/cms/orders/export.csv",
  // Payments are confirmed by the provider a little after checkout: Refresh fetches the latest.
  refresh: true,
  columns: ["Reference", "Date", "Customer e-mail", "Status", "Total", "Currency"],
  lastColumn: "Items",
  emptyMessage: "No orders found.",
  Row: OrderRow,
  detail: { label: "Order details", emptyText: "Select an order to view details.", Panel: OrderDetail },
};

/** One order in the list; its reference opens it in the detail panel. */
function OrderRow({ row: order, isSelected }: ListRowProps<OrderRowView>) {
  return (
    <ListRow selected={isSelected}>
      <td className="py-3 pr-4 font-medium">
        <SelectRowLink id={order.id} isSelected={isSelected} className="font-mono">
          {order.reference}
        </SelectRowLink>
      </td>
      <TimeCell value={order.created} />
      <td className="max-w-64 py-3 pr-4 break-all">{order.customerEmail ?? "—"}</td>
      <StatusCell status={order.status} style={ORDER_STATUS_STYLE} />
      <td className="py-3 pr-4 whitespace-nowrap tabular-nums">{order.total}</td>
      <td className="py-3 pr-4">{order.currency}</td>
      <td className="py-3 tabular-nums">{order.items}</td>
    </ListRow>
  );
}

const cellClass = "py-2 pr-4 align-top";
const headerCellClass = "py-2 pr-4 font-medium";

/** A small table of the detail panel: a caption, four column headings (the last without padding), rows. */
function DetailTable({
  caption,
  headings,
  footer,
  children,
}: {
  caption: string;
  headings: readonly [ReactNode, ReactNode, ReactNode, ReactNode];
  footer?: ReactNode;
  children: ReactNode;
}) {
  return (
    <ScrollBox label="Orders" className="mt-6">
      <table className="w-full text-left text-sm">
        <caption className="mb-2 text-left text-sm font-medium text-muted-foreground">{caption}</caption>
        <thead className="border-b text-muted-foreground">
          <tr>
            {headings.map((heading, index) => (
              <th key={index} scope="col" className={index < 3 ? headerCellClass : "py-2 font-medium"}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer}
      </table>
    </ScrollBox>
  );
}

function LineItems({ order }: { order: OrderDetailView }) {
  return (
    <DetailTable
      caption="Line items"
      headings={["Course", "Base price (GBP)", "Exchange rate (per £1)", `Unit price (${order.currency})`]}
      footer={
        <tfoot>
          <tr>
            <th scope="row" colSpan={3} className="py-2 pr-4 text-right font-semibold">
              Total
            </th>
            <td className="py-2 font-semibold whitespace-nowrap tabular-nums">{order.total}</td>
          </tr>
        </tfoot>
      }
    >
      {order.items.map((item) => (
        <tr key={item.id} className="border-b">
          <td className={cellClass}>{item.courseName}</td>
          <td className={cn(cellClass, "whitespace-nowrap tabular-nums")}>{item.basePrice}</td>
          <td className={cn(cellClass, "tabular-nums")}>{item.exchangeRate}</td>
          <td className="py-2 align-top whitespace-nowrap tabular-nums">{item.unitPrice}</td>
        </tr>
      ))}
    </DetailTable>
  );
}

function PaymentEvents({ events }: { events: OrderDetailView["events"] }) {
  if (events.length === 0) {
    return (
      <>
        <h3 className="mt-6 text-sm font-medium text-muted-foreground">Payment events</h3>
        <p className="mt-2 text-sm text-muted-foreground">No payment events yet.</p>
      </>
    );
  }
  return (
    <DetailTable caption="Payment events" headings={["Time", "Event", "Status", "Detail"]}>
      {events.map((event) => (
        <tr key={event.id} className="border-b last:border-0">
          <td className={cn(cellClass, "whitespace-nowrap")}>
            <Time value={event.at} />
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
    </DetailTable>
  );
}

function Refunds({ refunds }: { refunds: OrderDetailView["refunds"] }) {
  if (refunds.length === 0) return null;
  return (
    <DetailTable caption="Refunds" headings={["Time", "Amount", "Status", "By"]}>
      {refunds.map((refund) => (
        <tr key={refund.id} className="border-b last:border-0">
          <td className={cn(cellClass, "whitespace-nowrap")}>
            <Time value={refund.at} />
          </td>
          <td className={cn(cellClass, "whitespace-nowrap tabular-nums")}>{refund.amount}</td>
          <td className={cellClass}>{refund.status}</td>
          <td className="py-2 align-top break-all">{refund.by}</td>
        </tr>
      ))}
    </DetailTable>
  );
}

/** Resend confirmation: the customer's confirmation e-mail queued again in the outbox. */
function ResendConfirmation({ order }: { order: OrderDetailView }) {
  const fetcher = useFetcher();
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post">
      <CsrfInput />
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={order.id} />
      <Button type="submit" variant="outline" disabled={busy}>
        {busy ? "Queueing..." : "Resend confirmation e-mail"}
      </Button>
    </fetcher.Form>
  );
}

/** What an administrator may do with the order: refund it, resend its confirmation. */
function OrderActions({ order }: { order: OrderDetailView }) {
  const headingId = useId();
  if (!order.refundable && !order.canResend) return null;
  return (
    <section aria-labelledby={headingId} className="mt-6 grid gap-4 rounded-md border p-4">
      <h3 id={headingId} className="text-sm font-medium text-muted-foreground">
        Actions
      </h3>
      {order.canResend ? <ResendConfirmation order={order} /> : null}
      {order.refundable ? (
        <OrderRefundForm
          orderId={order.id}
          reference={order.reference}
          currency={order.currency}
          left={order.refundable}
          refundsSeen={order.refunds.length}
        />
      ) : null}
    </section>
  );
}

/** The selected order: its facts, lines, payment events and refunds, what can be done, its notes. */
function OrderDetail({ selected }: { selected: OrderDetailView }) {
  return (
    <DetailPanel
      title={`Order ${selected.reference}`}
      subtitle={
        <>
          Placed <Time value={selected.created} />
        </>
      }
      status={selected.status}
      statusStyle={ORDER_STATUS_STYLE}
    >
      <DetailList className="sm:grid-cols-[10rem_1fr]">
        <Detail term="Order id" className="font-mono break-all">
          {selected.id}
        </Detail>
        <Detail term="Status">{ORDER_STATUS_STYLE.labels[selected.status]}</Detail>
        <Detail term="Created">
          <Time value={selected.created} />
        </Detail>
        <Detail term="Paid">{selected.paid ? <Time value={selected.paid} /> : "Not paid"}</Detail>
        {selected.hasRefunds ? (
          <Detail term="Refunded" className="tabular-nums">
            {selected.amountRefunded} of {selected.total}
          </Detail>
        ) : null}
        <Detail term="Customer e-mail" className="break-all">
          {selected.customerEmail ? (
            <a href={`mailto:${selected.customerEmail}`} className="text-primary underline underline-offset-4">
              {selected.customerEmail}
            </a>
          ) : (
            "Not known yet"
          )}
        </Detail>
        <Detail term="Provider">{selected.provider}</Detail>
        <Detail term="Provider session" className="font-mono break-all">
          {selected.providerSessionId ?? "—"}
        </Detail>
      </DetailList>
      <OrderActions order={selected} />
      <LineItems order={selected} />
      <PaymentEvents events={selected.events} />
      <Refunds refunds={selected.refunds} />
      <OrderNotes orderId={selected.id} notes={selected.notes} />
    </DetailPanel>
  );
}
