/**
 * The table the harness prints its figures in (`npm run bench`, `npm run test:resilience`).
 */

/**
 * Prints rows under a header, each column as wide as its widest cell: the first column (a route)
 * reads left to right, the figures line up on the right.
 */
export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (row: string[]) =>
    row
      .map((text, column) => (column === 0 ? text.padEnd(widths[0] ?? 0) : text.padStart(widths[column] ?? 0)))
      .join("  ");
  console.log(`\n${line(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const row of rows) console.log(line(row));
}
