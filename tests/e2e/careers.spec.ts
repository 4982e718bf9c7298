/**
 * /careers and each opening's own page (SPEC.md "Careers"): active openings newest first
 * with every field and Apply Now, the hiring process, Send Your CV, the empty state, and JobPosting
 * structured data on the job page, which disappears (404) once the opening is closed.
 */
import { desc, eq } from "drizzle-orm";
import { careers } from "../../app/db/schema";
import { CAREERS_PAGE } from "../../app/content/careers";
import { careerPath } from "../../app/lib/site/careers";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  ignoreNotFoundResponses,
  test,
  waitForHydration,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("/careers lists the active openings newest first, each with its details and Apply Now", async ({
  page,
  server,
}) => {
  const active = await server.db
    .select()
    .from(careers)
    .where(eq(careers.isActive, true))
    .orderBy(desc(careers.createdAt), desc(careers.id));
  expect(active.length).toBeGreaterThan(1);
  await page.goto("/careers");
  await expect(page.locator("#openings-heading + p")).toHaveText(CAREERS_PAGE.openings.intro);
  const openings = page.locator("#openings article");
  await expect(openings).toHaveCount(active.length);
  for (const [index, career] of active.entries()) {
    const card = openings.nth(index);
    await expect(card.getByRole("heading", { level: 3 })).toHaveText(career.title);
    for (const text of [career.department, career.type, career.experience, career.location]) {
      if (text) await expect(card).toContainText(text);
    }
    await expect(card).toContainText(career.description.slice(0, 40));
    for (const requirement of career.requirements ?? []) await expect(card).toContainText(requirement);
    const apply = card.getByRole("link", { name: `Apply Now: ${career.title}` });
    await expect(apply).toHaveAttribute("href", `/contact?${new URLSearchParams({ job: career.title })}`);
  }
  await expect(page.getByRole("heading", { name: "Our Hiring Process" })).toBeVisible();
  for (const step of ["Application", "Screening", "Interview", "Offer"]) {
    await expect(page.getByRole("heading", { level: 3, name: new RegExp(step) })).toBeVisible();
  }
  await expect(page.getByRole("link", { name: "Send Your CV" })).toHaveAttribute("href", "/contact");
  await waitForHydration(page);
  await expectAccessibleInBothThemes(page);
});

test("a job's page carries JobPosting data Google for Jobs accepts, and breadcrumbs", async ({ page, server }) => {
  const [career] = await server.db
    .select()
    .from(careers)
    .where(eq(careers.isActive, true))
    .orderBy(desc(careers.createdAt));
  const path = careerPath(career!);
  await page.goto("/careers");
  await page.getByRole("link", { name: career!.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(career!.title);
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = blocks.map((text) => JSON.parse(text) as Record<string, unknown>);
  const posting = data.find((item) => item["@type"] === "JobPosting");
  expect(posting).toMatchObject({
    title: career!.title,
    datePosted: career!.createdAt.toISOString().slice(0, 10),
    employmentType: expect.stringMatching(/^(FULL_TIME|PART_TIME|CONTRACTOR|INTERN)$/),
    hiringOrganization: { "@type": "Organization", name: expect.any(String) },
    // Google for Jobs' recommended properties: the opening's own id, that it is applied for here,
    // and until when it is open (no closing date is stored, so a rolling 30 days ahead).
    identifier: { "@type": "PropertyValue", name: expect.any(String), value: career!.id },
    directApply: true,
    validThrough: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
  });
  const validFor = Date.parse(String(posting!.validThrough)) - Date.now();
  expect(validFor).toBeGreaterThan(29 * 86_400_000);
  expect(validFor).toBeLessThanOrEqual(30 * 86_400_000);
  expect(String(posting!.description)).toContain(career!.description.slice(0, 40));
  // A place, or for a remote role the country applicants must live in.
  expect(posting!.jobLocation ?? posting!.applicantLocationRequirements).toBeTruthy();
  expect(data.map((item) => item["@type"])).toContain("BreadcrumbList");
  const canonical = await page.locator('link[rel="canonical"]').getAttribute("href");
  expect(new URL(canonical!).pathname).toBe(path);
  await expect(page.getByRole("link", { name: "Apply Now" })).toHaveAttribute(
    "href",
    `/contact?${new URLSearchParams({ job: career!.title })}`,
  );
  await waitForHydration(page);
  await expectAccessibleInBothThemes(page);
});

test("a job's page keeps the paragraph breaks of its description", async ({ page, server }) => {
  const description =
    "You will lead our platform team.\n\nYou will mentor two engineers\nand own the delivery plan.\n\nHybrid: two days a week in London.";
  const [career] = await server.db
    .insert(careers)
    .values({ title: "Platform Lead", location: "London", description })
    .returning();
  server.invalidateCaches();
  try {
    await page.goto(careerPath(career!));
    const paragraphs = page.locator("article p").filter({ hasText: /platform team|mentor|Hybrid/ });
    await expect(paragraphs).toHaveText([
      "You will lead our platform team.",
      "You will mentor two engineers\nand own the delivery plan.",
      "Hybrid: two days a week in London.",
    ]);
    // A single line break stays a line break: the second paragraph spans two lines.
    const { height, lineHeight } = await paragraphs.nth(1).evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    }));
    expect(height).toBeGreaterThanOrEqual(lineHeight * 2);
  } finally {
    await server.db.delete(careers).where(eq(careers.id, career!.id));
    server.invalidateCaches();
  }
});

test("an old address of a job redirects to its current one; a closed job is gone", async ({
  page,
  request,
  server,
  consoleErrors,
}) => {
  const [career] = await server.db
    .insert(careers)
    .values({ title: "Platform Engineer", location: "Boston" })
    .returning();
  // Written behind the CMS's back: the cached openings must be forgotten, as a CMS save does.
  server.invalidateCaches();
  try {
    const path = careerPath(career!);
    const moved = await request.get(`/careers/an-earlier-title-${career!.id.slice(0, 8)}`, { maxRedirects: 0 });
    expect(moved.status()).toBe(301);
    expect(moved.headers().location).toBe(path);

    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(path);

    await server.db.update(careers).set({ isActive: false }).where(eq(careers.id, career!.id));
    server.invalidateCaches();
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    expect(await (await request.get("/sitemap.xml")).text()).not.toContain(path);
    ignoreNotFoundResponses(consoleErrors);
  } finally {
    await server.db.delete(careers).where(eq(careers.id, career!.id));
    server.invalidateCaches();
  }
});

test("with no active opening the page says so and still offers Send Your CV", async ({ page, server }) => {
  const active = await server.db
    .update(careers)
    .set({ isActive: false })
    .where(eq(careers.isActive, true))
    .returning({ id: careers.id });
  server.invalidateCaches();
  try {
    await page.goto("/careers#openings");
    await expect(page.getByText("No job openings available at the moment. Please check back later.")).toBeVisible();
    // The intro above the empty state still shows, and does not speak of roles listed below it.
    const intro = page.locator("#openings-heading + p");
    await expect(intro).toHaveText(CAREERS_PAGE.openings.introWhenEmpty);
    await expect(intro).not.toContainText(/below/i);
    await expect(page.getByRole("link", { name: "Send Your CV" })).toBeVisible();
  } finally {
    for (const { id } of active) await server.db.update(careers).set({ isActive: true }).where(eq(careers.id, id));
    server.invalidateCaches();
  }
});
