/**
 * Public pages must not get heavier: content blocks and a content page's article are
 * static, so the server draws them as HTML (lib/browser/static-html.ts) and no public page loads their
 * code. Each marker below is a string only that code holds; a page that loads a script holding
 * one ships code it does not need (npm run bench measures the weight itself).
 */
import { dismissCookieBanner, expect, test, waitForHydration } from "./fixtures";

const MARKERS = [
  "What our clients say", // the testimonials section (components/site/blocks/block-sections.tsx)
  "Leadership", // the team section, same file
  "content-dates", // the content page's article (components/site/content-article.tsx)
];

for (const path of ["/", "/about", "/cloud", "/services", "/contact", "/content/accessibility-statement"]) {
  test(`${path} loads no code of the content blocks or the article`, async ({ page }) => {
    const scripts: Promise<{ url: string; body: string }>[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script") {
        scripts.push(response.text().then((body) => ({ url: response.url(), body })));
      }
    });
    await page.goto(path);
    await waitForHydration(page);
    const loaded = await Promise.all(scripts);
    expect(loaded.length, "the page loads its scripts").toBeGreaterThan(3);
    for (const { url, body } of loaded) {
      for (const marker of MARKERS) expect(body.includes(marker), `${url} holds "${marker}"`).toBe(false);
    }
  });
}

test("the drawn article and blocks are on the page as before", async ({ page }) => {
  await page.goto("/content/accessibility-statement");
  await waitForHydration(page);
  await expect(page.getByTestId("content-dates")).toBeVisible();
  await expect(page.getByTestId("content-body")).not.toBeEmpty();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await page.goto("/about");
  await expect(page.getByRole("heading", { level: 2, name: "Leadership" })).toBeVisible();
});

test("a link in a drawn block to a page of the site is followed without loading the document again", async ({
  page,
}) => {
  await page.goto("/services");
  await waitForHydration(page);
  // A mark on this document's window: a full page load would start a new one without it.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  await page.getByRole("link", { name: "Explore AWS Cloud" }).click();
  await expect(page).toHaveURL(/\/cloud$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => "sameDocument" in window)).toBe(true);
});

/**
 * Issue 19: Embla (the home page's carousels) and the FAQ accordion are not in the first scripts.
 * The server's markup must stay exactly where it is while their code arrives: no layout shift.
 */
for (const [path, lateModule] of [
  ["/", /carousel-engine-[\w-]+\.js$/],
  ["/ai", /faq-accordion-[\w-]+\.js$/],
] as const) {
  test(`${path}: nothing moves while the code loaded after the first scripts arrives`, async ({ page }) => {
    await dismissCookieBanner(page);
    await page.addInitScript(() => {
      const shifts: number[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        // A shift right after the visitor's own input (opening an answer) is not one.
        for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
          if (!entry.hadRecentInput) shifts.push(entry.value);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    const lateScript = page.waitForResponse((response) => lateModule.test(response.url()));
    await page.goto(path);
    await waitForHydration(page);
    await lateScript;
    if (path === "/") {
      // Embla runs: the controls are enabled.
      await expect(page.getByRole("button", { name: "Next slide" }).first()).toBeEnabled();
    } else {
      // The accordion is hydrated: a question opens its answer (after any shift hydration made).
      const question = page.locator("[data-slot=faq] h3 button").first();
      await question.click();
      await expect(question).toHaveAttribute("aria-expanded", "true");
    }
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: number[] }).layoutShifts);
    expect(shifts).toEqual([]);
  });
}

/**
 * On a slow phone the parser pauses while reading a page, and Chromium painted the part it had:
 * the main menu with three items, which moved left as the rest arrived (CLS 0.014 on `/`, seen on
 * CI's loaded machine). The first paint now waits for the footer (lib/browser/first-paint.ts). With the
 * CPU slowed twelvefold the shift showed in every load before that change.
 */
for (const path of ["/", "/training", "/contact"]) {
  test(`${path}: nothing moves while a slow phone parses the page`, async ({ page }) => {
    await dismissCookieBanner(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 12 });
    await page.addInitScript(() => {
      const shifts: string[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { node?: Node }[];
        })[]) {
          const moved = entry.sources.map((source) => (source.node as Element | undefined)?.outerHTML?.slice(0, 60));
          if (!entry.hadRecentInput) shifts.push(`${entry.value.toFixed(4)} ${moved.join(", ")}`);
        }
      }).observe({ type: "layout-shift", buffered: true });
    });
    await page.goto(path);
    // Twelve times slower, hydration took 2–5 s here and over the default 5 s on CI's loaded machine.
    await waitForHydration(page, { timeout: 30_000 });
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: string[] }).layoutShifts);
    expect(shifts).toEqual([]);
  });
}
