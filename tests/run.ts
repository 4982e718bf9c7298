/**
 * `npm test`: every check the project has, in order of speed, stopping at the first that fails:
 * types, lint, format and architecture (side by side), unit and integration tests (Vitest on
 * PGlite), the production build and its first-load JavaScript budget (tests/bench/first-load-js.ts),
 * HTTP tests against that build (Vitest, tests/http), then browser tests (Playwright in Debian's
 * Chromium, its headless shell). Ends with one "N passed, N failed" line.
 *
 * With TEST_DATABASE_URL set, the database tests (tests/integration) run on that PostgreSQL server
 * instead of PGlite, as .ci/run does; the HTTP and browser tests always run the production server
 * on PGlite. Options: --database-only runs just the database tests.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const databaseOnly = process.argv.includes("--database-only");
/** Debian's Chromium in its headless shell: the browser the tests drive by default (docs/decisions/037). */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
/** Debian's full Chromium, driven when the headless shell cannot be had. */
const FULL_CHROMIUM = "/usr/bin/chromium";
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "test-reports-"));
const totals = { passed: 0, failed: 0 };

/** Runs a command with its output shown; returns whether it succeeded. */
function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  // Each stage's time, so that the whole run's budget (20 minutes on CI) can be kept.
  const took = `${Math.round((Date.now() - started) / 1000)} s`;
  if (result.status !== 0) {
    console.error(`\n✖ ${title} failed (${took}).`);
    return false;
  }
  console.log(`✔ ${title} (${took})`);
  return true;
}

/** The part of Vitest's JSON report read here. */
interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
}

/** The part of Playwright's JSON report read here. */
interface PlaywrightReport {
  stats?: { expected: number; unexpected: number };
}

/** The parsed report, or null when there is none. */
function readJson<Report>(file: string): Report | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as Report;
  } catch {
    return null;
  }
}

/** Whether `apt-get update` ran, so a second package does not run it again. */
let aptUpdated = false;

/** Whether missing Debian packages can be installed here: as root, on Debian. */
function mayInstallPackages(): boolean {
  return process.getuid?.() === 0 && fs.existsSync("/etc/debian_version");
}

/**
 * Installs a Debian package the browser tests need when its program is missing and we may
 * (root on Debian); otherwise says how. Returns whether the program is there.
 */
function ensureProgram(program: string, debianPackage: string, purpose: string, alternative: string): boolean {
  if (fs.existsSync(program)) return true;
  if (mayInstallPackages()) {
    console.log(`\n▶ ${program} is missing: installing Debian's ${debianPackage} package`);
    aptUpdated ||= spawnSync("apt-get", ["update"], { stdio: "inherit" }).status === 0;
    const install = spawnSync("apt-get", ["install", "-y", "--no-install-recommends", debianPackage], {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
    if (aptUpdated && install.status === 0 && fs.existsSync(program)) return true;
    console.error(`\n✖ Installing ${debianPackage} failed; see the apt-get output above.`);
    return false;
  }
  console.error(
    `\n✖ ${purpose} need ${program}. Install it with:\n\n` +
      `    sudo apt-get update && sudo apt-get install -y ${debianPackage}\n\n` +
      `${alternative}`,
  );
  return false;
}
/**
 * The Chromium binary the browser tests drive: CHROMIUM_PATH when set; otherwise Debian's headless
 * shell, installed when missing and we may, or else Debian's full Chromium. Downloading a browser
 * is not possible here. Null when there is none.
 */
function chromiumToDrive(): string | null {
  const alternative = "or set CHROMIUM_PATH to another Chromium binary.";
  const chosen = process.env.CHROMIUM_PATH;
  if (chosen) return ensureProgram(chosen, "chromium", "The browser tests", alternative) ? chosen : null;
  if (fs.existsSync(FULL_CHROMIUM) && !fs.existsSync(HEADLESS_SHELL) && !mayInstallPackages()) {
    console.log(`\n▶ ${HEADLESS_SHELL} is missing: the browser tests drive ${FULL_CHROMIUM}, about half as fast.`);
    return FULL_CHROMIUM;
  }
  return ensureProgram(HEADLESS_SHELL, "chromium-headless-shell", "The browser tests", alternative)
    ? HEADLESS_SHELL
    : fs.existsSync(FULL_CHROMIUM)
      ? FULL_CHROMIUM
      : null;
}

/** The W3C Nu HTML checker (tests/e2e/html-standards.spec.ts) runs on Java. */
function ensureJava(): boolean {
  if (process.env.JAVA_HOME || spawnSync("java", ["-version"]).status === 0) return true;
  return ensureProgram("/usr/bin/java", "default-jre-headless", "The HTML standards check", "or set JAVA_HOME.");
}

/** Prints the closing line and exits; a failed step with no test counts of its own counts as one failure. */
function finish(ok: boolean): never {
  if (!ok && totals.failed === 0) totals.failed = 1;
  console.log(`\nTotal: ${totals.passed} passed, ${totals.failed} failed`);
  fs.rmSync(reportDir, { recursive: true, force: true });
  process.exit(ok && totals.failed === 0 ? 0 : 1);
}

const npx = process.platform === "win32" ? "npx.cmd" : "npx";
/** The layers of docs/architecture.md, as .dependency-cruiser.cjs states them. */
const ARCHITECTURE_CHECK = ["depcruise", "app", "server", "--config", ".dependency-cruiser.cjs"];

/** A check that runs beside others: its output is held and shown whole when it ends. */
interface ConcurrentCheck {
  title: string;
  args: string[];
}

/** Runs one check with its output captured; resolves to whether it succeeded, after printing it. */
function runCaptured({ title, args }: ConcurrentCheck): Promise<boolean> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(npx, args, { env: process.env });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("close", (status) => {
      const took = `${Math.round((Date.now() - started) / 1000)} s`;
      console.log(`\n▶ ${title}`);
      process.stdout.write(Buffer.concat(output));
      if (status === 0) console.log(`✔ ${title} (${took})`);
      else console.error(`\n✖ ${title} failed (${took}).`);
      resolve(status === 0);
    });
  });
}

