/**
 * `npm run bench`: the production build under load, and the way a visitor's phone sees it.
 *
 * Builds the app when the build is missing or older than the sources, starts `node server.js` on a
 * free loopback port with a fresh temporary database (the demo content), then runs two stages:
 *
 * - load (tests/bench/load.ts): autocannon against a few pages, each beside the same bytes served
 *   as a static file, with latency percentiles and the server's memory; bench-results/load.json.
 * - Lighthouse with its default (mobile, simulated throttling) settings on every page of
 *   /sitemap.xml. One Chrome serves every run, one route after the other, each a fresh page load
 *   with cleared storage; bench-results/lighthouse.json.
 *
 * Paths on the command line limit both stages to them. Each stage prints a table and the targets
 * that were missed.
 *
 * Usage: npm run bench -- [--load] [--lighthouse] [--check] [--build] [--help] [/path ...]
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse, { type Result as LighthouseResult } from "lighthouse";
import { onCleanup, runCleanly, wasInterrupted } from "../support/cleanup";
import { printTable } from "../support/console-table";
import { freePort } from "../support/free-port";
import { buildDir, ensureBuild, projectRoot } from "../support/production-build";
import { DEFAULT_LOAD_PATHS, LOAD_TARGETS, runLoadStage } from "./load";

interface FailingAudit {
  id: string;
  title: string;
  score: number;
  displayValue?: string;
  /** The first rows of the audit's table (which requests, elements or console messages). */
  items?: unknown[];
}

interface RouteResult {
  path: string;
  url: string;
  finalUrl?: string;
  /** category id -> 0-100, null when Lighthouse could not score it */
  scores: Record<string, number | null>;
  metrics: {
    lcpMs: number | null;
    tbtMs: number | null;
    cls: number | null;
    fcpMs: number | null;
    speedIndexMs: number | null;
  };
  transferBytes: { script: number | null; total: number | null };
  /** category id -> audits that did not pass */
  failingAudits: Record<string, FailingAudit[]>;
  warnings: string[];
  /** why the route could not be measured */
  error?: string;
}

interface Target {
  label: string;
  /** how the target reads in the output */
  goal: string;
  value: (route: RouteResult) => number | null;
  met: (value: number) => boolean;
  format: (value: number) => string;
  /** the Lighthouse category whose failing audits explain a miss */
  category?: string;
}

const USAGE = `Usage: npm run bench -- [options] [/path ...]

Measures the production build on a local server with a fresh demo database, in two stages (both
unless one is named):

  load        autocannon on ${DEFAULT_LOAD_PATHS.join(", ")} and the first /content/ page of the
              sitemap, each beside the same HTML served as a static file in the same run: requests
              per second, p50 and p99 latency, errors, non-2xx, and the server's RSS idle and under load
  lighthouse  Lighthouse (default mobile settings) on every page of /sitemap.xml

With paths, both stages measure only those.

Options:
  --load             run the load stage only
  --lighthouse       run the Lighthouse stage only
  --connections <n>  concurrent connections of the load stage (default 50)
  --duration <s>     length of each measured load run in seconds (default 10; each has a warm-up
                     of a third of it, at least 2 s)
  --check            exit non-zero when any target is missed
  --build            rebuild the app first even when the build looks up to date
  --help             print this help

Targets: load: every page >= ${LOAD_TARGETS.minRatio} of the static file's requests per second, p99 < ${LOAD_TARGETS.maxP99Ms} ms, no
errors or non-2xx. Lighthouse: Performance >= 95, Accessibility, Best Practices and SEO 100,
CLS < 0.02, JavaScript <= 160 KB transferred (1 KB = 1024 bytes, compressed as served).

Environment: BUILD_DIR (default "build"), CHROME_PATH (default /usr/bin/chromium).
Results: bench-results/load.json, bench-results/lighthouse.json`;

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
const resultsFile = path.join(projectRoot, "bench-results", "lighthouse.json");
const loadResultsFile = path.join(projectRoot, "bench-results", "load.json");

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const KB = 1024;
/** Audits that never pass or fail, so they say nothing about why a category missed. */
const UNSCORED_MODES = new Set(["informative", "notApplicable", "manual"]);
const SERVER_START_TIMEOUT_MS = 90_000;
const SERVER_STOP_TIMEOUT_MS = 15_000;
const MAX_DETAIL_ROWS = 10;

