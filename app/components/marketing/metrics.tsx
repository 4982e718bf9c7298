import type { Metric } from "~/content/types";
import { cn } from "~/lib/utils";

/** Figures such as "98% fewer successful breaches", large value first. */
export function Metrics({ metrics, className }: { metrics: readonly Metric[]; className?: string }) {
  return (
    <dl className={cn("grid gap-6 sm:grid-cols-2 lg:grid-cols-4", className)}>
      {metrics.map((metric) => (
        <div key={metric.label} className="flex flex-col-reverse rounded-lg border bg-card p-6 text-card-foreground">
          <dt className="mt-1 text-sm text-muted-foreground">{metric.label}</dt>
          <dd className="text-3xl font-bold tracking-tight text-primary">{metric.value}</dd>
        </div>
      ))}
    </dl>
  );
}