/**
 * The static checks each keep one core busy and read the same files without writing any, so they
 * run side by side: on two cores the four take about as long as the two longest one after the other.
 */
async function runStaticChecks(): Promise<boolean> {
  // The route types are generated first: the type check reads them.
  if (!run("Route types", npx, ["react-router", "typegen"])) return false;
  const results = await Promise.all(
    [
      { title: "Type check", args: ["tsc"] },
      { title: "Lint", args: ["eslint", "."] },
      { title: "Format", args: ["prettier", "--check", "."] },
      { title: "Architecture (no import loops, layers kept)", args: ARCHITECTURE_CHECK },
    ].map(runCaptured),
  );
  return results.every(Boolean);
}

if (!databaseOnly && !(await runStaticChecks())) finish(false);

/** Runs a Vitest stage with a JSON report and counts its tests into the totals; returns whether it passed. */
function runVitest(title: string, name: string, args: string[]): boolean {
  const report = path.join(reportDir, `${name}.json`);
  const ok = run(title, npx, [
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...args,
  ]);
  const vitest = readJson<VitestReport>(report);
  if (vitest) {
    totals.passed += vitest.numPassedTests;
    totals.failed += vitest.numFailedTests;
  } else if (!ok) {
    totals.failed += 1;
  }
  return ok;
}

const unitOk = runVitest("Unit and integration tests", "vitest", databaseOnly ? ["tests/integration"] : []);
if (!unitOk) finish(false);
if (databaseOnly) finish(true);

const chromiumPath = chromiumToDrive();
if (!chromiumPath || !ensureJava()) finish(false);
if (!run("Production build", npx, ["react-router", "build"])) finish(false);
// Issue 19: no public page may load more than 130 KB of JavaScript (gzip) first.
if (!run("First-load JavaScript budget", npx, ["tsx", "tests/bench/first-load-js.ts"])) finish(false);
// Checks that speak only HTTP (access rules, forgery, sessions): no browser, so before the browser tests.
if (!runVitest("HTTP tests against the production build", "vitest-http", ["--config", "vitest.http.config.ts"])) {
  finish(false);
}

const playwrightReport = path.join(reportDir, "playwright.json");
const browserOk = run("Browser tests", npx, ["playwright", "test", "--reporter=list,json"], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport,
  CHROMIUM_PATH: chromiumPath,
});
const playwright = readJson<PlaywrightReport>(playwrightReport);
if (playwright?.stats) {
  totals.passed += playwright.stats.expected;
  totals.failed += playwright.stats.unexpected;
} else if (!browserOk) {
  totals.failed += 1;
}
finish(browserOk);