const rounded = (value: number) => String(Math.round(value));

const TARGETS: Target[] = [
  categoryTarget("Performance", "performance", 95),
  categoryTarget("Accessibility", "accessibility", 100),
  categoryTarget("Best Practices", "best-practices", 100),
  categoryTarget("SEO", "seo", 100),
  {
    label: "CLS",
    goal: "< 0.02",
    value: (route) => route.metrics.cls,
    met: (value) => value < 0.02,
    format: (value) => value.toFixed(3),
  },
  {
    label: "JavaScript",
    goal: "<= 160 KB",
    value: (route) => route.transferBytes.script,
    met: (value) => value <= 160 * KB,
    format: (value) => `${(value / KB).toFixed(1)} KB`,
  },
];

function categoryTarget(label: string, category: string, minimum: number): Target {
  return {
    label,
    goal: minimum === 100 ? "100" : `>= ${minimum}`,
    value: (route) => route.scores[category] ?? null,
    met: (value) => value >= minimum,
    format: rounded,
    category,
  };
}

// ---------------------------------------------------------------------------------------------
// Preconditions and build

function parseOptions() {
  const { values, positionals } = parseArgs({
    options: {
      load: { type: "boolean", default: false },
      lighthouse: { type: "boolean", default: false },
      connections: { type: "string", default: "50" },
      duration: { type: "string", default: "10" },
      check: { type: "boolean", default: false },
      build: { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    allowPositionals: true,
  });
  return {
    ...values,
    connections: positiveInteger("--connections", values.connections),
    duration: positiveInteger("--duration", values.duration),
    // Neither named means both.
    stages: { load: values.load || !values.lighthouse, lighthouse: values.lighthouse || !values.load },
    paths: positionals.map(toPath),
  };
}

function positiveInteger(option: string, text: string): number {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${option} takes a whole number of 1 or more, not "${text}"`);
  return value;
}

/** Accepts "/about", "about" or a full URL; only the path and query are kept. */
function toPath(input: string): string {
  if (/^https?:\/\//.test(input)) {
    const url = new URL(input);
    return url.pathname + url.search;
  }
  return input.startsWith("/") ? input : `/${input}`;
}

/** Debian's Chromium is the only browser here: downloading one is neither possible nor wanted. */
function ensureChromium() {
  if (fs.existsSync(chromePath)) return;
  throw new UsageError(
    `Lighthouse needs Chromium at ${chromePath}, and it is missing. Install it with:\n\n` +
      `    apt-get install -y chromium\n\n` +
      `or set CHROME_PATH to another Chromium binary.`,
  );
}

/** chrome-launcher comes with lighthouse, not as our own dependency, so check that npm hoisted it. */
async function loadChromeLauncher() {
  try {
    return await import("chrome-launcher");
  } catch {
    throw new UsageError(`chrome-launcher (installed with lighthouse) cannot be resolved; run "npm install".`);
  }
}

// ---------------------------------------------------------------------------------------------
// The production server

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts `node server.js` in production mode on a fresh database in a temporary directory, which is
 * deleted at the end. Resolves with the server's origin and process id once /healthz answers.
 */
async function startServer(): Promise<{ origin: string; pid: number }> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-bench-"));
  onCleanup(() => fs.rmSync(tempDir, { recursive: true, force: true }));
  const logFile = path.join(tempDir, "server.log");
  const log = fs.openSync(logFile, "a");

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: projectRoot,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(tempDir, "data"),
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      SEED_ON_START: "true",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Empty means "not set" to the app, and a set variable is not overridden by a .env file: the
      // bench always measures the self-contained site (embedded database, local files), never
      // outside services that would add their own latency or be unreachable.
      DATABASE_URL: "",
      S3_BUCKET: "",
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      OPENAI_API_KEY: "",
    },
  });
  fs.closeSync(log);
  onCleanup(async () => {
    child.kill("SIGTERM"); // the server finishes requests in flight and closes the database
    if (!(await waitForExit(child, SERVER_STOP_TIMEOUT_MS))) child.kill("SIGKILL");
  });

  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} during start-up:\n${tail(logFile, 30)}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return { origin, pid: child.pid! };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer /healthz within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${tail(logFile, 30)}`,
  );
}

function decodeXmlEntities(text: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => entities[name] ?? "");
}

