/**
 * Test fixtures: every Playwright worker starts the production build in-process on a fresh data
 * directory and a free port, so a test can look at (and change) the same database the pages read.
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { COOKIE_POLICY_VERSION } from "../../app/lib/cookie-consent";
import { USER_ROLES, type UserRole } from "../../app/lib/enums";
import { NOT_FOUND_CONSOLE_MESSAGE } from "../../app/lib/not-found";
import { roleCan, type Permission } from "../../app/lib/permissions";
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

type FormBody = Record<string, string>;

/** A request to a CMS action: a valid form body, and the address when it is not the tab's own. */
export interface CmsPost {
  path?: string;
  form: FormBody;
}

/** What describeCmsAccessRules needs to know about a CMS tab. */
export interface CmsAccessRules<Context> {
  /** The tab's address, where its actions are POSTed unless a request names another. */
  path: string;
  /** What opens the tab's pages (app/lib/permissions.ts): a role without it sees Access Denied. */
  permission: Permission;
  /** What its actions need: a role without it is refused them. */
  changes: Permission;
  /** The tab's own heading, which a refused visitor must never see. */
  heading: string | RegExp;
  /** Runs first in every test: stores what the tab would show; what it returns is passed on. */
  setUp?: (server: TestServer) => Promise<Context>;
  /** The addresses refused visitors try (default: the tab's own). */
  pages?: (context: Context) => string[];
  /** A valid form body for the tab's action, or several requests; the tests add the token where they send one. */
  form: FormBody | CmsPost[] | ((context: Context) => FormBody | CmsPost[]);
  /** Whether the database was changed (by any of those requests). */
  changed: (server: TestServer, context: Context) => Promise<boolean>;
  /** Further checks that a refused visitor's page shows none of the tab's data. */
  expectNothingShown?: (page: Page, context: Context) => Promise<void>;
}

/** The roles that do not hold this permission (never Administrator, who holds every one). */
function rolesWithout(permission: Permission): UserRole[] {
  return USER_ROLES.filter((role) => !roleCan(role, permission));
}

/**
 * Declares the access tests every CMS tab shares: an anonymous visitor is sent to sign in; a
 * signed-in role without the tab's permission sees Access Denied with status 403; and the tab's
 * actions answer 403 and change nothing when POSTed by a role without their permission, by an
 * administrator without the anti-forgery token, or from another site (with a valid token).
 */
export function describeCmsAccessRules<Context = undefined>(rules: CmsAccessRules<Context>): void {
  const setUp = async (server: TestServer) => (rules.setUp ? await rules.setUp(server) : undefined) as Context;
  const pages = (context: Context) => rules.pages?.(context) ?? [rules.path];

  async function expectNothingShown(page: Page, context: Context) {
    await expect(page.getByRole("heading", { name: rules.heading, exact: true })).toHaveCount(0);
    await rules.expectNothingShown?.(page, context);
  }

  /** Sends each of the tab's requests: every one must get 403 and leave the database as it was. */
  async function expectRefused(
    page: Page,
    server: TestServer,
    context: Context,
    { csrf, headers }: { csrf?: string; headers?: Record<string, string> },
  ) {
    const body = typeof rules.form === "function" ? rules.form(context) : rules.form;
    const requests: CmsPost[] = Array.isArray(body) ? body : [{ form: body }];
    for (const { path = rules.path, form } of requests) {
      const response = await page.request.post(path, { headers, form: csrf ? { csrf, ...form } : form });
      expect(response.status(), `POST ${path} ${JSON.stringify(form)}`).toBe(403);
      expect(await rules.changed(server, context), `POST ${path} changed the database`).toBe(false);
    }
  }

  test.describe("access", () => {
    test("an anonymous visitor is sent to sign in", async ({ page, server }) => {
      // With an administrator in place /cms shows the sign-in card (not the first-run set-up).
      await ensureAdminExists(server);
      const context = await setUp(server);
      for (const address of pages(context)) {
        await page.goto(address);
        expect(new URL(page.url()).pathname, address).toBe("/cms");
        expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(address);
        await expect(page.getByText("Login to CMS")).toBeVisible();
        await expectNothingShown(page, context);
      }
    });

    for (const role of rolesWithout(rules.permission)) {
      test(`a signed-in ${role} (without ${rules.permission}) sees Access Denied with status 403`, async ({
        page,
        server,
        consoleErrors,
      }) => {
        const context = await setUp(server);
        await signInAs(page, server, role);
        for (const address of pages(context)) {
          const response = await page.goto(address);
          expect(response?.status(), address).toBe(403);
          await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
          await expectNothingShown(page, context);
        }
        // Chromium reports the 403 document itself as a failed resource.
        expectConsoleError(consoleErrors, 403);
      });
    }

    for (const role of rolesWithout(rules.changes)) {
      test(`a ${role}'s POST (without ${rules.changes}) is refused and changes nothing`, async ({ page, server }) => {
        const context = await setUp(server);
        await signInAs(page, server, role);
        await page.goto("/cms/account");
        await expectRefused(page, server, context, { csrf: await csrfToken(page) });
      });
    }

    test("an administrator's POST without the anti-forgery token gets 403 and changes nothing", async ({
      page,
      server,
    }) => {
      const context = await setUp(server);
      await signInAs(page, server, "admin");
      await expectRefused(page, server, context, {});
    });

    test("a cross-site POST gets 403 and changes nothing, even with a valid token", async ({ page, server }) => {
      const context = await setUp(server);
      await signInAs(page, server, "admin");
      const response = await page.goto(rules.path);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("heading", { name: rules.heading, exact: true })).toBeVisible();
      await expectRefused(page, server, context, {
        csrf: await csrfToken(page),
        headers: { Origin: "https://evil.example" },
      });
    });
  });
}

/** The top-level entries of the main menu (links and dropdown buttons), in order. */
export function mainMenuEntries(page: Page) {
  return page
    .getByRole("navigation", { name: "Main" })
    .locator(":scope > ul > li > a, :scope > ul > li > div > button");
}
