/**
 * Test fixtures: every Playwright worker starts the production build in-process on a fresh data
 * directory and a free port, so a test can look at (and change) the same database the pages read.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { COOKIE_POLICY_VERSION } from "../../app/lib/consent/cookie-consent";
import type { UserRole } from "../../app/lib/enums";
import { NOT_FOUND_CONSOLE_MESSAGE } from "../../app/lib/site/not-found";
import { ensureAdminExists } from "../support/accounts";
import { startProductionServer, type TestServer } from "../support/production-server";

export { ensureAdminExists, type TestServer };

export const test = base.extend<{ consoleErrors: string[] }, { server: TestServer }>({
  server: [
    async ({}, use) => {
      const { stop, ...server } = await startProductionServer();
      await use(server);
      await stop();
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
      // Entries a test declared expected may arrive after it said so (the not-found page logs its
      // path once hydrated, which on a slow machine can be after the test's last step).
      const expected = expectedConsoleErrors.get(errors) ?? [];
      const unexpected = errors.filter((message) => !expected.some((text) => message.includes(text)));
      expect(unexpected, "the page logged errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * The fixtures for a spec whose tests speak HTTP only. The shared fixtures watch every test's
 * browser page for console errors, which opens a page per test; without a page there is no
 * console to watch, and each test starts in milliseconds rather than a second.
 */
export const httpOnlyTest = test.extend({
  consoleErrors: async ({}, use) => use([]),
});

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/**
 * The WCAG rules whose answer depends on colour. The themes differ only in colour (the `dark` class
 * swaps the palette's custom properties; no element is shown in one theme and not the other but the
 * theme toggle's own decorative icon), so after a full check in one theme these are all the other
 * theme can fail.
 */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/** Runs axe-core with the WCAG 2.2 A and AA rules (or only `rules`) on the page as it is now. */
export async function expectNoAxeViolations(page: Page, rules?: readonly string[]): Promise<void> {
  const builder = new AxeBuilder({ page })
    // Only violations are read: axe then skips collecting every passing node. (Before withTags and
    // withRules: options() replaces every option set so far.)
    .options({ resultTypes: ["violations"] });
  const results = await (rules ? builder.withRules([...rules]) : builder.withTags(WCAG_TAGS))
    // axe.run in the page, its frames included (all same-origin here: nothing is embedded from
    // elsewhere), instead of a run per frame finished in a new blank page, which costs a second or
    // more per check on a two-core machine.
    .setLegacyMode()
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary, "accessibility violations").toEqual([]);
}

/**
 * The axe check in the light theme and in the dark theme, leaving the page as it found it: every
 * WCAG rule in the page's theme, the colour rules in the other.
 */
export async function expectAccessibleInBothThemes(page: Page): Promise<void> {
  // Colours change with a short transition, and a hovered control has its hover colours: axe must
  // see the settled colours of each theme, not a frame in between.
  await page.addStyleTag({
    content: "*, *::before, *::after { transition: none !important; animation: none !important; }",
  });
  await page.mouse.move(0, 0);
  const initiallyDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await expectNoAxeViolations(page);
  await page.evaluate((value) => document.documentElement.classList.toggle("dark", value), !initiallyDark);
  await expectNoAxeViolations(page, COLOUR_RULES);
  await page.evaluate((value) => document.documentElement.classList.toggle("dark", value), initiallyDark);
}

/**
 * Stores a cookie choice before the page loads, under the cookie policy's current version, so the
 * banner does not cover what a test looks at.
 */
export async function dismissCookieBanner(page: Page): Promise<void> {
  await page.addInitScript((version) => {
    if (localStorage.getItem("cookieChoice")) return;
    localStorage.setItem("cookieChoice", "rejected");
    localStorage.setItem("cookieConsent", JSON.stringify({ version }));
  }, COOKIE_POLICY_VERSION);
}

/**
 * Waits until React has hydrated the page (the theme toggle reports its state only then). A test
 * that slows the CPU on purpose gives a longer timeout: hydration takes that much longer.
 */
export async function waitForHydration(page: Page, options?: { timeout: number }): Promise<void> {
  await expect(page.getByTestId("theme-toggle")).toHaveAttribute("aria-pressed", /true|false/, options);
}

/** Per test, the console entries it declared expected; read again when the test ends. */
const expectedConsoleErrors = new WeakMap<string[], string[]>();

