import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests run Debian's Chromium (never a downloaded browser) against the production build,
 * served in-process by each worker (tests/e2e/fixtures.ts) on its own fresh database.
 */
// Each worker serves the production build in-process, and a spec may import app modules (the access
// rules' helpers, which load route modules and so React Router and React) before its worker's
// server starts: one mode from the start, or a spec that is its worker's first file loads React's
// development build and the server's render fails. Production wants a public address when those
// modules load; each worker's server sets its own before it imports the build.
process.env.NODE_ENV = "production";
process.env.PUBLIC_URL ??= "http://127.0.0.1";

const chromiumArgs = [
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // The sandbox cannot start as root, which is how CI runs.
  ...(process.getuid?.() === 0 ? ["--no-sandbox"] : []),
];

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // No retries, on CI either: a retry hides a flaky test's cause and doubles a failing run's time,
  // so a flaky test is fixed where it is flaky (docs/decisions/025 records the retry this replaced).
  retries: 0,
  workers: 2,
  // Journeys through several CMS screens on a busy two-core machine take a while; each step still
  // has its own 5-second expectation limit.
  timeout: 90_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"], ["html", { open: "never" }]],
  use: {
    ...devices["Desktop Chrome"],
    // Debian's Chromium in its headless shell, which runs a test in about half the time of the full
    // browser (docs/decisions/037); `npm test` sets CHROMIUM_PATH to the one it found.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
      args: chromiumArgs,
    },
    // Recording a trace (a screencast and a DOM snapshot per action) costs every test about a tenth
    // of its time on a two-core machine, so CI records none; locally a failed test keeps its trace.
    trace: process.env.CI ? "off" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
});
