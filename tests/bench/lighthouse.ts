/**
 * The bench's Lighthouse stage: `runs` fresh page loads of every route (default mobile settings,
 * simulated throttling) in one Chrome, one load at a time, then the report of lighthouse-report.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Result as LighthouseResult } from "lighthouse";
import { onCleanup } from "../support/cleanup";
import { projectRoot } from "../support/production-build";
import { auditRoute } from "./lighthouse-run";
import { printLighthouseTable, printMisses, printSummary, writeResults, type RouteRuns } from "./lighthouse-report";
import { sitemapPaths, warmUp } from "./server";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const resultsFile = path.join(projectRoot, "bench-results", "lighthouse.json");

/** A problem the developer fixes (no browser, failed build): the message alone, no stack. */
export class UsageError extends Error {}

/** Debian's Chromium is the only browser here: downloading one is neither possible nor wanted. */
function ensureChromium() {
  if (fs.existsSync(chromePath)) return;
  throw new UsageError(
    `Lighthouse needs Chromium at ${chromePath}, and it is missing. Install it with:\n\n` +
      `    apt-get install -y chromium\n\n` +
      `or set CHROME_PATH to another Chromium binary.`,
  );
}

/**
 * Checks Chromium and loads chrome-launcher before anything is built or started. chrome-launcher
 * comes with lighthouse, not as our own dependency, so this also checks that npm hoisted it.
 */
export async function prepareLighthouse() {
  ensureChromium();
  try {
    return await import("chrome-launcher");
  } catch {
    throw new UsageError(`chrome-launcher (installed with lighthouse) cannot be resolved; run "npm install".`);
  }
}

type ChromeLauncher = Awaited<ReturnType<typeof prepareLighthouse>>;

async function launchChrome(chromeLauncher: ChromeLauncher) {
  const chromeFlags = [
    "--headless=new",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
  ];
  // Chromium refuses to start its sandbox as root (containers, CI).
  if (process.getuid?.() === 0) chromeFlags.push("--no-sandbox");
  // handleSIGINT is off because our own handler stops Chrome and the server in order.
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, handleSIGINT: false, logLevel: "silent" });
  onCleanup(() => chrome.kill());
  return chrome;
}

/** Returns how many route targets were missed. */
export async function runLighthouseStage(
  chromeLauncher: ChromeLauncher,
  origin: string,
  paths: string[],
  runs: number,
): Promise<number> {
  const routePaths = paths.length > 0 ? paths : await sitemapPaths(origin);
  if (routePaths.length === 0) throw new Error("The sitemap lists no pages and no paths were given.");
  await warmUp(origin, routePaths);

  const loadBefore = os.loadavg();
  const chrome = await launchChrome(chromeLauncher);
  const routes: RouteRuns[] = routePaths.map((routePath) => ({ path: routePath, runs: [] }));
  let sample: LighthouseResult | undefined;
  // Round after round over all routes rather than each route's runs back to back: a spell of load
  // from other work on the machine then touches one run of many routes, not every run of one.
  for (let round = 1; round <= runs; round++) {
    for (const [index, route] of routes.entries()) {
      const started = Date.now();
      const label = runs > 1 ? `run ${round}/${runs}, ` : "";
      process.stdout.write(`▶ Lighthouse ${label}${index + 1}/${routes.length}: ${route.path} ... `);
      // One load at a time: parallel runs on one machine would skew each other's timings.
      let { route: run, lhr } = await auditRoute(origin, route.path, chrome.port);
      // Lighthouse now and then loses the trace of a load (NO_NAVSTART and the like): one more try.
      if (run.error) {
        process.stdout.write(`retrying (${run.error.split(":")[0]}) ... `);
        ({ route: run, lhr } = await auditRoute(origin, route.path, chrome.port));
      }
      console.log(run.error ? "failed" : `${((Date.now() - started) / 1000).toFixed(0)} s`);
      route.runs.push(run);
      sample ??= lhr;
    }
  }
  const loadAverage = { before: loadBefore, after: os.loadavg() };

  printLighthouseTable(routes);
  const missed = printMisses(routes);
  console.log(
    `Machine: ${os.cpus().length} CPU core(s); load average ${loadAverage.before.map((v) => v.toFixed(2)).join(" ")} ` +
      `before and ${loadAverage.after.map((v) => v.toFixed(2)).join(" ")} after (1, 5, 15 min).`,
  );
  writeResults(resultsFile, routes, sample, loadAverage);
  printSummary(routes, missed, resultsFile);
  return missed;
}
