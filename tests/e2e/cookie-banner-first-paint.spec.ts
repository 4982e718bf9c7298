/**
 * The cookie banner is in the server's HTML, the same for every visitor, and the head script shows
 * or hides it before the first paint (it was the late LCP element of /basket and /blog,
 * and the floating buttons moved when it arrived). Module scripts are held back where a test looks
 * at the page as it is before React hydrates.
 */
import type { Page } from "@playwright/test";
import { dismissCookieBanner, expect, test, waitForHydration } from "./fixtures";

/** Holds every script file until the returned function is called: the page stays as the server sent it. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const banner = (page: Page) => page.getByTestId("cookie-banner");

test("every visitor gets the same HTML with the banner in it, ready to be shown", async ({ request }) => {
  for (const path of ["/", "/basket", "/blog"]) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('data-testid="cookie-banner"');
    expect(html, path).toContain('data-cookie-banner="pending"');
    // A visitor's stored choice cannot change what the server sends.
    const withCookies = await (await request.get(path, { headers: { Cookie: "cookieChoice=accepted" } })).text();
    expect(withCookies.match(/<section[^>]*data-testid="cookie-banner"[^>]*>/)?.[0]).toBe(
      html.match(/<section[^>]*data-testid="cookie-banner"[^>]*>/)?.[0],
    );
  }
});

test("a new visitor sees the banner before any script file has run", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/blog", { waitUntil: "commit" });
  await expect(banner(page)).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("data-cookie-consent", "ask");
  // Its buttons are not marked as unusable: a press before hydration is carried out (below).
  await expect(banner(page).getByRole("button", { name: "Accept All" })).not.toHaveAttribute("aria-disabled");
  // The floating buttons already sit above it: its height was reserved as soon as it was parsed.
  const height = await page.evaluate(() => document.documentElement.style.getPropertyValue("--cookie-banner-height"));
  expect(height).toBe(`${await banner(page).evaluate((element) => (element as HTMLElement).offsetHeight)}px`);

  release();
  await waitForHydration(page);
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toHaveCount(0);
});

for (const [button, choice] of [
  ["Reject All", "rejected"],
  ["Accept All", "accepted"],
] as const) {
  test(`${button} pressed before any script file has run hides the banner at once and is stored once they run`, async ({
    page,
  }) => {
    const release = await holdScripts(page);
    const recorded = page.waitForRequest((request) => request.url().endsWith("/api/cookie-consent"));
    await page.goto("/blog", { waitUntil: "commit" });
    await banner(page).getByRole("button", { name: button }).click();
    await expect(banner(page)).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--cookie-banner-height"))).toBe(
      "",
    );

    release();
    await waitForHydration(page);
    expect((await recorded).postDataJSON()).toMatchObject({ choice });
    await expect.poll(() => page.evaluate(() => localStorage.getItem("cookieChoice"))).toBe(choice);
    await expect(banner(page)).toHaveCount(0);
    // Chosen once: a reload asks nothing.
    await page.reload();
    await waitForHydration(page);
    await expect(banner(page)).toHaveCount(0);
  });
}

test("Settings pressed before any script file has run opens the settings once they run", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/blog", { waitUntil: "commit" });
  // Pressed from the keyboard, as many visitors do.
  await banner(page).getByRole("button", { name: "Settings" }).focus();
  await page.keyboard.press("Enter");
  release();
  await expect(page.getByRole("dialog", { name: /cookie/i })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem("cookieChoice"))).toBeNull();
});

test("a visitor who already chose never sees the banner, not even before hydration", async ({ page }) => {
  await dismissCookieBanner(page);
  const release = await holdScripts(page);
  await page.goto("/basket", { waitUntil: "commit" });
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByTestId("theme-toggle")).toBeAttached();
  await expect(banner(page)).toBeAttached();
  await expect(banner(page)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--cookie-banner-height"))).toBe("");

  release();
  await waitForHydration(page);
  await expect(banner(page)).toHaveCount(0);
});

test("nothing on the page moves when the banner is shown and the page hydrates", async ({ page }) => {
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.setViewportSize({ width: 412, height: 823 });
  await page.goto("/basket");
  await waitForHydration(page);
  await expect(banner(page)).toBeVisible();
  // Let a late effect (a measured height, say) have its frame before counting.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 200))));
  expect(await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts)).toEqual([]);
});

test("without JavaScript the banner, which could not be dismissed, stays hidden", async ({ browser, server }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  try {
    const page = await context.newPage();
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(banner(page)).toBeAttached();
    await expect(banner(page)).toBeHidden();
  } finally {
    await context.close();
  }
});