/** Every page of the sitemap, as a path on the local server whatever origin the sitemap names. */
async function sitemapPaths(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/sitemap.xml`);
  if (!response.ok) throw new Error(`GET /sitemap.xml answered ${response.status}`);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((match) => decodeXmlEntities(match[1] ?? ""));
  return [...new Set(locs.map(toPath))];
}

/**
 * Requests every route once before measuring. The first render after start-up compiles code and
 * fills caches (seconds, against tens of milliseconds afterwards), which a running site has long
 * done; without this the first route measured would pay for it. Also reports routes that do not
 * answer 200, which Lighthouse would only fail on later.
 */
async function warmUp(origin: string, routePaths: string[]): Promise<void> {
  for (const routePath of routePaths) {
    const response = await fetch(origin + routePath);
    await response.arrayBuffer();
    if (!response.ok) console.warn(`  warning: GET ${routePath} answered ${response.status}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

type ChromeLauncher = Awaited<ReturnType<typeof loadChromeLauncher>>;

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

function numericValue(lhr: LighthouseResult, id: string): number | null {
  return lhr.audits[id]?.numericValue ?? null;
}

/**
 * Bytes transferred (compressed, as served), for scripts and in total. Lighthouse 12 summarises them
 * in the hidden resource-summary audit; where that is absent (it is being retired upstream), the
 * network-requests audit lists every request to add up.
 */
function transferBytes(lhr: LighthouseResult): RouteResult["transferBytes"] {
  const items = (id: string) => {
    const details = lhr.audits[id]?.details;
    return details && details.type === "table" ? (details.items as unknown as Array<Record<string, unknown>>) : null;
  };
  const size = (item: Record<string, unknown> | undefined) =>
    typeof item?.transferSize === "number" ? item.transferSize : 0;

  const summary = items("resource-summary");
  if (summary) {
    return {
      script: size(summary.find((item) => item.resourceType === "script")),
      total: size(summary.find((item) => item.resourceType === "total")),
    };
  }
  const requests = items("network-requests");
  if (!requests) return { script: null, total: null };
  const sum = (list: Array<Record<string, unknown>>) => list.reduce((bytes, item) => bytes + size(item), 0);
  return { script: sum(requests.filter((item) => item.resourceType === "Script")), total: sum(requests) };
}

/**
 * The first rows of an audit's table or opportunity list, kept in the JSON so that a failure can be
 * traced to a request, an element or a console message without re-running Lighthouse.
 */
function detailRows(details: LighthouseResult["audits"][string]["details"]): { items?: unknown[] } {
  if (!details || (details.type !== "table" && details.type !== "opportunity")) return {};
  return details.items.length > 0 ? { items: details.items.slice(0, MAX_DETAIL_ROWS) } : {};
}

/**
 * The audits of a category that did not fully pass, worst first. Informative, not-applicable and
 * manual audits have no pass or fail, so they are left out, and so are the "hidden" ones (such as
 * Time to Interactive) that Lighthouse's own report does not show either.
 */
function failingAudits(lhr: LighthouseResult, categoryId: string): FailingAudit[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.group !== "hidden")
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit !== undefined)
    .filter((audit) => !UNSCORED_MODES.has(audit.scoreDisplayMode))
    .filter((audit) => typeof audit.score === "number" && audit.score < 1)
    .map((audit) => ({
      id: audit.id,
      title: audit.title,
      score: audit.score as number,
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...detailRows(audit.details),
    }))
    .sort((a, b) => a.score - b.score);
}

/**
 * One fresh page load of one route, with Lighthouse's defaults: the mobile form factor and
 * simulated throttling, storage cleared before the load. `port` is Chrome's debugging port.
 */
