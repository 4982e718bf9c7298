/**
 * /training in the browser (SPEC.md "Training", sections 4, 8 and 9): the six seeded courses with
 * their prices, savings, "+N more topics" and student counts, rendered on the server; Add to
 * Basket with its toast and the header badge (a course added twice counts once), by mouse and by
 * keyboard; Download Curriculum as a real PDF; the hero picture's fallback; structured data; axe
 * in both themes.
 */
import fs from "node:fs";
import { and, eq, isNull } from "drizzle-orm";
import { pageContent, siteSettings, trainingCourses } from "../../app/db/schema";
import { moreTopicsLabel, studentCountLabel } from "../../app/lib/commerce/training";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  ignoreNotFoundResponses,
  test,
  waitForHydration,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));
// A British visitor: prices in pounds until another currency is chosen (SPEC.md section 9 gives
// an American browser dollars, on this page as in the basket).
test.use({ locale: "en-GB" });

/**
 * The built-in catalogue's figures as SPEC.md section 9 gives them (pounds, with a thousands
 * separator): price, original price, and the saving (original minus price), by course name.
 */
const SPEC_PRICES: Record<string, { price: string; original: string; saving: string }> = {
  "AWS Solutions Architect – Associate Preparation": { price: "£1,299", original: "£1,599", saving: "£300" },
  "Applied Machine Learning & AI for Business": { price: "£1,599", original: "£1,999", saving: "£400" },
  "Cyber Security Fundamentals": { price: "£999", original: "£1,299", saving: "£300" },
  "Full-Stack Web Development with React & Node.js": { price: "£1,399", original: "£1,799", saving: "£400" },
  "Agile Project Management & Scrum": { price: "£899", original: "£1,199", saving: "£300" },
  "DevOps & Kubernetes in Production": { price: "£1,699", original: "£2,199", saving: "£500" },
};

/** The spec's figures for a course the page shows; every seeded course must have them. */
function specPrices(name: string) {
  const prices = SPEC_PRICES[name];
  expect(prices, `SPEC.md's prices for ${name}`).toBeDefined();
  return prices!;
}

/** The active courses in the order the page lists them: by name, ignoring case ("Agile" before "AWS"). */
async function activeCourses(server: TestServer) {
  // As the page lists them: active and not in the trash (another test of the worker may leave one there).
  const rows = await server.db
    .select()
    .from(trainingCourses)
    .where(and(eq(trainingCourses.isActive, true), isNull(trainingCourses.deletedAt)));
  const key = (name: string) => name.toLowerCase();
  return rows.sort((a, b) => (key(a.name) < key(b.name) ? -1 : key(a.name) > key(b.name) ? 1 : 0));
}

async function companyName(server: TestServer): Promise<string> {
  const [row] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, "company_name"));
  return row!.settingValue;
}

