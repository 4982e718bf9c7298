/**
 * `npm run bench`: the production build under load, and the way a visitor's phone sees it.
 *
 * Builds the app when the build is missing or older than the sources, starts `node server.js` on a
 * free loopback port with a fresh temporary database (the demo content), then runs two stages:
 *
 * - load (tests/bench/load.ts): autocannon against a few pages, each beside the same bytes served
 *   as a static file, with latency percentiles and the server's memory; bench-results/load.json.
 * - Lighthouse (tests/bench/lighthouse.ts) with its default (mobile, simulated throttling)
 *   settings on every page of /sitemap.xml, `--runs` times each (`npm run bench:lighthouse`: 3).
 *   One Chrome serves every run, one load after the other, each a fresh page load with cleared
 *   storage; bench-results/lighthouse.json.
 *
 * Paths on the command line limit both stages to them. Each stage prints a table and the targets
 * that were missed.
 *
 * Usage: npm run bench -- [--load] [--lighthouse] [--runs n] [--render-before dir] [--check] [--build]
 *        [--help] [/path ...]
 */
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { runCleanly } from "../support/cleanup";
import { buildDir, ensureBuild, projectRoot } from "../support/production-build";
import { prepareLighthouse, runLighthouseStage, UsageError } from "./lighthouse";
import { TARGETS } from "./lighthouse-report";
import { DEFAULT_LOAD_PATHS, LOAD_TARGETS, runLoadStage } from "./load";
import { sitemapPaths, startServer, toPath } from "./server";

const USAGE = `Usage: npm run bench -- [options] [/path ...]

Measures the production build on a local server with a fresh demo database, in two stages (both
unless one is named):

  load        autocannon on ${DEFAULT_LOAD_PATHS.join(", ")} and the first /content/ page of the
              sitemap, each beside the same HTML served as a static file in the same run: requests
              per second, p50 and p99 latency, errors, non-2xx, and the server's RSS idle and under load
  lighthouse  Lighthouse (default mobile settings) on every page of /sitemap.xml, --runs times
              each; the table shows each route's median and, for LCP and TBT, its worst run

With paths, both stages measure only those.

Options:
  --load             run the load stage only
  --lighthouse       run the Lighthouse stage only
  --connections <n>  concurrent connections of the load stage (default 50)
  --duration <s>     length of each measured load run in seconds (default 10; each has a warm-up
                     of a third of it, at least 2 s)
  --runs <n>         Lighthouse runs per page (default 1; npm run bench:lighthouse passes 3)
  --render-before <dir>
                     a built checkout of an earlier commit (the one before issue 19, c5a4cb1):
                     the load stage measures its rendered pages right after this one's, and the
                     render goal is twice its figure
  --check            exit non-zero when any target is missed
  --build            rebuild the app first even when the build looks up to date
  --help             print this help

Targets: load: every page >= ${LOAD_TARGETS.minRatio} of the static file's requests per second, p99 < ${LOAD_TARGETS.maxP99Ms} ms, no
errors or non-2xx. Lighthouse, in every run: ${TARGETS.map((target) => `${target.label} ${target.goal}`).join(", ")}
(JavaScript transferred, 1 KB = 1024 bytes, compressed as served).

Environment: BUILD_DIR (default "build"), CHROME_PATH (default /usr/bin/chromium).
Results: bench-results/load.json, bench-results/lighthouse.json`;

const loadResultsFile = path.join(projectRoot, "bench-results", "load.json");

// ---------------------------------------------------------------------------------------------
// Preconditions and build

function parseOptions() {
  const { values, positionals } = parseArgs({
    options: {
      load: { type: "boolean", default: false },
      lighthouse: { type: "boolean", default: false },
      connections: { type: "string", default: "50" },
      duration: { type: "string", default: "10" },
      runs: { type: "string", default: "1" },
      "render-before": { type: "string" },
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
    runs: positiveInteger("--runs", values.runs),
    renderBefore: values["render-before"] === undefined ? undefined : builtCheckout(values["render-before"]),
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

/** The absolute path of a checkout with a production build, which `node server.js` can serve. */
function builtCheckout(directory: string): string {
  const absolute = path.resolve(directory);
  for (const file of ["server.js", path.join("build", "server", "index.js")]) {
    if (!fs.existsSync(path.join(absolute, file)))
      throw new Error(`--render-before needs a built checkout; ${path.join(absolute, file)} is missing`);
  }
  return absolute;
}

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
  let renderBefore;
  if (options.stages.load && options.renderBefore) {
    console.log(`▶ Starting the server of ${options.renderBefore}, to compare rendered pages with`);
    renderBefore = { origin: (await startServer(options.renderBefore)).origin, directory: options.renderBefore };
  }
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
      renderBefore,
    });
    missed += report.missed;
  }
  if (chromeLauncher) missed += await runLighthouseStage(chromeLauncher, origin, options.paths, options.runs);
  return options.check && missed > 0 ? 1 : 0;
}

/** The load stage's pages: the fixed list and the first content page the sitemap names. */
async function defaultLoadPaths(origin: string): Promise<string[]> {
  const contentPage = (await sitemapPaths(origin)).find((routePath) => routePath.startsWith("/content/"));
  if (!contentPage) throw new Error("The sitemap lists no /content/ page for the load stage.");
  return [...DEFAULT_LOAD_PATHS, contentPage];
}

runCleanly(main, {
  stopping: "stopping Chrome and the server...",
  describeError: (error) => (error instanceof UsageError ? `\n✖ ${error.message}` : error),
});
