/**
 * Small pieces the command-line scripts share (`npm run bench`, `npm run test:resilience`): a
 * free loopback port, and a table printed in columns.
 */
import net from "node:net";

/**
 * Asks the OS for a port nobody uses; the tiny race until a server binds it is acceptable here.
 * @returns {Promise<number>}
 */
export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Prints rows under a header, each column as wide as its widest cell: the first column (a route)
 * reads left to right, the figures line up on the right.
 * @param {string[]} header
 * @param {string[][]} rows
 */
export function printTable(header, rows) {
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? "").length)),
  );
  const line = (/** @type {string[]} */ row) =>
    row
      .map((text, column) => (column === 0 ? text.padEnd(widths[0] ?? 0) : text.padStart(widths[column] ?? 0)))
      .join("  ");
  console.log(`\n${line(header)}\n${widths.map((width) => "-".repeat(width)).join("  ")}`);
  for (const row of rows) console.log(line(row));
}
