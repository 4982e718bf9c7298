/**
 * The marketing pages in the browser (SPEC.md section 2): every page renders from the server with
 * its own title, canonical address, sharing tags and structured data, passes axe in both themes,
 * links only to pages that exist, and its carousels, accordions and timelines behave as specified.
 */
import type { Page } from "@playwright/test";
import { FAMILY_PAGE_ADDRESSES, findFamilyPage } from "../../app/content/pages";
import { dismissCookieBanner, expect, expectAccessibleInBothThemes, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const SINGLE_PAGES = ["/", "/about", "/services", "/product-development"];
/** Every address of this pages, aliases included. */
const MARKETING_ADDRESSES = [...SINGLE_PAGES, ...FAMILY_PAGE_ADDRESSES];

/** The canonical path of an address: an alias's primary page, otherwise the address itself. */
const canonicalPathOf = (address: string) => findFamilyPage(address)?.page.path ?? address;

async function structuredData(page: Page): Promise<{ "@type": string; [key: string]: unknown }[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as { "@type": string });
}

test("every marketing page is server-rendered with its own title, canonical address, sharing tags, structured data, accessible", async ({
  page,
}) => {
  // One visit to each page, each checked by axe in both themes, on a shared machine.
  test.setTimeout(MARKETING_ADDRESSES.length * 30_000);
  const titles = new Set<string>();
  for (const address of MARKETING_ADDRESSES) {
    await test.step(`${address}: server-rendered with its own title, canonical address, sharing tags, accessible`, async () => {
      const response = await page.goto(address);
      expect(response?.status()).toBe(200);
      // Complete before any script runs: the HTML from the server already holds the heading.
      const html = (await response?.text()) ?? "";
      expect(html).toMatch(/<h1[^>]*>[^<]+/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const main = (await page.getByRole("main").textContent()) ?? "";
      expect(main).not.toMatch(/\{\{|\}\}|lorem ipsum|undefined/i);

      // Absolute, on the site's public address (PUBLIC_URL), and an alias's is its primary page's.
      const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
      expect(new URL(canonical!).pathname).toBe(canonicalPathOf(address));
      await expect(page.locator('meta[property="og:url"]')).toHaveAttribute("content", canonical!);
      await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{50,}/);
      await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/images\/share\.png$/);
      await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
      const title = await page.title();
      expect(title.length).toBeGreaterThan(5);

      const imageUrl = await page.locator('meta[property="og:image"]').getAttribute("content");
      const image = await page.request.get(new URL(imageUrl!).pathname);
      expect(image.status()).toBe(200);
      expect(image.headers()["content-type"]).toBe("image/png");

      // An alias serves its primary page's document, whose data and accessibility are checked there.
      if (canonicalPathOf(address) !== address) return;
      titles.add(title);
      await expectStructuredDataOfPage(page, address);
      await waitForHydration(page);
      await expectAccessibleInBothThemes(page);
    });
  }
  expect(titles.size, "pages sharing a title").toBe(
    MARKETING_ADDRESSES.filter((address) => canonicalPathOf(address) === address).length,
  );
});

/** FAQs carry their FAQPage data, nested pages their breadcrumbs, case studies their Article. */
async function expectStructuredDataOfPage(page: Page, address: string): Promise<void> {
  const data = await structuredData(page);
  const types = data.map((item) => item["@type"]);
  const entry = findFamilyPage(address);
  const faqCount = await page.locator("[data-slot=faq] h3").count();
  if (faqCount > 0) {
    const faq = data.find((item) => item["@type"] === "FAQPage") as { mainEntity: unknown[] } | undefined;
    expect(faq?.mainEntity, address).toHaveLength(faqCount);
  }
  if (entry && entry.template !== "overview") {
    expect(types, address).toContain("BreadcrumbList");
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toBeVisible();
  }
  if (entry?.template === "case-study") expect(types, address).toContain("Article");
}

test("the home page describes the organisation for search engines", async ({ page }) => {
  await page.goto("/");
  const organization = (await structuredData(page)).find((item) => item["@type"] === "Organization");
  expect(organization).toMatchObject({ name: expect.any(String), url: expect.stringMatching(/\/$/) });
  // Google's recommended forms: a PostalAddress (not one line of text) and an international number.
  expect(organization).toMatchObject({
    address: {
      "@type": "PostalAddress",
      streetAddress: "4th Floor, 27 Clerkenwell Road",
      addressLocality: "London",
      postalCode: "EC1M 5RN",
      addressCountry: "GB",
    },
    telephone: "+44 20 7946 0321",
  });
});

