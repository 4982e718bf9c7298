/**
 * The load stage of `npm run bench`: how many requests a second the production server answers for
 * a page, beside how many it answers for the same bytes sent as a static file, measured in the same
 * run on the same machine, with latency percentiles and the server's resident memory.
 *
 * For each route: the page's HTML is fetched once and written, byte for byte, into a temporary
 * folder of the build's client directory, which the server serves as static files (the folder is
 * removed afterwards). Then autocannon, in a child process of its own so that it does not share the
 * benchmark's event loop, loads the static copy and the page alternately: a warm-up, then the
 * measured run. The server's RSS is read from /proc while nothing runs (idle) and every 100 ms
 * during the runs (peak).
 */
import { execFileSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "../support/cleanup";
import { printTable } from "../support/console-table";

const autocannonCli = createRequire(import.meta.url).resolve("autocannon/autocannon.js");

/** Measured when no path is given; the first content page of the sitemap is added to them. */
export const DEFAULT_LOAD_PATHS = ["/", "/services", "/training", "/careers", "/contact"];

export const LOAD_TARGETS = {
  /** A page must answer at least this share of the static file's requests per second. */
  minRatio: 0.8,
  /** Its 99th percentile latency must stay below this. */
  maxP99Ms: 100,
  /** A rendered page (the cache bypassed) must answer at least this many times its figure before issue 19. */
  renderGain: 2,
};

/**
 * Requests per second of each page rendered for a visitor with a cookie, before issue 19 (the
 * issue's table, 2026-11-25: the higher end of its range, 50 connections, no Accept-Encoding).
 * The render goal is `renderGain` times this, or times what the server of the commit before issue
 * 19 answers in the same run when the bench is given its checkout (`--render-before`), which asks
 * both as a browser does on the same machine; a page not listed, and measured against nothing, has
 * no render goal.
 */
export const RENDER_BEFORE_ISSUE_19: Readonly<Record<string, number>> = {
  "/": 164,
  "/services": 179,
  "/training": 119,
  "/contact": 215,
};

const renderGoal = (route: Pick<LoadRouteResult, "path" | "renderedBefore">) => {
  const before = route.renderedBefore?.requestsPerSecond ?? RENDER_BEFORE_ISSUE_19[route.path];
  return before === undefined ? undefined : Math.round(before * LOAD_TARGETS.renderGain);
};

/**
 * Every request asks as a visitor's browser does: Chrome's user agent and Accept-Encoding, and a
 * cookie the site never reads (an analytics one), which nearly every real visitor carries.
 */
export const BROWSER_HEADERS: Record<string, string> = {
  "User-Agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Mobile Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br, zstd",
  Cookie: "_ga=GA1.1.1234567890.1764000000",
};

/**
 * A request the page cache must not answer, as a signed-in editor's or the first after a change:
 * one of the site's own cookies (a toast that does not verify, so the page shows none) sends it
 * to React Router.
 */
const RENDERED_HEADERS: Record<string, string> = { ...BROWSER_HEADERS, Cookie: `${BROWSER_HEADERS.Cookie}; toast=x` };

const RSS_SAMPLE_EVERY_MS = 100;
const IDLE_SETTLE_MS = 1000;
const MB = 1024 * 1024;

/** One autocannon run. */
interface RunResult {
  /** mean over the run */
  requestsPerSecond: number;
  latencyMs: { p50: number; p90: number; p99: number; mean: number; max: number };
  /** total requests answered */
  requests: number;
  /** connection errors, timeouts included */
  errors: number;
  timeouts: number;
  non2xx: number;
}

/** The part of autocannon's `--json` report read here. */
interface AutocannonReport {
  requests: { average: number; total: number };
  latency: { p50: number; p90: number; p99: number; average: number; max: number };
  errors: number;
  timeouts: number;
  non2xx: number;
}

interface LoadRouteResult {
  path: string;
  htmlBytes: number;
  /** the X-Page-Cache header of a second anonymous request */
  pageCache: string | null;
  page: RunResult;
  staticFile: RunResult;
  /** the page rendered for every request (the page cache bypassed) */
  rendered: RunResult;
  /** the same, from the server of the commit before issue 19 (`--render-before`), or null */
  renderedBefore: RunResult | null;
  /** page requests per second / static file requests per second */
  ratio: number;
  /** the targets this route missed, as printed */
  missed: string[];
}

interface LoadReport {
  routes: LoadRouteResult[];
  memory: { idleRssBytes: number | null; peakRssBytes: number | null; highWaterRssBytes: number | null };
  /** how many targets were missed */
  missed: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The server's resident memory, in bytes: VmRSS now and VmHWM (the peak since it started), from
 * /proc on Linux; elsewhere `ps` gives the current value only.
 */
function readMemory(pid: number): { rss: number | null; highWater: number | null } {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kilobytes = (field: string) => {
      const match = new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status);
      return match ? Number(match[1]) * 1024 : null;
    };
    return { rss: kilobytes("VmRSS"), highWater: kilobytes("VmHWM") };
  } catch {
    return { rss: rssFromPs(pid), highWater: null };
  }
}