async function auditRoute(
  origin: string,
  routePath: string,
  port: number,
): Promise<{ route: RouteResult; lhr?: LighthouseResult }> {
  const url = origin + routePath;
  const route: RouteResult = {
    path: routePath,
    url,
    scores: {},
    metrics: { lcpMs: null, tbtMs: null, cls: null, fcpMs: null, speedIndexMs: null },
    transferBytes: { script: null, total: null },
    failingAudits: {},
    warnings: [],
  };
  let lhr;
  try {
    const result = await lighthouse(url, { port, logLevel: "error", onlyCategories: CATEGORIES });
    lhr = result?.lhr;
  } catch (error) {
    if (wasInterrupted()) throw error; // Chrome was stopped on purpose: no result to report
    route.error = error instanceof Error ? error.message : String(error);
    return { route };
  }
  if (!lhr) {
    route.error = "Lighthouse returned no result";
    return { route };
  }
  route.finalUrl = lhr.finalDisplayedUrl;
  route.warnings = lhr.runWarnings.map(String);
  if (lhr.runtimeError) route.error = `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`;
  for (const id of CATEGORIES) {
    const score = lhr.categories[id]?.score;
    route.scores[id] = typeof score === "number" ? Math.round(score * 100) : null;
    route.failingAudits[id] = failingAudits(lhr, id);
  }
  route.metrics = {
    lcpMs: numericValue(lhr, "largest-contentful-paint"),
    tbtMs: numericValue(lhr, "total-blocking-time"),
    cls: numericValue(lhr, "cumulative-layout-shift"),
    fcpMs: numericValue(lhr, "first-contentful-paint"),
    speedIndexMs: numericValue(lhr, "speed-index"),
  };
  route.transferBytes = transferBytes(lhr);
  return { route, lhr };
}

// ---------------------------------------------------------------------------------------------
// Report

const cell = (value: number | null, format: (value: number) => string) => (value === null ? "-" : format(value));

function printLighthouseTable(routes: RouteResult[]): void {
  const header = ["Route", "Perf", "A11y", "BP", "SEO", "LCP ms", "TBT ms", "CLS", "JS KB", "Total KB"];
  const rows = routes.map((route) => [
    route.path,
    ...CATEGORIES.map((id) => cell(route.scores[id] ?? null, rounded)),
    cell(route.metrics.lcpMs, rounded),
    cell(route.metrics.tbtMs, rounded),
    cell(route.metrics.cls, (value) => value.toFixed(3)),
    cell(route.transferBytes.script, (value) => (value / KB).toFixed(1)),
    cell(route.transferBytes.total, (value) => (value / KB).toFixed(1)),
  ]);
  printTable(header, rows);
}

/** Every target a route missed; a value Lighthouse could not measure counts as a miss. */
function missesOf(route: RouteResult): { target: Target; value: number | null }[] {
  return TARGETS.flatMap((target) => {
    const value = target.value(route);
    if (value !== null && target.met(value)) return [];
    return [{ target, value }];
  });
}

/** Prints every miss; returns how many targets were missed. */
function printMisses(routes: RouteResult[]): number {
  let count = 0;
  console.log("");
  for (const route of routes) {
    if (route.error) console.log(`${route.path}: could not be measured: ${route.error}`);
    for (const { target, value } of missesOf(route)) {
      count += 1;
      const shown = value === null ? "not measured" : target.format(value);
      console.log(`${route.path}: ${target.label} ${shown}, target ${target.goal}`);
      // Why a category missed: its audits that did not pass.
      for (const audit of target.category ? (route.failingAudits[target.category] ?? []) : []) {
        const detail = audit.displayValue ? ` (${audit.displayValue})` : "";
        console.log(`    - ${audit.title}${detail} [score ${audit.score.toFixed(2)}]`);
      }
    }
  }
  return count;
}

function printSummary(routes: RouteResult[], missed: number): void {
  const failedRoutes = routes.filter((route) => route.error || missesOf(route).length > 0).length;
  if (missed === 0) {
    console.log(`All targets met on ${routes.length} route(s).`);
  } else {
    console.log(`\n${missed} target(s) missed on ${failedRoutes} of ${routes.length} route(s).`);
  }
  console.log(`Full results: ${path.relative(projectRoot, resultsFile)}`);
}

/**
 * `sample` is any one run, for the settings; `loadAverage` the machine's, around the stage.
 */
function writeResults(
  routes: RouteResult[],
  sample: LighthouseResult | undefined,
  loadAverage: { before: number[]; after: number[] },
): void {
  const document = {
    generatedAt: new Date().toISOString(),
    machine: { cpus: os.cpus().length, loadAverageBefore: loadAverage.before, loadAverageAfter: loadAverage.after },
    lighthouseVersion: sample?.lighthouseVersion ?? null,
    userAgent: sample?.environment.hostUserAgent ?? null,
    settings: sample
      ? {
          formFactor: sample.configSettings.formFactor,
          throttlingMethod: sample.configSettings.throttlingMethod,
          throttling: sample.configSettings.throttling,
        }
      : null,
    targets: Object.fromEntries(TARGETS.map((target) => [target.label, target.goal])),
    routes: routes.map((route) => ({
      ...route,
      missedTargets: missesOf(route).map(({ target, value }) => ({
        target: target.label,
        goal: target.goal,
        value,
        shown: value === null ? null : target.format(value),
      })),
    })),
  };
  fs.mkdirSync(path.dirname(resultsFile), { recursive: true });
  fs.writeFileSync(resultsFile, `${JSON.stringify(document, null, 2)}\n`);
}