test("a case study is an Article with its publication and modification dates", async ({ page }) => {
  await page.goto("/case-studies/security-assessment");
  const article = (await structuredData(page)).find((item) => item["@type"] === "Article");
  expect(article).toMatchObject({
    datePublished: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    dateModified: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  });
  expect(String(article!.dateModified) >= String(article!.datePublished)).toBe(true);
});

test("only the first hero picture loads eagerly; every picture has its size and modern formats", async ({ page }) => {
  await page.goto("/");
  const images = page.locator("main img");
  expect(await images.count()).toBe(7);
  await expect(page.locator('main img[loading="eager"]')).toHaveCount(1);
  await expect(page.locator('main img[loading="eager"]')).toHaveAttribute("fetchpriority", "high");
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
    await expect(image).toHaveAttribute("alt", /.{10,}/);
  }
  await expect(page.locator('main picture source[type="image/avif"]')).toHaveCount(7);
  await expect(page.locator('main picture source[type="image/webp"]')).toHaveCount(7);
});

test.describe("carousels", () => {
  test("the hero advances every 3 seconds and loops", async ({ page }) => {
    // The page's timers run on Playwright's clock, paused: only the test moves it on.
    await page.clock.install();
    await page.clock.pauseAt(Date.now() + 1_000);
    await page.goto("/");
    await waitForHydration(page);
    const hero = page.getByRole("region", { name: "Highlights slideshow" });
    // Embla loads after the page's first scripts: the 3 seconds count from when it
    // runs, which the enabled controls show.
    await expect(hero.getByRole("button", { name: "Next slide" })).toBeEnabled();
    await expect(hero).toHaveAttribute("data-selected", "0");
    await page.clock.runFor(2_999);
    await expect(hero).toHaveAttribute("data-selected", "0");
    await page.clock.runFor(1);
    await expect(hero).toHaveAttribute("data-selected", "1");
    // Two slides: after the second, it comes back to the first.
    await page.clock.runFor(3_000);
    await expect(hero).toHaveAttribute("data-selected", "0");
  });

  test("the services carousel shows 1, 2 or 3 slides by screen width", async ({ page }) => {
    for (const [width, perView] of [
      [390, 1],
      [800, 2],
      [1280, 3],
    ] as const) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const region = page.getByRole("region", { name: "Services slideshow" });
      const viewport = await region.locator("> div").first().boundingBox();
      const slide = await region.getByRole("group").first().boundingBox();
      expect(Math.round(viewport!.width / slide!.width), `${width}px`).toBe(perView);
    }
  });

  test("previous and next work from the keyboard and stop the movement", async ({ page }) => {
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    const region = page.getByRole("region", { name: "Services slideshow" });
    // The controls are enabled once Embla, loaded after the page's first scripts, runs.
    await expect(region.getByRole("button", { name: "Next slide" })).toBeEnabled();
    await region.getByRole("button", { name: "Next slide" }).focus();
    // Focus alone stops autoplay: the control now offers to play again.
    await expect(region.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await expect(region).toHaveAttribute("data-selected", "0");
    await page.keyboard.press("Enter");
    await expect(region).toHaveAttribute("data-selected", "1");
    // Stopped for good: a whole autoplay interval later (on the page's clock) it is still on the
    // same slide, which Previous below confirms by landing on the first.
    await page.clock.runFor(4_500);
    await expect(region).toHaveAttribute("data-selected", "1");
    await region.getByRole("button", { name: "Previous slide" }).focus();
    await page.keyboard.press("Space");
    await expect(region).toHaveAttribute("data-selected", "0");
  });

  test("no autoplay for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.clock.install();
    await page.goto("/");
    await waitForHydration(page);
    const hero = page.getByRole("region", { name: "Highlights slideshow" });
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await page.clock.runFor(3_500);
    await expect(hero).toHaveAttribute("data-selected", "0");
    // Started by hand, it moves on the same clock: had it moved by itself, it would be back on 0.
    await hero.getByRole("button", { name: "Play slideshow" }).click();
    await page.clock.runFor(3_000);
    await expect(hero).toHaveAttribute("data-selected", "1");
  });

  test("autoplay pauses while the tab is hidden and resumes when it is shown", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const hero = page.getByRole("region", { name: "Highlights slideshow" });
    await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
    const setVisibility = (state: "hidden" | "visible") =>
      page.evaluate((value) => {
        Object.defineProperty(document, "visibilityState", { value, configurable: true });
        document.dispatchEvent(new Event("visibilitychange"));
      }, state);
    await setVisibility("hidden");
    await expect(hero.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await setVisibility("visible");
    await expect(hero.getByRole("button", { name: "Pause slideshow" })).toBeVisible();
  });
});

