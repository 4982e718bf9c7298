/**
 * `npm test`: every check the project has, in order of speed, stopping at the first that fails:
 * types, lint and format, unit and integration tests (Vitest on PGlite), the production build and
 * its first-load JavaScript budget (tests/bench/first-load-js.ts), HTTP tests against that build
 * (Vitest, tests/http), then browser tests (Playwright in Debian's Chromium). Ends with one
 * "N passed, N failed" line.
 *
 * With TEST_DATABASE_URL set, the database tests (tests/integration) run on that PostgreSQL server
 * instead of PGlite, as .ci/run does; the HTTP and browser tests always run the production server
 * on PGlite. Options: --database-only runs just the database tests.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const databaseOnly = process.argv.includes("--database-only");
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), "test-reports-"));
const totals = { passed: 0, failed: 0 };

/** Runs a command with its output shown; returns whether it succeeded. */
function run(title: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  // Each stage's time, so that the whole run's budget (30 minutes on CI) can be kept.
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

/**
 * Installs a Debian package the browser tests need when its program is missing and we may
 * (root on Debian); otherwise says how. Returns whether the program is there.
 */
function ensureProgram(program: string, debianPackage: string, purpose: string, alternative: string): boolean {
  if (fs.existsSync(program)) return true;
  const isRoot = process.getuid?.() === 0;
  const isDebian = fs.existsSync("/etc/debian_version");
  if (isRoot && isDebian) {
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
/** Debian's Chromium is what the browser tests drive; downloading a browser is not possible here. */
function ensureChromium(): boolean {
  return ensureProgram(
    chromiumPath,
    "chromium",
    "The browser tests",
    "or set CHROMIUM_PATH to another Chromium binary.",
  );
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

if (!databaseOnly) {
  if (!run("Type check", npx, ["react-router", "typegen"]) || !run("Type check", npx, ["tsc"])) finish(false);
  if (!run("Lint", npx, ["eslint", "."]) || !run("Format", npx, ["prettier", "--check", "."])) finish(false);
  if (!run("Architecture (no import loops, layers kept)", npx, ARCHITECTURE_CHECK)) finish(false);
}

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

if (!ensureChromium() || !ensureJava()) finish(false);
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
