/**
 * `npm run bench`: the production build under load, and the way a visitor's phone sees it.
 *
 * Builds the app when the build is missing or older than the sources, starts `node server.js` on a
 * free loopback port with a fresh temporary database (the demo content), then runs two stages:
 *
 * - load (scripts/bench-load.js): autocannon against a few pages, each beside the same bytes served
 *   as a static file, with latency percentiles and the server's memory; bench-results/load.json.
 * - Lighthouse with its default (mobile, simulated throttling) settings on every page of
 *   /sitemap.xml. One Chrome serves every run, one route after the other, each a fresh page load
 *   with cleared storage; bench-results/lighthouse.json.
 *
 * Paths on the command line limit both stages to them. Each stage prints a table and the targets
 * that were missed.
 *
 * Usage: node scripts/bench.js [--load] [--lighthouse] [--check] [--build] [--help] [/path ...]
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import lighthouse from "lighthouse";
import { freePort, printTable } from "../support/console-output.js";
import { buildDir, ensureBuild, projectRoot } from "../support/production-build.js";
import { DEFAULT_LOAD_PATHS, LOAD_TARGETS, runLoadStage } from "./load.js";

/** @typedef {import("lighthouse").Result} LighthouseResult */
/**
 * @typedef {{ id: string, title: string, score: number, displayValue?: string, items?: unknown[] }} FailingAudit
 * `items`: the first rows of the audit's table (which requests, elements or console messages).
 */
/**
 * @typedef {object} RouteResult
 * @property {string} path
 * @property {string} url
 * @property {string} [finalUrl]
 * @property {Record<string, number | null>} scores category id -> 0-100, null when Lighthouse could not score it
 * @property {{ lcpMs: number | null, tbtMs: number | null, cls: number | null, fcpMs: number | null, speedIndexMs: number | null }} metrics
 * @property {{ script: number | null, total: number | null }} transferBytes
 * @property {Record<string, FailingAudit[]>} failingAudits category id -> audits that did not pass
 * @property {string[]} warnings
 * @property {string} [error] why the route could not be measured
 */
/**
 * @typedef {object} Target
 * @property {string} label
 * @property {string} goal how the target reads in the output
 * @property {(route: RouteResult) => number | null} value
 * @property {(value: number) => boolean} met
 * @property {(value: number) => string} format
 * @property {string} [category] the Lighthouse category whose failing audits explain a miss
 */

const USAGE = `Usage: node scripts/bench.js [options] [/path ...]

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

/** @param {number} value */
const rounded = (value) => String(Math.round(value));

/** @type {Target[]} */
const TARGETS = [
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

/** @param {string} label @param {string} category @param {number} minimum @returns {Target} */
function categoryTarget(label, category, minimum) {
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
// Clean-up: the server and Chrome must never outlive the bench, whatever way it ends.

/** @type {Array<() => unknown>} undo steps, run newest first */
const cleanups = [];
/** @type {Promise<void> | undefined} */
let cleaningUp;
/** Set on Ctrl-C: the errors that follow (Chrome gone mid-run) are expected, not worth printing. */
let interrupted = false;

/** Runs every undo step once, even when called again from a signal handler mid-way. */
function cleanup() {
  cleaningUp ??= (async () => {
    for (const step of cleanups.reverse()) {
      try {
        await step();
      } catch (error) {
        console.error("clean-up step failed:", error);
      }
    }
  })();
  return cleaningUp;
}

for (const [signal, code] of /** @type {const} */ ([
  ["SIGINT", 130],
  ["SIGTERM", 143],
])) {
  process.on(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping Chrome and the server...`);
    void cleanup().finally(() => process.exit(code));
  });
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

/** @param {string} option @param {string} text */
function positiveInteger(option, text) {
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${option} takes a whole number of 1 or more, not "${text}"`);
  return value;
}

/** Accepts "/about", "about" or a full URL; only the path and query are kept. @param {string} input */
function toPath(input) {
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

/** @param {string} file @param {number} lines */
function tail(file, lines) {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

/** @param {import("node:child_process").ChildProcess} child @param {number} ms */
function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
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
async function startServer() {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-bench-"));
  cleanups.push(() => fs.rmSync(tempDir, { recursive: true, force: true }));
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
  cleanups.push(async () => {
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
      if (response.ok) return { origin, pid: /** @type {number} */ (child.pid) };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer /healthz within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${tail(logFile, 30)}`,
  );
}

