/**
 * An error a page's loader throws: the visitor still sees the site's header and footer,
 * the page has a title and is kept out of search results, and the status stays the thrown one.
 */
import { dismissCookieBanner, expect, ignoreNotFoundResponses, test } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

for (const path of ["/checkout/success", "/checkout/success?order=not-an-id"]) {
  test(`${path} (no such order) answers 404 inside the site's header and footer, with a title and noindex`, async ({
    page,
    request,
    consoleErrors,
  }) => {
    // The server's HTML already has the layout, before any script runs.
    const response = await request.get(path);
    expect(response.status()).toBe(404);
    const html = await response.text();
    expect(html).toMatch(/<header[^>]*>/);
    expect(html).toMatch(/<footer[^>]*>/);
    expect(html).toContain('<meta name="robots" content="noindex"/>');

    const visit = await page.goto(path);
    expect(visit?.status()).toBe(404);
    await expect(page).toHaveTitle("Page not found");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Oops! Page not found");
    await expect(page.getByRole("main").getByRole("link", { name: "Return to Home" })).toBeVisible();
    ignoreNotFoundResponses(consoleErrors);
  });
}