test("/training shows the six seeded courses with prices, savings, topics and students, rendered on the server", async ({
  page,
  request,
  server,
}) => {
  const courses = await activeCourses(server);
  expect(courses).toHaveLength(6);

  // Complete before any JavaScript runs: the catalogue is in the server's HTML.
  const html = await (await request.get("/training")).text();
  expect(html).not.toContain("Loading content...");
  for (const course of courses) expect(html).toContain(specPrices(course.name).price);
  expect(html).toContain("1,247 students");

  await page.goto("/training");
  await expect(page).toHaveTitle(`Professional Training | ${await companyName(server)}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Professional Training");
  await expect(page.getByRole("heading", { level: 2, name: "Featured Training Courses" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 3, name: "Why train with us" })).toBeVisible();
  // The record's own body, sanitised, beside the reasons.
  await expect(page.getByTestId("training-pitch")).toContainText("Small cohorts of no more than 14 delegates");

  const cards = page.getByTestId("course-card");
  await expect(cards).toHaveCount(6);
  for (const [index, course] of courses.entries()) {
    const card = cards.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(course.name);
    await expect(card).toContainText(course.level);
    await expect(card).toContainText(course.duration);
    const prices = specPrices(course.name);
    await expect(card).toContainText(prices.price);
    await expect(card.locator("s")).toHaveText(`Original price: ${prices.original}`);
    await expect(card).toContainText(`Save ${prices.saving}`);
    await expect(card).toContainText(studentCountLabel(course.students));
    await expect(card.getByText(`Rated ${course.rating!.toFixed(1)} out of 5`)).toHaveCount(1);
    const features = course.features;
    for (const feature of features.slice(0, 3)) await expect(card).toContainText(feature);
    for (const feature of features.slice(3)) await expect(card).not.toContainText(feature);
    if (features.length > 3) await expect(card).toContainText(moreTopicsLabel(features.length - 3));
    await expect(card.getByRole("term").filter({ hasText: "Instructor" })).toBeVisible();
    await expect(card).toContainText(course.instructor!);
    await expect(card.getByRole("term").filter({ hasText: "Last updated" })).toBeVisible();
    await expect(card).toContainText(course.lastUpdated!);
    await expect(card.getByRole("button", { name: `Add to Basket: ${course.name}` })).toBeVisible();
  }

  // The spec's figures for the first course by name (SPEC.md section 9).
  const aws = cards.filter({ hasText: "AWS Solutions Architect" });
  await expect(aws).toContainText("£1,299");
  await expect(aws).toContainText("Save £300");
  await expect(aws).toContainText("1,247 students");
  await expect(aws).toContainText("+4 more topics");

  // Only the hero picture loads eagerly, and every picture has its size.
  const images = page.locator("main img");
  await expect(page.locator('main img[loading="eager"]')).toHaveCount(1);
  for (const image of await images.all()) {
    await expect(image).toHaveAttribute("width", /^\d+$/);
    await expect(image).toHaveAttribute("height", /^\d+$/);
  }

  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical!).pathname).toBe("/training");
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  const list = data.find((item) => item["@type"] === "ItemList") as {
    itemListElement: { item: { "@type": string; name: string; offers: { price: number; priceCurrency: string } } }[];
  };
  expect(list.itemListElement.map((entry) => entry.item.name)).toEqual(courses.map((course) => course.name));
  expect(list.itemListElement[0]!.item).toMatchObject({
    "@type": "Course",
    offers: { price: courses[0]!.price, priceCurrency: "GBP", category: "Paid" },
    hasCourseInstance: { courseMode: "Blended", courseWorkload: `PT${Number.parseInt(courses[0]!.duration, 10)}H` },
    // Google's course guidance recommends a picture and the language of instruction.
    image: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/images\/.+\.(webp|avif|png|jpe?g)$/),
    inLanguage: "en-GB",
  });
  const image = (list.itemListElement[0]!.item as unknown as { image: string }).image;
  expect((await page.request.get(new URL(image).pathname)).status()).toBe(200);
  expect(JSON.stringify(list)).not.toContain("aggregateRating");
  expect(data.map((item) => item["@type"])).toContain("BreadcrumbList");

  await waitForHydration(page);
  await expectAccessibleInBothThemes(page);
});

test("Add to Basket shows the toast and counts each course once in the header badge", async ({ page, server }) => {
  const [first, second] = await activeCourses(server);
  await page.goto("/training");
  await waitForHydration(page);
  const badge = page.getByTestId("basket-count");
  await expect(badge).toHaveCount(0);

  const firstButton = page.getByRole("button", { name: `Add to Basket: ${first!.name}` });
  await firstButton.click();
  await expect(page.getByText(`${first!.name} added to basket!`)).toBeVisible();
  await expect(badge).toHaveText("1");
  await expect(page.getByRole("link", { name: "Basket, 1 item" })).toBeVisible();

  await page.getByRole("button", { name: `Add to Basket: ${second!.name}` }).click();
  await expect(page.getByText(`${second!.name} added to basket!`)).toBeVisible();
  await expect(badge).toHaveText("2");

  // The basket keeps one of each course: adding it again changes nothing, and says so.
  await expect(firstButton).toHaveAccessibleDescription("In your basket");
  await firstButton.click();
  await expect(page.getByText(`${first!.name} is already in your basket`)).toBeVisible();
  await expect(badge).toHaveText("2");

  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem("basket") ?? "[]") as unknown);
  expect(stored).toEqual([
    { id: first!.id, name: first!.name, price: first!.price, baseCurrency: "GBP", emoji: first!.emoji },
    { id: second!.id, name: second!.name, price: second!.price, baseCurrency: "GBP", emoji: second!.emoji },
  ]);

  // The toasts and the "In your basket" lines pass axe too.
  await expectAccessibleInBothThemes(page);
  await waitForToastsToClose(page);
  await page.reload();
  await waitForHydration(page);
  await expect(badge).toHaveText("2");
});

test("the keyboard reaches Add to Basket, and Enter adds the course", async ({ page, server }) => {
  const [first] = await activeCourses(server);
  await page.goto("/training");
  await waitForHydration(page);
  const target = `Add to Basket: ${first!.name}`;
  let reached = false;
  for (let press = 0; press < 80 && !reached; press += 1) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate((name) => document.activeElement?.getAttribute("aria-label") === name, target);
  }
  expect(reached, "Tab reaches the first Add to Basket button").toBe(true);
  await expect(page.getByRole("button", { name: target })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`${first!.name} added to basket!`)).toBeVisible();
  await expect(page.getByTestId("basket-count")).toHaveText("1");
});

test("Download Curriculum downloads a PDF of the catalogue", async ({ page }) => {
  await page.goto("/training");
  const link = page.getByRole("link", { name: "Download Curriculum" });
  await expect(link).toHaveAttribute("href", "/training/curriculum.pdf");
  await expect(link).toHaveAttribute("download", "");
  const downloadEvent = page.waitForEvent("download");
  await link.click();
  const download = await downloadEvent;
  expect(download.suggestedFilename()).toMatch(/^[a-z0-9-]+-training-curriculum\.pdf$/);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(5_000);
});

test("the hero shows the record's picture, the shipped artwork at every width when the record names it, and when the picture fails to load", async ({
  page,
  server,
  consoleErrors,
}) => {
  const [record] = await server.db.select().from(pageContent).where(eq(pageContent.slug, "professional-training"));
  const hero = page.locator("main img").first();
  const setPicture = async (featuredImageUrl: string | null) => {
    await server.db.update(pageContent).set({ featuredImageUrl }).where(eq(pageContent.slug, "professional-training"));
    // The page cache still holds the page as first shown; nothing in the application writes this row.
    server.invalidateCaches();
  };

  // The demo record names the artwork's largest file: a phone is offered the smaller ones too.
  expect(record!.featuredImageUrl).toMatch(/^\/images\/showcase-training-960\.webp$/);
  await page.goto("/training");
  await expect(hero).toHaveAttribute("srcset", /showcase-training-400\.webp\?v=\d+ 400w/);
  await expect(page.locator("main picture source[type='image/avif']").first()).toHaveAttribute(
    "srcset",
    /showcase-training-640\.avif/,
  );
  await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

  try {
    // Any other picture is shown as the record gives it.
    await setPicture("/images/share.png");
    await page.goto("/training");
    await expect(hero).toHaveAttribute("src", "/images/share.png");
    await expect(hero).not.toHaveAttribute("srcset", /./);
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);

    await setPicture("/images/no-such-training-picture.webp");
    await page.goto("/training");
    await expect(hero).toHaveAttribute("src", /\/images\/showcase-training-\d+\.webp/);
    await expect(hero).toHaveAttribute("alt", /classroom of learners/);
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect.poll(() => hero.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
    // The missing picture's own 404 is expected.
    ignoreNotFoundResponses(consoleErrors);
  } finally {
    await setPicture(record!.featuredImageUrl);
  }
});

test("prices follow the currency chosen in the basket, converted and rounded as the basket does", async ({ page }) => {
  await page.goto("/basket");
  await waitForHydration(page);
  await page.getByLabel("Currency").selectOption("EUR");
  await expect(page.getByText("Currency updated to EUR")).toBeVisible();

  await page.goto("/training");
  await waitForHydration(page);
  // SPEC.md section 9: 1299 × 1.18 = 1532.82 → €1,533; 1599 × 1.18 = 1886.82 → €1,887; saving €354.
  const aws = page.getByTestId("course-card").filter({ hasText: "AWS Solutions Architect" });
  await expect(aws).toContainText("€1,533");
  await expect(aws.locator("s")).toHaveText("Original price: €1,887");
  await expect(aws).toContainText("Save €354");
  await expect(aws).not.toContainText("£");

  // Another choice, made on another page, shows at once on the next visit.
  await page.goto("/basket");
  await waitForHydration(page);
  await page.getByLabel("Currency").selectOption("JPY");
  await expect(page.getByText("Currency updated to JPY")).toBeVisible();
  await page.goto("/training");
  await waitForHydration(page);
  // 1299 × 192.76 = 250395.24 → ¥250,395 (the basket's figure for the same course).
  await expect(aws).toContainText("¥250,395");
});
