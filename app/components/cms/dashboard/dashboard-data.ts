/**
 * What the dashboard's loader hands its components (routes/cms/dashboard.server.ts builds it):
 * plain numbers and texts already formatted on the server, so the chart and its table agree.
 */

/** One row of a chart and of its table: the period's label, then one number per series. */
export interface ChartRow {
  /** The period, machine-readable: a week's Monday (YYYY-MM-DD) or a month (YYYY-MM). */
  period: string;
  /** The period as a person reads it: "w/c 2 Mar 2026", "Mar 2026". */
  label: string;
  values: Record<string, number>;
}

/** One series of a chart: the key of its numbers in `values`, its name, and its colour's token. */
export interface ChartSeries {
  key: string;
  label: string;
}

export interface CurrencyOrdersView {
  currency: string;
  totalOrders: number;
  totalRevenue: string;
  rows: ChartRow[];
  /** Each month's revenue as text in its currency ("£1,299.50"), by period. */
  revenueText: Record<string, string>;
}

export interface DateRangeView {
  from: string;
  to: string;
  preset: string | null;
  error: string | null;
  presets: { id: string; label: string; href: string }[];
}

export interface DashboardView {
  range: DateRangeView;
  /** Set when the figures could not be read; the page still shows the range picker. */
  error: string | null;
  submissions: ChartRow[];
  consents: ChartRow[];
  orders: CurrencyOrdersView[];
  questions: { question: string; timesAsked: number; lastAsked: { iso: string; text: string } }[];
  scheduled: { id: string; title: string; action: string; runAt: { iso: string; text: string }; href: string }[];
  outbox: { pending: number; failed: number; oldestPending: { iso: string; text: string } | null };
}
