/**
 * Test fixtures: every Playwright worker starts the production build in-process on a fresh data
 * directory and a free port, so a test can look at (and change) the same database the pages read.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import type { Database } from "../../app/server/db.server";
import type * as ServerApp from "../../server/app";

const projectRoot = path.resolve(import.meta.dirname, "../..");
/** The production build under test (BUILD_DIR lets parallel runs keep separate builds). */
const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

export interface TestServer {
  url: string;
  /** The one-time code printed at start while no administrator exists (null once one does). */
  setupCode: string | null;
  db: Database;
  /** Drops the in-memory caches, as the CMS does after it writes. */
  invalidateCaches: () => void;
}

type ServerBuild = typeof ServerApp;

export const test = base.extend<{ consoleErrors: string[] }, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-"));
      Object.assign(process.env, {
        NODE_ENV: "production",
        DATA_DIR: dataDir,
        LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "silent",
        // Lets a test pose as another client address (X-Forwarded-For) to test per-IP limits.
        TRUST_PROXY: "1",
      });
      const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
      const { setupCode } = await build.startServices();
      const server = http.createServer(build.createApp({ clientDir: path.join(buildDir, "client") }));
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const { port } = server.address() as AddressInfo;
      const database = await build.getDatabase();

      await use({
        url: `http://127.0.0.1:${port}`,
        setupCode,
        db: database.db,
        invalidateCaches: build.invalidateCaches,
      });

      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await build.stopServices();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => use(server.url),
  /** Errors the page logged; a test that expects one empties this array itself. */
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      page.on("pageerror", (error) => errors.push(String(error)));
      await use(errors);
      expect(errors, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Runs axe-core with the WCAG 2.2 A and AA rules on the page as it is now. */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/** The axe check in the light theme and in the dark theme, leaving the page as it found it. */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  const initiallyDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  for (const dark of [initiallyDark, !initiallyDark]) {
    await page.evaluate((value) => document.documentElement.classList.toggle("dark", value), dark);
    await expectNoAxeViolations(page);
  }
  await page.evaluate((value) => document.documentElement.classList.toggle("dark", value), initiallyDark);
}

/** Stores a cookie choice before the page loads, so the banner does not cover what a test looks at. */
export async function dismissCookieBanner(page: Page): Promise<void> {
  await page.addInitScript(() => {
    if (!localStorage.getItem("cookieChoice")) localStorage.setItem("cookieChoice", "rejected");
  });
}

/** Waits until React has hydrated the page (the theme toggle reports its state only then). */
export async function waitForHydration(page: Page): Promise<void> {
  await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", /true|false/);
}

/**
 * Chromium logs every response with an error status as a console error. A test that provokes
 * such responses on purpose (a page that does not exist yet, a refused sign-in, a validation error)
 * removes exactly those entries, for the statuses it names, and no others.
 */
export function ignoreErrorResponses(consoleErrors: string[], ...statuses: number[]): void {
  const expected = statuses.map((status) => `the server responded with a status of ${status} `);
  const others = consoleErrors.filter((message) => !expected.some((text) => message.includes(text)));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/** Removes the console entries of 404 responses (pages later issues add). */
export function ignoreNotFoundResponses(consoleErrors: string[]): void {
  ignoreErrorResponses(consoleErrors, 404);
}

let userCounter = 0;

/**
 * Creates a user with the given role and signs this page's browser in as them, directly through a
 * new session (the sign-in form itself has its own tests). Returns the user and their password.
 */
/** Makes sure an administrator exists, so /cms shows the sign-in form rather than the first-run set-up. */
export async function ensureAdminExists(server: TestServer): Promise<void> {
  const { adminExists } = await import("../../app/server/auth/admin-setup.server");
  const { createUser } = await import("../../app/server/users.server");
  if (await adminExists(server.db)) return;
  await createUser(server.db, {
    email: `owner-${process.pid}-${Date.now()}@example.com`,
    password: "owner-pass-1",
    role: "admin",
  });
}

export async function signInAs(
  page: Page,
  server: TestServer,
  role: "admin" | "user" = "admin",
): Promise<{ id: string; email: string; password: string }> {
  const { createUser } = await import("../../app/server/users.server");
  const { createSession } = await import("../../app/server/auth/sessions.server");
  userCounter += 1;
  const email = `${role}-${process.pid}-${userCounter}-${Date.now()}@example.com`;
  const password = "correct horse battery";
  const user = await createUser(server.db, { email, password, role });
  const setCookie = await createSession(server.db, user.id, "playwright");
  const [pair] = setCookie.split(";");
  const [name, value] = pair!.split("=");
  await page.context().addCookies([{ name: name!, value: value!, url: server.url, httpOnly: true, sameSite: "Lax" }]);
  return { id: user.id, email, password };
}
