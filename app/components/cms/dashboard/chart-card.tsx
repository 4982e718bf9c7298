import { lazy, Suspense, useId, useState } from "react";
import { useHydrated } from "~/components/cms/kit/use-hydrated";
import { Button } from "~/components/ui/button";
import { ChartTable } from "./chart-table";
import type { ChartRow, ChartSeries } from "./dashboard-data";

// Loaded on first use, so the charting library is its own chunk (docs/decisions/024).
const PeriodChart = lazy(() => import("./period-chart"));

/**
 * A dashboard card: a chart with its table alternative. The server (and a browser without
 * JavaScript) shows the table; once hydrated the chart replaces it on screen while the table stays
 * for screen readers (visually hidden), and "Show table" brings it back into view.
 */
export function ChartCard({
  title,
  description,
  kind = "bar",
  rows,
  series,
  periodHeading,
  valueText,
  chartSeries = series,
}: {
  title: string;
  description?: string;
  kind?: "bar" | "line";
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  periodHeading: string;
  valueText?: (key: string, value: number, row: ChartRow) => string;
  /** The series drawn, when the table has more columns than the chart has (orders beside revenue). */
  chartSeries?: readonly ChartSeries[];
}) {
  const id = useId();
  const hydrated = useHydrated();
  const [tableShown, setTableShown] = useState(false);
  const chartShown = hydrated && !tableShown;
  return (
    <section aria-labelledby={`${id}-heading`} className="min-w-0 rounded-lg border bg-card p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="text-base font-semibold">
          {title}
        </h3>
        {hydrated ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setTableShown((shown) => !shown)}>
            {tableShown ? "Show chart" : "Show table"}
          </Button>
        ) : null}
      </div>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      {chartShown ? (
        <div aria-hidden="true" className="mt-4 h-60 min-w-0" data-testid="dashboard-chart">
          <Suspense fallback={<p className="text-sm text-muted-foreground">Loading chart</p>}>
            <PeriodChart kind={kind} rows={rows} series={chartSeries} />
          </Suspense>
        </div>
      ) : null}
      <ChartTable
        id={`${id}-table`}
        caption={title}
        rows={rows}
        series={series}
        periodHeading={periodHeading}
        valueText={valueText}
        visuallyHidden={chartShown}
      />
    </section>
  );
}