function rssFromPs(pid: number): number | null {
  try {
    const kilobytes = Number(execFileSync("ps", ["-o", "rss=", "-p", String(pid)], { encoding: "utf8" }).trim());
    return Number.isFinite(kilobytes) && kilobytes > 0 ? kilobytes * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the server's RSS until stopped; resolves with the highest value seen. */
function sampleRss(pid: number): { stop(): number | null } {
  let peak = readMemory(pid).rss ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, readMemory(pid).rss ?? 0);
  }, RSS_SAMPLE_EVERY_MS);
  return {
    stop() {
      clearInterval(timer);
      return peak > 0 ? peak : null;
    },
  };
}

/**
 * One autocannon run in a child process (it would otherwise compete with this process's timers,
 * and its JSON report is the one place to read its figures from).
 */
function autocannon(
  url: string,
  {
    connections,
    seconds,
    headers = BROWSER_HEADERS,
  }: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    const headerArguments = Object.entries(headers).flatMap(([name, value]) => ["--headers", `${name}=${value}`]);
    const child = spawn(
      process.execPath,
      [
        autocannonCli,
        "--json",
        "--connections",
        String(connections),
        "--duration",
        String(seconds),
        ...headerArguments,
        url,
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.once("error", reject);
    child.once("exit", (code) => {
      if (code !== 0) {
        reject(new Error(`autocannon exited with code ${code} for ${url}:\n${stderr.trim()}`));
        return;
      }
      try {
        const report = JSON.parse(stdout) as AutocannonReport;
        resolve({
          requestsPerSecond: report.requests.average,
          latencyMs: {
            p50: report.latency.p50,
            p90: report.latency.p90,
            p99: report.latency.p99,
            mean: report.latency.average,
            max: report.latency.max,
          },
          requests: report.requests.total,
          errors: report.errors,
          timeouts: report.timeouts,
          non2xx: report.non2xx,
        });
      } catch (error) {
        reject(
          new Error(`autocannon's report for ${url} could not be read: ${String(error)}\n${stdout.slice(0, 500)}`),
        );
      }
    });
  });
}

/**
 * Writes each page's exact HTML into a new folder of the client's assets directory, which the
 * server already serves as static files (compressed on the fly, as a page is, since no build-time
 * copy of it exists). Returns each page's static address and byte count.
 */
async function copyPagesAsStaticFiles(
  origin: string,
  clientDir: string,
  routePaths: string[],
): Promise<{ routePath: string; staticPath: string; htmlBytes: number; pageCache: string | null }[]> {
  const folder = `bench-static-${crypto.randomBytes(6).toString("hex")}`;
  const directory = path.join(clientDir, "assets", folder);
  fs.mkdirSync(directory);
  onCleanup(() => fs.rmSync(directory, { recursive: true, force: true }));
  const copies = [];
  for (const [index, routePath] of routePaths.entries()) {
    // The page as a visitor gets it once it is cached (the first request renders it).
    await (await fetch(origin + routePath, { headers: BROWSER_HEADERS })).arrayBuffer();
    const response = await fetch(origin + routePath, { redirect: "manual", headers: BROWSER_HEADERS });
    const html = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200)
      throw new Error(`GET ${routePath} answered ${response.status}; the load stage needs 200`);
    const file = `${index}.html`;
    fs.writeFileSync(path.join(directory, file), html);
    const staticPath = `/assets/${folder}/${file}`;
    const check = await fetch(origin + staticPath);
    const served = Buffer.from(await check.arrayBuffer());
    if (!check.ok || !served.equals(html)) throw new Error(`The static copy of ${routePath} is not served as written`);
    // Whether a later anonymous visitor gets the page from the page cache.
    copies.push({ routePath, staticPath, htmlBytes: html.length, pageCache: response.headers.get("x-page-cache") });
  }
  return copies;
}