/** @param {string} text */
function decodeXmlEntities(text) {
  const entities = /** @type {Record<string, string>} */ ({ amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" });
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => entities[name] ?? "");
}

/** Every page of the sitemap, as a path on the local server whatever origin the sitemap names. @param {string} origin */
async function sitemapPaths(origin) {
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
 * @param {string} origin @param {string[]} routePaths
 */
async function warmUp(origin, routePaths) {
  for (const routePath of routePaths) {
    const response = await fetch(origin + routePath);
    await response.arrayBuffer();
    if (!response.ok) console.warn(`  warning: GET ${routePath} answered ${response.status}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

/** @param {Awaited<ReturnType<typeof loadChromeLauncher>>} chromeLauncher */
async function launchChrome(chromeLauncher) {
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
  cleanups.push(() => chrome.kill());
  return chrome;
}

/** @param {LighthouseResult} lhr @param {string} id */
function numericValue(lhr, id) {
  return lhr.audits[id]?.numericValue ?? null;
}

/**
 * Bytes transferred (compressed, as served), for scripts and in total. Lighthouse 12 summarises them
 * in the hidden resource-summary audit; where that is absent (it is being retired upstream), the
 * network-requests audit lists every request to add up.
 * @param {LighthouseResult} lhr
 */
function transferBytes(lhr) {
  /** @param {string} id */
  const items = (id) => {
    const details = lhr.audits[id]?.details;
    return details && details.type === "table"
      ? /** @type {Array<Record<string, unknown>>} */ (/** @type {unknown} */ (details.items))
      : null;
  };
  /** @param {Record<string, unknown> | undefined} item */
  const size = (item) => (typeof item?.transferSize === "number" ? item.transferSize : 0);

  const summary = items("resource-summary");
  if (summary) {
    return {
      script: size(summary.find((item) => item.resourceType === "script")),
      total: size(summary.find((item) => item.resourceType === "total")),
    };
  }
  const requests = items("network-requests");
  if (!requests) return { script: null, total: null };
  const sum = (/** @type {Array<Record<string, unknown>>} */ list) =>
    list.reduce((bytes, item) => bytes + size(item), 0);
  return { script: sum(requests.filter((item) => item.resourceType === "Script")), total: sum(requests) };
}

/**
 * The first rows of an audit's table or opportunity list, kept in the JSON so that a failure can be
 * traced to a request, an element or a console message without re-running Lighthouse.
 * @param {import("lighthouse").Result["audits"][string]["details"]} details
 */
function detailRows(details) {
  if (!details || (details.type !== "table" && details.type !== "opportunity")) return {};
  return details.items.length > 0 ? { items: details.items.slice(0, MAX_DETAIL_ROWS) } : {};
}

/**
 * The audits of a category that did not fully pass, worst first. Informative, not-applicable and
 * manual audits have no pass or fail, so they are left out, and so are the "hidden" ones (such as
 * Time to Interactive) that Lighthouse's own report does not show either.
 * @param {LighthouseResult} lhr @param {string} categoryId @returns {FailingAudit[]}
 */
function failingAudits(lhr, categoryId) {
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
      score: /** @type {number} */ (audit.score),
      ...(audit.displayValue ? { displayValue: audit.displayValue } : {}),
      ...detailRows(audit.details),
    }))
    .sort((a, b) => a.score - b.score);
}

/**
 * One fresh page load of one route, with Lighthouse's defaults: the mobile form factor and
 * simulated throttling, storage cleared before the load.
 * @param {string} origin @param {string} routePath @param {number} port Chrome's debugging port
 * @returns {Promise<{ route: RouteResult, lhr?: LighthouseResult }>}
 */
async function auditRoute(origin, routePath, port) {
  const url = origin + routePath;
  /** @type {RouteResult} */
  const route = {
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
    if (interrupted) throw error; // Chrome was stopped on purpose: no result to report
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

/** @param {number | null} value @param {(value: number) => string} format */
const cell = (value, format) => (value === null ? "-" : format(value));

/** @param {RouteResult[]} routes */
function printLighthouseTable(routes) {
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

/**
 * Every target a route missed; a value Lighthouse could not measure counts as a miss.
 * @param {RouteResult} route
 */
function missesOf(route) {
  return TARGETS.flatMap((target) => {
    const value = target.value(route);
    if (value !== null && target.met(value)) return [];
    return [{ target, value }];
  });
}

/** @param {RouteResult[]} routes @returns {number} how many targets were missed */
function printMisses(routes) {
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

/** @param {RouteResult[]} routes @param {number} missed */
function printSummary(routes, missed) {
  const failedRoutes = routes.filter((route) => route.error || missesOf(route).length > 0).length;
  if (missed === 0) {
    console.log(`All targets met on ${routes.length} route(s).`);
  } else {
    console.log(`\n${missed} target(s) missed on ${failedRoutes} of ${routes.length} route(s).`);
  }
  console.log(`Full results: ${path.relative(projectRoot, resultsFile)}`);
}

/**
 * @param {RouteResult[]} routes @param {LighthouseResult | undefined} sample any one run, for the settings
 * @param {{ before: number[], after: number[] }} loadAverage the machine's, around the stage
 */
function writeResults(routes, sample, loadAverage) {
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

async function main() {
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
      onCleanup: (step) => cleanups.push(step),
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

/** The load stage's pages: the fixed list and the first content page the sitemap names. @param {string} origin */
async function defaultLoadPaths(origin) {
  const contentPage = (await sitemapPaths(origin)).find((routePath) => routePath.startsWith("/content/"));
  if (!contentPage) throw new Error("The sitemap lists no /content/ page for the load stage.");
  return [...DEFAULT_LOAD_PATHS, contentPage];
}

/**
 * @param {Awaited<ReturnType<typeof loadChromeLauncher>>} chromeLauncher @param {string} origin
 * @param {string[]} paths @returns {Promise<number>} how many targets were missed
 */
async function runLighthouseStage(chromeLauncher, origin, paths) {
  const routePaths = paths.length > 0 ? paths : await sitemapPaths(origin);
  if (routePaths.length === 0) throw new Error("The sitemap lists no pages and no paths were given.");
  await warmUp(origin, routePaths);

  const loadBefore = os.loadavg();
  const chrome = await launchChrome(chromeLauncher);
  /** @type {RouteResult[]} */
  const routes = [];
  /** @type {LighthouseResult | undefined} */
  let sample;
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

main().then(
  async (code) => {
    await cleanup();
    process.exit(code);
  },
  async (error) => {
    if (interrupted) return; // the signal handler cleans up and exits
    console.error(error instanceof UsageError ? `\n✖ ${error.message}` : error);
    await cleanup();
    process.exit(1);
  },
);
