/**
 * `npm run bench:js`: the JavaScript a first visit to each public page downloads (gzip), beside
 * issue 19's budget of 130 KB, from the production build (built first when missing or older than
 * the sources). Exits 1 when a page is over the budget; tests/run.ts runs it after the build.
 *
 * Usage: npm run bench:js -- [--files]   (--files also lists each page's files and sizes)
 */
import { parseArgs } from "node:util";
import { printTable } from "../support/console-table";
import { FIRST_LOAD_BUDGET_BYTES, firstLoads, gzipSizer, readAssetsManifest } from "../support/first-load-js";
import { buildDir, ensureBuild } from "../support/production-build";

const { values } = parseArgs({ options: { files: { type: "boolean", default: false } } });
const kb = (bytes: number) => (bytes / 1024).toFixed(1);

ensureBuild();
const sizeOf = gzipSizer(buildDir);
const loads = firstLoads(readAssetsManifest(buildDir), sizeOf);
printTable(
  ["Route", "Address", "Files", "JS KB gzip", "Budget KB", ""],
  loads.map((load) => [
    load.routeId,
    load.address,
    String(load.files.length),
    kb(load.gzipBytes),
    kb(FIRST_LOAD_BUDGET_BYTES),
    load.gzipBytes > FIRST_LOAD_BUDGET_BYTES ? "OVER" : "ok",
  ]),
);
if (values.files) {
  for (const load of loads) {
    console.log(`\n${load.routeId}`);
    for (const file of load.files) console.log(`  ${kb(sizeOf(file)).padStart(6)}  ${file}`);
  }
}
const over = loads.filter((load) => load.gzipBytes > FIRST_LOAD_BUDGET_BYTES);
if (loads.length === 0) {
  console.error("\nNo public route was found in the assets manifest.");
  process.exit(1);
}
if (over.length > 0) {
  console.error(
    `\n${over.length} public page(s) load more than ${kb(FIRST_LOAD_BUDGET_BYTES)} KB of JavaScript first.`,
  );
  process.exit(1);
}
console.log(
  `\nEvery public page is within ${kb(FIRST_LOAD_BUDGET_BYTES)} KB (largest ${kb(Math.max(...loads.map((l) => l.gzipBytes)))} KB).`,
);
