import { ScrollBox } from "../kit/scroll-box";
import type { ChartRow, ChartSeries } from "./dashboard-data";

/**
 * A chart's numbers as a table: what a screen reader reads instead of the picture, and what
 * anyone can switch to. `valueText` writes a cell (money in its currency); numbers by default.
 */
export function ChartTable({
  id,
  caption,
  rows,
  series,
  periodHeading,
  valueText = (_key, value) => String(value),
  visuallyHidden = false,
}: {
  id: string;
  caption: string;
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
  periodHeading: string;
  valueText?: (key: string, value: number, row: ChartRow) => string;
  /** Read by screen readers only (while the chart is shown): no scrolling box then, which would hold no focus. */
  visuallyHidden?: boolean;
}) {
  const table = (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead className="border-b text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 pr-4 font-medium">
            {periodHeading}
          </th>
          {series.map((one) => (
            <th key={one.key} scope="col" className="py-2 pr-4 text-right font-medium">
              {one.label}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.period} className="border-b last:border-0">
            <th scope="row" className="py-1.5 pr-4 font-normal whitespace-nowrap">
              {row.label}
            </th>
            {series.map((one) => (
              <td key={one.key} className="py-1.5 pr-4 text-right tabular-nums">
                {valueText(one.key, row.values[one.key] ?? 0, row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  return (
    <div id={id} className={visuallyHidden ? "sr-only" : "mt-4"}>
      {visuallyHidden ? table : <ScrollBox label={caption}>{table}</ScrollBox>}
    </div>
  );
}