function missedTargets(route: LoadRouteResult): string[] {
  const missed: string[] = [];
  if (route.ratio < LOAD_TARGETS.minRatio) {
    missed.push(`throughput ${route.ratio.toFixed(2)} of the static file's, target >= ${LOAD_TARGETS.minRatio}`);
  }
  if (!(route.page.latencyMs.p99 < LOAD_TARGETS.maxP99Ms)) {
    missed.push(`p99 latency ${route.page.latencyMs.p99} ms, target < ${LOAD_TARGETS.maxP99Ms} ms`);
  }
  const failures = route.page.errors + route.page.non2xx;
  if (failures > 0) missed.push(`${route.page.errors} errors and ${route.page.non2xx} non-2xx responses, target 0`);
  const goal = renderGoal(route);
  if (goal !== undefined && route.rendered.requestsPerSecond < goal) {
    missed.push(`rendered ${route.rendered.requestsPerSecond.toFixed(0)} req/s, target >= ${goal}`);
  }
  return missed;
}

const loadAverage = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");

const megabytes = (bytes: number | null) => (bytes === null ? "-" : `${(bytes / MB).toFixed(1)} MB`);

function printLoadTable(routes: LoadRouteResult[]): void {
  const header = [
    "Route",
    "HTML KB",
    "Cache",
    "Page req/s",
    "p50 ms",
    "p99 ms",
    "Err",
    "Non-2xx",
    "Static req/s",
    "Static p99",
    "Ratio",
    "Render req/s",
    "Before req/s",
    "Render goal",
    "Render p99",
  ];
  const rows = routes.map((route) => [
    route.path,
    (route.htmlBytes / 1024).toFixed(1),
    route.pageCache ?? "-",
    route.page.requestsPerSecond.toFixed(0),
    String(route.page.latencyMs.p50),
    String(route.page.latencyMs.p99),
    String(route.page.errors),
    String(route.page.non2xx),
    route.staticFile.requestsPerSecond.toFixed(0),
    String(route.staticFile.latencyMs.p99),
    route.ratio.toFixed(2),
    route.rendered.requestsPerSecond.toFixed(0),
    route.renderedBefore?.requestsPerSecond.toFixed(0) ?? "-",
    String(renderGoal(route) ?? "-"),
    String(route.rendered.latencyMs.p99),
  ]);
  printTable(header, rows);
}

export interface LoadStageOptions {
  /** the server under test */
  origin: string;
  /** its process id, for its memory */
  serverPid: number;
  /** where it serves static files from */
  clientDir: string;
  routePaths: string[];
  connections: number;
  /** length of each measured run */
  seconds: number;
  /** length of the run before each measured one */
  warmUpSeconds: number;
  resultsFile: string;
  /** the server of an earlier commit, whose rendered pages are measured beside this one's */
  renderBefore?: { origin: string; directory: string };
}

/**
 * Runs the stage, prints its table and misses, and writes `resultsFile`. The static copies it
 * makes are removed by the harness's clean-up (tests/support/cleanup.ts).
 */