test("FAQ: one answer open at a time, collapsible, usable from the keyboard", async ({ page }) => {
  await page.goto("/ai");
  await waitForHydration(page);
  const questions = page.locator("[data-slot=faq] h3 button");
  await expect(questions).toHaveCount(5);
  const [first, second] = [questions.nth(0), questions.nth(1)];
  await first.click();
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
  await second.click();
  await expect(second).toHaveAttribute("aria-expanded", "false");
  // Keyboard: Enter opens, arrow keys move between questions.
  await first.focus();
  await page.keyboard.press("Enter");
  await expect(first).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("ArrowDown");
  await expect(second).toBeFocused();
  await page.keyboard.press("Space");
  await expect(second).toHaveAttribute("aria-expanded", "true");
  await expect(first).toHaveAttribute("aria-expanded", "false");
});

test("the cloud pages have a six-question FAQ; each AI page and Cyber Security five", async ({ page }) => {
  for (const [address, count] of [
    ["/cloud", 6],
    ["/cybersecurity", 5],
    ["/ai/conversational-ai", 5],
    ["/ai/predictive-analytics", 5],
    ["/ai/computer-vision", 5],
    ["/ai/document-processing", 5],
    ["/case-studies/scalable-ecommerce", 6],
  ] as const) {
    await page.goto(address);
    await expect(page.locator("[data-slot=faq] h3"), address).toHaveCount(count);
  }
});

test("the migration timeline: four phases with their durations, each expands to show its work", async ({ page }) => {
  await page.goto("/cloud/enterprise-cloud-migration");
  const phases = page.locator("details");
  await expect(phases).toHaveCount(4);
  for (const [index, [title, duration]] of [
    ["Assessment & Planning", "6 weeks"],
    ["Proof of Concept", "4 weeks"],
    ["Migration Execution", "4 months"],
    ["Optimization", "Ongoing"],
  ].entries()) {
    const phase = phases.nth(index);
    await expect(phase.locator("summary")).toContainText(title!);
    await expect(phase.locator("summary")).toContainText(duration!);
    await expect(phase.getByRole("listitem").first()).toBeHidden();
  }
  await phases.nth(2).locator("summary").focus();
  await page.keyboard.press("Enter");
  await expect(phases.nth(2).getByRole("listitem").first()).toBeVisible();
  // Optimization is ongoing, so it is in progress (empty bar), never "Ongoing · Complete".
  await expect(phases.nth(3).locator("summary")).toContainText("Phase 4 · Ongoing · In progress");
  await expect(phases.nth(3).locator("summary")).not.toContainText("Complete");
  await expect(phases.nth(3).locator("[data-progress]")).toHaveAttribute("data-progress", "empty");
});

test("the e-commerce timeline marks its last step alone as in progress", async ({ page }) => {
  await page.goto("/scalable-ecommerce");
  const phases = page.locator("details");
  const count = await phases.count();
  expect(count).toBeGreaterThanOrEqual(3);
  for (let index = 0; index < count - 1; index += 1) {
    await expect(phases.nth(index).locator("summary")).toContainText("Complete");
  }
  await expect(phases.nth(count - 1).locator("summary")).toContainText("In progress");
  await expect(phases.nth(count - 1).locator("summary")).toContainText("Monitoring & Support");
  // Progress bars: full for every step but the last, which is empty.
  await expect(page.locator('[data-progress="full"]')).toHaveCount(count - 1);
  await expect(page.locator('[data-progress="empty"]')).toHaveCount(1);
});