/**
 * Chromium logs every response with an error status as a console error. A test that provokes
 * such responses on purpose (a page that does not exist yet, a refused sign-in, a validation error)
 * removes exactly those entries, for the statuses it names, and no others.
 */
export function ignoreErrorResponses(consoleErrors: string[], ...statuses: number[]): void {
  const expected = statuses.map((status) => `the server responded with a status of ${status} `);
  // The not-found page logs the missing path too (SPEC.md "Not-found page"), as part of its 404.
  if (statuses.includes(404)) expected.push(`${NOT_FOUND_CONSOLE_MESSAGE} `);
  expectedConsoleErrors.set(consoleErrors, [...(expectedConsoleErrors.get(consoleErrors) ?? []), ...expected]);
  const others = consoleErrors.filter((message) => !expected.some((text) => message.includes(text)));
  consoleErrors.splice(0, consoleErrors.length, ...others);
}

/** Removes the console entries of 404 responses (pages later issues add). */
export function ignoreNotFoundResponses(consoleErrors: string[]): void {
  ignoreErrorResponses(consoleErrors, 404);
}

/**
 * For a test that provokes an error response on purpose: checks that the page logged it (Chromium
 * logs each such response as a console error) and removes exactly those entries, so that any other
 * error still fails the test.
 */
export function expectConsoleError(consoleErrors: string[], status: number): void {
  const expected = `the server responded with a status of ${status} `;
  expect(
    consoleErrors.some((message) => message.includes(expected)),
    `the page logged the ${status} response`,
  ).toBe(true);
  ignoreErrorResponses(consoleErrors, status);
}

let userCounter = 0;

/**
 * Creates a user with the given role (Administrator, Editor or Support) and signs this page's
 * browser in as them, directly through a new session (the sign-in form itself has its own tests).
 * Returns the user and their password.
 */
export async function signInAs(
  page: Page,
  server: TestServer,
  role: UserRole = "admin",
): Promise<{ id: string; email: string; password: string }> {
  const { createUser } = await import("../../app/server/auth/users.server");
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

/** The anti-forgery token the CMS layout put in this page's forms. */
export async function csrfToken(page: Page): Promise<string> {
  return (await page.locator('input[name="csrf"]').first().inputValue()).trim();
}

/** Waits until React has attached itself to this element (its event handlers work only then). */
export async function waitForReact(element: Locator): Promise<void> {
  await expect
    // A long list (hundreds of accounts made by earlier tests) can take a loaded machine a while to
    // hydrate; this waits for the event, never longer than needed.
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith("__reactFiber"))), {
      timeout: 15_000,
    })
    .toBe(true);
}

/**
 * The CMS's rich-text editor labelled `label`. It loads lazily after hydration, and until then a
 * plain HTML textarea of the same name stands in for it: a test that types rich text (`## ` for a
 * heading) waits for this locator, not the textbox's name alone.
 */
export function richTextEditor(page: Page, label: string): Locator {
  return page.getByRole("textbox", { name: label, exact: true }).and(page.locator('[contenteditable="true"]'));
}

/**
 * Waits until the page has drawn two more frames: anything a click set off (the task that runs a
 * javascript: link, a handler, a navigation it started) has had its turn by then. Lets a test
 * show that a click ran nothing without a fixed wait.
 */
export async function waitForFramesAfter(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Opens a CMS page as a signed-in administrator: it answers 200, shows its heading, and React has
 * hydrated it (the `control` button, which every visit shows, works).
 */
export async function openCmsTab(page: Page, url: string, heading: string | RegExp, control: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBe(200);
  await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await waitForReact(page.getByRole("button", { name: control }));
}

/**
 * Waits until the toasts on screen have gone (they last 4 s; a pointer over them would pause them),
 * so an axe check looks at the page itself rather than at the shared toaster.
 */
export async function waitForToastsToClose(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * At a phone's width (375 px) every panel of a CMS page fits the screen (a wide table scrolls
 * inside its own box); the desktop size is put back afterwards.
 */
export async function expectPanelsFitPhoneWidth(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  const rightEdges = await page
    .locator("main section")
    .evaluateAll((sections) => sections.map((section) => section.getBoundingClientRect().right));
  expect(Math.max(...rightEdges)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** The top-level entries of the main menu (links and dropdown buttons), in order. */
export function mainMenuEntries(page: Page) {
  return page
    .getByRole("navigation", { name: "Main" })
    .locator(":scope > ul > li > a, :scope > ul > li > div > button");
}