export async function runLoadStage(options: LoadStageOptions): Promise<LoadReport> {
  const { origin, serverPid, connections, seconds, warmUpSeconds } = options;
  const cpus = os.cpus();
  const loadBefore = os.loadavg();
  console.log(
    `▶ Load: ${connections} connections for ${seconds} s per address after a ${warmUpSeconds} s warm-up; ` +
      `autocannon in a child process on the same machine, asking as Chrome does (Accept-Encoding ` +
      `"${BROWSER_HEADERS["Accept-Encoding"]}", an analytics cookie). "Render" adds a cookie of the site's ` +
      `own, so every request is rendered, as for a signed-in editor` +
      (options.renderBefore
        ? `; "Before" is the same from the server of ${options.renderBefore.directory}, measured right after.\n`
        : `.\n`) +
      `  ${cpus.length} CPU core(s) (${cpus[0]?.model.trim() ?? "unknown"}), shared by the server and autocannon; ` +
      `load average ${loadAverage(loadBefore)} (1, 5, 15 min) before the stage.`,
  );

  const copies = await copyPagesAsStaticFiles(origin, options.clientDir, options.routePaths);
  await sleep(IDLE_SETTLE_MS);
  const idleRssBytes = readMemory(serverPid).rss;
  const sampler = sampleRss(serverPid);

  const routes: LoadRouteResult[] = [];
  let peakRssBytes: number | null = null;
  try {
    for (const [index, copy] of copies.entries()) {
      process.stdout.write(`▶ Load ${index + 1}/${copies.length}: ${copy.routePath} ... `);
      const started = Date.now();
      // Alternating on the same machine within a minute: whatever else runs weighs on both alike.
      await autocannon(origin + copy.staticPath, { connections, seconds: warmUpSeconds });
      const staticFile = await autocannon(origin + copy.staticPath, { connections, seconds });
      await autocannon(origin + copy.routePath, { connections, seconds: warmUpSeconds });
      const page = await autocannon(origin + copy.routePath, { connections, seconds });
      await autocannon(origin + copy.routePath, { connections, seconds: warmUpSeconds, headers: RENDERED_HEADERS });
      const rendered = await autocannon(origin + copy.routePath, { connections, seconds, headers: RENDERED_HEADERS });
      let renderedBefore: RunResult | null = null;
      if (options.renderBefore) {
        const before = options.renderBefore.origin + copy.routePath;
        await autocannon(before, { connections, seconds: warmUpSeconds, headers: RENDERED_HEADERS });
        renderedBefore = await autocannon(before, { connections, seconds, headers: RENDERED_HEADERS });
        // An address the earlier commit does not have (a page added since) compares with nothing.
        if (renderedBefore.non2xx + renderedBefore.errors > 0) {
          process.stdout.write(`(the earlier server did not answer it with 200: no comparison) `);
          renderedBefore = null;
        }
      }
      const ratio = staticFile.requestsPerSecond > 0 ? page.requestsPerSecond / staticFile.requestsPerSecond : 0;
      const route: LoadRouteResult = {
        path: copy.routePath,
        htmlBytes: copy.htmlBytes,
        pageCache: copy.pageCache,
        page,
        staticFile,
        rendered,
        renderedBefore,
        ratio,
        missed: [],
      };
      route.missed = missedTargets(route);
      routes.push(route);
      console.log(`${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    peakRssBytes = sampler.stop();
  }
  const { highWater: highWaterRssBytes } = readMemory(serverPid);
  const loadAfter = os.loadavg();

  printLoadTable(routes);
  console.log(
    `\nServer memory (RSS): ${megabytes(idleRssBytes)} idle, ${megabytes(peakRssBytes)} peak under load ` +
      `(sampled every ${RSS_SAMPLE_EVERY_MS} ms; ${megabytes(highWaterRssBytes)} peak since start-up).`,
  );
  console.log(`Load average ${loadAverage(loadAfter)} after the stage.`);
  console.log(
    `Targets: every page >= ${LOAD_TARGETS.minRatio} of the static file's requests per second, ` +
      `p99 < ${LOAD_TARGETS.maxP99Ms} ms, no errors or non-2xx responses; rendered >= ${LOAD_TARGETS.renderGain}x ` +
      `its requests per second before issue 19 ("Render goal": ` +
      (options.renderBefore ? `twice "Before"` : `twice the issue's figures, measured without compression`) +
      `).`,
  );
  let missed = 0;
  for (const route of routes) {
    for (const miss of route.missed) {
      missed += 1;
      console.log(`${route.path}: ${miss}`);
    }
  }
  console.log(missed === 0 ? `All load targets met on ${routes.length} route(s).` : `${missed} load target(s) missed.`);

  const memory = { idleRssBytes, peakRssBytes, highWaterRssBytes };
  const document = {
    generatedAt: new Date().toISOString(),
    machine: {
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? null,
      totalMemoryBytes: os.totalmem(),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
    },
    settings: {
      connections,
      seconds,
      warmUpSeconds,
      tool: "autocannon (child process)",
      headers: BROWSER_HEADERS,
      renderedHeaders: RENDERED_HEADERS,
      renderBefore: options.renderBefore?.directory ?? null,
    },
    targets: { ...LOAD_TARGETS, renderBeforeIssue19: RENDER_BEFORE_ISSUE_19 },
    memory,
    routes,
  };
  fs.mkdirSync(path.dirname(options.resultsFile), { recursive: true });
  fs.writeFileSync(options.resultsFile, `${JSON.stringify(document, null, 2)}\n`);
  console.log(`Full results: ${path.relative(process.cwd(), options.resultsFile)}`);
  return { routes, memory, missed };
}
