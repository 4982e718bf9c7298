/**
 * The one module that imports the charting library (recharts, docs/decisions/024). It is loaded
 * lazily by ChartCard, so neither the public site nor the CMS's other tabs download it, and it
 * only runs in the browser: the page's numbers arrive as tables first.
 */
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartRow, ChartSeries } from "./dashboard-data";

/** Series colours: tokens the dashboard sets for each theme (dashboard-page.tsx), 3:1 or more against the card. */
const COLOURS = ["var(--chart-1)", "var(--chart-2)", "var(--chart-3)"];

const axisTick = { fill: "var(--muted-foreground)", fontSize: 12 };
const tooltipStyle = {
  backgroundColor: "var(--popover)",
  borderColor: "var(--border)",
  color: "var(--popover-foreground)",
};

export default function PeriodChart({
  kind,
  rows,
  series,
}: {
  kind: "bar" | "line";
  rows: readonly ChartRow[];
  series: readonly ChartSeries[];
}) {
  const data = rows.map((row) => ({ label: row.label, ...row.values }));
  // The chart is a picture for sighted readers; the table beside it is what assistive technology
  // reads, so recharts' own keyboard layer stays off (no focus inside an aria-hidden region).
  const common = { data, responsive: true, accessibilityLayer: false, style: { width: "100%", height: 240 } };
  const axes = (
    <>
      <CartesianGrid stroke="var(--border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={axisTick} stroke="var(--border)" minTickGap={16} />
      <YAxis allowDecimals={false} tick={axisTick} stroke="var(--border)" width={48} />
      <Tooltip contentStyle={tooltipStyle} cursor={{ fill: "var(--muted)" }} />
      <Legend wrapperStyle={{ color: "var(--foreground)", fontSize: 12 }} />
    </>
  );
  if (kind === "line") {
    return (
      <LineChart {...common}>
        {axes}
        {series.map((one, index) => (
          <Line
            key={one.key}
            type="monotone"
            dataKey={one.key}
            name={one.label}
            stroke={COLOURS[index % COLOURS.length]}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    );
  }
  return (
    <BarChart {...common}>
      {axes}
      {series.map((one, index) => (
        <Bar
          key={one.key}
          dataKey={one.key}
          name={one.label}
          fill={COLOURS[index % COLOURS.length]}
          isAnimationActive={false}
        />
      ))}
    </BarChart>
  );
}