// ---------------------------------------------------------------------------------------------

/** A problem the developer fixes (no browser, failed build): the message alone, no stack. */
class UsageError extends Error {}

async function main(): Promise<number> {
  let options;
  try {
    options = parseOptions();
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  const chromeLauncher = options.stages.lighthouse ? await prepareLighthouse() : undefined;
  try {
    ensureBuild({ force: options.build, forceReason: "--build was given" });
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }

  console.log("▶ Starting the production server");
  const { origin, pid } = await startServer();
  let missed = 0;
  if (options.stages.load) {
    const routePaths = options.paths.length > 0 ? options.paths : await defaultLoadPaths(origin);
    const report = await runLoadStage({
      origin,
      serverPid: pid,
      clientDir: path.join(buildDir, "client"),
      routePaths,
      connections: options.connections,
      seconds: options.duration,
      warmUpSeconds: Math.max(2, Math.round(options.duration / 3)),
      resultsFile: loadResultsFile,
    });
    missed += report.missed;
  }
  if (chromeLauncher) missed += await runLighthouseStage(chromeLauncher, origin, options.paths);
  return options.check && missed > 0 ? 1 : 0;
}

async function prepareLighthouse() {
  ensureChromium();
  return loadChromeLauncher();
}

/** The load stage's pages: the fixed list and the first content page the sitemap names. */
async function defaultLoadPaths(origin: string): Promise<string[]> {
  const contentPage = (await sitemapPaths(origin)).find((routePath) => routePath.startsWith("/content/"));
  if (!contentPage) throw new Error("The sitemap lists no /content/ page for the load stage.");
  return [...DEFAULT_LOAD_PATHS, contentPage];
}

/** Returns how many targets were missed. */
async function runLighthouseStage(chromeLauncher: ChromeLauncher, origin: string, paths: string[]): Promise<number> {
  const routePaths = paths.length > 0 ? paths : await sitemapPaths(origin);
  if (routePaths.length === 0) throw new Error("The sitemap lists no pages and no paths were given.");
  await warmUp(origin, routePaths);

  const loadBefore = os.loadavg();
  const chrome = await launchChrome(chromeLauncher);
  const routes: RouteResult[] = [];
  let sample: LighthouseResult | undefined;
  for (const [index, routePath] of routePaths.entries()) {
    const started = Date.now();
    process.stdout.write(`▶ Lighthouse ${index + 1}/${routePaths.length}: ${routePath} ... `);
    // One route at a time: parallel runs on one machine would skew each other's timings.
    let { route, lhr } = await auditRoute(origin, routePath, chrome.port);
    // Lighthouse now and then loses the trace of a load (NO_NAVSTART and the like): one more try.
    if (route.error) {
      process.stdout.write(`retrying (${route.error.split(":")[0]}) ... `);
      ({ route, lhr } = await auditRoute(origin, routePath, chrome.port));
    }
    console.log(route.error ? "failed" : `${((Date.now() - started) / 1000).toFixed(0)} s`);
    routes.push(route);
    sample ??= lhr;
  }
  const loadAverage = { before: loadBefore, after: os.loadavg() };

  printLighthouseTable(routes);
  const missed = printMisses(routes);
  console.log(
    `Machine: ${os.cpus().length} CPU core(s); load average ${loadAverage.before.map((v) => v.toFixed(2)).join(" ")} ` +
      `before and ${loadAverage.after.map((v) => v.toFixed(2)).join(" ")} after (1, 5, 15 min).`,
  );
  writeResults(routes, sample, loadAverage);
  printSummary(routes, missed);
  return missed;
}

runCleanly(main, {
  stopping: "stopping Chrome and the server...",
  describeError: (error) => (error instanceof UsageError ? `\n✖ ${error.message}` : error),
});
