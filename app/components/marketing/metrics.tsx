import type { Metric } from "~/content/types";
import { cx } from "~/lib/class-names";

/** Columns on large screens: from small screens up there are two (`1`: one everywhere). */
const COLUMNS = {
  1: "grid-cols-1",
  2: "sm:grid-cols-2",
  3: "sm:grid-cols-2 lg:grid-cols-3",
  4: "sm:grid-cols-2 lg:grid-cols-4",
};

/** Figures such as "98% fewer successful breaches", large value first. */
export function Metrics({
  metrics,
  columns = 4,
  className,
}: {
  metrics: readonly Metric[];
  columns?: keyof typeof COLUMNS;
  className?: string;
}) {
  return (
    <dl className={cx("grid gap-6", COLUMNS[columns], className)}>
      {metrics.map((metric) => (
        <div key={metric.label} className="flex flex-col-reverse rounded-lg border bg-card p-6 text-card-foreground">
          <dt className="mt-1 text-sm text-muted-foreground">{metric.label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-primary">{metric.value}</dd>
        </div>
      ))}
    </dl>
  );
}
