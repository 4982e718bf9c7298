import { formatPrice } from "~/lib/commerce/currency";

export interface OrderSummaryLine {
  courseName: string;
  unitPrice: number;
}

/** The courses of an order with their prices and the total, as the server priced and froze them. */
export function OrderSummary({
  lines,
  total,
  currency,
  totalLabel = "Total",
}: {
  lines: readonly OrderSummaryLine[];
  total: number;
  currency: string;
  totalLabel?: string;
}) {
  return (
    <dl className="divide-y rounded-lg border bg-card text-card-foreground">
      {lines.map((line, index) => (
        <div key={`${index}-${line.courseName}`} className="flex items-baseline justify-between gap-4 px-4 py-3">
          <dt>{line.courseName}</dt>
          <dd className="font-medium whitespace-nowrap">{formatPrice(line.unitPrice, currency)}</dd>
        </div>
      ))}
      <div className="flex items-baseline justify-between gap-4 bg-muted/50 px-4 py-3 text-lg font-semibold">
        <dt>{totalLabel}</dt>
        <dd data-testid="order-total" className="whitespace-nowrap">
          {formatPrice(total, currency)}
        </dd>
      </div>
    </dl>
  );
}
