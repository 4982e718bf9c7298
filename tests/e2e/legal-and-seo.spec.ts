import { eq } from "drizzle-orm";
import { content, siteSettings } from "../../app/db/schema";
import { PUBLIC_PAGE_PATHS } from "../../app/lib/seo/public-pages";
import { dismissCookieBanner, expect, expectAccessibleInBothThemes, test } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const LEGAL_PAGES = [
  { path: "/privacy-statement", title: "Privacy Statement" },
  { path: "/terms-of-use", title: "Terms of Use" },
  // The cookie policy changed with consent versions and ids: its date is its version.
  { path: "/cookie-policy", title: "Cookie Policy", updated: "26 November 2026" },
];

for (const legal of LEGAL_PAGES) {
  const updated = "updated" in legal ? legal.updated : "14 July 2025";
  test(`${legal.title}: real text, last updated ${updated}, company details from settings`, async ({
    page,
    server,
  }) => {
    const [companyName] = await server.db
      .select()
      .from(siteSettings)
      .where(eq(siteSettings.settingKey, "company_name"));
    const response = await page.goto(legal.path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: legal.title })).toBeVisible();
    await expect(page.getByText(`Last updated ${updated}`)).toBeVisible();
    const text = (await page.getByRole("main").textContent()) ?? "";
    expect(text.split(/\s+/).length).toBeGreaterThan(500);
    expect(text).toContain(companyName!.settingValue);
    expect(text).not.toMatch(/\{\{|\}\}|lorem ipsum/i);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${legal.path}$`));
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
    await expectAccessibleInBothThemes(page);
  });
}

test("the cookie policy lists every cookie and storage key the site really uses", async ({ page }) => {
  await page.goto("/cookie-policy");
  const table = page.getByRole("table");
  for (const name of [
    "session",
    "csrf",
    "toast",
    "cookieChoice",
    "cookieSettings",
    "cookieConsent",
    "theme",
    "basket",
    "userCurrency",
    "chatConversation",
    "contactDraft",
  ]) {
    await expect(table.getByRole("rowheader", { name, exact: true })).toBeVisible();
  }
});

test("the sitemap lists every public page and published content item, and each answers", async ({
  request,
  server,
}) => {
  const response = await request.get("/sitemap.xml");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toContain("application/xml");
  const xml = await response.text();
  const locations = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
  const published = await server.db.select().from(content).where(eq(content.status, "published"));
  const drafts = await server.db.select().from(content).where(eq(content.status, "draft"));
  expect(locations).toEqual(
    expect.arrayContaining([...PUBLIC_PAGE_PATHS, ...published.map((item) => `/content/${item.slug}`)]),
  );
  for (const draft of drafts) expect(locations).not.toContain(`/content/${draft.slug}`);
  for (const path of locations) expect((await request.get(path)).status(), path).toBe(200);
});

test("robots.txt keeps the admin area, the checkout pages and the API out and points to the sitemap", async ({
  request,
}) => {
  const response = await request.get("/robots.txt");
  expect(response.status()).toBe(200);
  const body = await response.text();
  for (const line of ["Disallow: /cms", "Disallow: /checkout/", "Disallow: /api/"]) expect(body).toContain(line);
  expect(body).toMatch(/^Sitemap: http:\/\/.+\/sitemap\.xml$/m);
});
