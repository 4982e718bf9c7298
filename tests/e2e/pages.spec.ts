import fs from "node:fs";
import path from "node:path";
import { siteSettings } from "../../app/db/schema";
import { NOT_FOUND_CONSOLE_MESSAGE } from "../../app/lib/site/not-found";
import { buildDir } from "../support/production-build";
import { dismissCookieBanner, expect, expectAccessibleInBothThemes, ignoreNotFoundResponses, test } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("the home page renders inside the full layout, server-side and accessible", async ({ page, request, server }) => {
  const html = await (await request.get("/")).text();
  // Complete before any JavaScript runs: the menu and the footer are in the server's HTML.
  expect(html).toContain('aria-label="Main"');
  expect(html).toContain("<footer");

  const settings = Object.fromEntries(
    (await server.db.select().from(siteSettings)).map((setting) => [setting.settingKey, setting.settingValue]),
  );
  await page.goto("/");
  await expect(page).toHaveTitle(settings.site_title!);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", settings.site_description!);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test("the footer shows the spec's columns and the company's details from site settings", async ({ page, server }) => {
  const settings = Object.fromEntries(
    (await server.db.select().from(siteSettings)).map((setting) => [setting.settingKey, setting.settingValue]),
  );
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  const columns: Record<string, [string, string][]> = {
    Company: [
      ["About Us", "/about"],
      ["Our Services", "/services"],
      ["Contact Us", "/contact"],
    ],
    Services: [
      ["Web Development", "/services"],
      ["Software Solutions", "/services"],
      ["IT Consulting", "/services"],
    ],
    Support: [
      ["Terms", "/terms-of-use"],
      ["Privacy", "/privacy-statement"],
      ["Cookie Policy", "/cookie-policy"],
    ],
  };
  for (const [heading, links] of Object.entries(columns)) {
    const column = footer.getByRole("navigation", { name: `${heading} links` });
    await expect(column.getByRole("heading", { name: heading })).toBeVisible();
    await expect(column.getByRole("link")).toHaveText(links.map(([name]) => name));
    for (const [name, href] of links) await expect(column.getByRole("link", { name })).toHaveAttribute("href", href);
  }
  await expect(footer).toContainText(settings.address_uk!);
  await expect(footer.getByRole("link", { name: settings.contact_email! })).toHaveAttribute(
    "href",
    `mailto:${settings.contact_email}`,
  );
  await expect(footer.getByRole("link", { name: settings.phone_primary! })).toBeVisible();
  for (const [name, key] of [
    ["Facebook", "social_facebook_url"],
    ["LinkedIn", "social_linkedin_url"],
    ["Twitter", "social_twitter_url"],
  ] as const) {
    await expect(footer.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", settings[key]!);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} ${settings.company_name}`);
});

test("a re-branded company name appears once the settings change", async ({ page, server }) => {
  const { eq } = await import("drizzle-orm");
  const [original] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, "company_name"));
  await server.db
    .update(siteSettings)
    .set({ settingValue: "Renamed Ltd" })
    .where(eq(siteSettings.settingKey, "company_name"));
  server.invalidateCaches();
  try {
    await page.goto("/");
    await expect(page.getByRole("banner").getByRole("link", { name: "Renamed Ltd" })).toBeVisible();
    await expect(page.getByRole("contentinfo")).toContainText("Renamed Ltd. All rights reserved.");
  } finally {
    await server.db
      .update(siteSettings)
      .set({ settingValue: original!.settingValue })
      .where(eq(siteSettings.settingKey, "company_name"));
    server.invalidateCaches();
  }
});

test("an unknown path gets the not-found page with status 404", async ({ page, consoleErrors }) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByText("404", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  ignoreNotFoundResponses(consoleErrors);
});

test("the not-found page logs the missing path to the browser console, in the original's words", async ({
  page,
  consoleErrors,
}) => {
  const logged = page.waitForEvent("console", {
    predicate: (message) => message.text().startsWith(NOT_FOUND_CONSOLE_MESSAGE),
    timeout: 5_000,
  });
  await page.goto("/no/such/page");
  const entry = await logged;
  expect(entry.type()).toBe("error");
  expect(entry.text()).toBe(`${NOT_FOUND_CONSOLE_MESSAGE} /no/such/page`);
  expect(NOT_FOUND_CONSOLE_MESSAGE).toBe("404 Error: User attempted to access non-existent route:");
  ignoreNotFoundResponses(consoleErrors);
});

test("every response carries the security headers", async ({ request }) => {
  for (const path of ["/", "/no/such/page", "/healthz", "/favicon.svg"]) {
    const response = await request.get(path);
    const headers = response.headers();
    // A nonce, or on a page from the page cache the hashes of its scripts (docs/decisions/026).
    expect(headers["content-security-policy"], path).toMatch(
      /script-src 'self'( 'nonce-[\w+/=]+';| 'sha256-[\w+/=]+')/,
    );
    expect(headers["content-security-policy"], path).toContain("object-src 'none'");
    expect(headers["content-security-policy"], path).toContain("base-uri 'none'");
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"], path).toBeUndefined();
  }
  // Behind a TLS-terminating proxy the request is HTTPS, and HSTS is sent.
  const secure = await request.get("/", { headers: { "X-Forwarded-Proto": "https" } });
  expect(secure.headers()["strict-transport-security"]).toMatch(/max-age=\d+/);
  expect((await request.get("/")).headers()["strict-transport-security"]).toBeUndefined();
});

test("hashed assets are cached for good and sent as the copies compressed at build time", async ({ page, request }) => {
  const assetUrls: string[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/assets/")) assetUrls.push(new URL(response.url()).pathname);
  });
  await page.goto("/");
  expect(assetUrls.length).toBeGreaterThan(0);
  const assetsDir = path.join(buildDir, "client");
  for (const url of assetUrls) {
    const original = fs.readFileSync(path.join(assetsDir, url));
    for (const [encoding, suffix] of [
      ["br", ".br"],
      ["gzip", ".gz"],
    ] as const) {
      const asset = await request.get(url, { headers: { "Accept-Encoding": `${encoding}, identity` } });
      expect(asset.headers()["cache-control"], url).toBe("public, max-age=31536000, immutable");
      // Files under 1 kB are not worth compressing; everything larger is, once, by the build.
      if (original.length <= 1024) continue;
      expect(asset.headers()["content-encoding"], `${url} ${encoding}`).toBe(encoding);
      expect(asset.headers()["vary"], url).toMatch(/accept-encoding/i);
      // The body as sent (Playwright decodes it) is the file, and its length is the stored copy's.
      expect((await asset.body()).equals(original), url).toBe(true);
      const copy = fs.readFileSync(path.join(assetsDir, url + suffix));
      expect(Number(asset.headers()["content-length"]), `${url} ${encoding}`).toBe(copy.length);
    }
  }
  expect((await request.get("/assets/missing-file.js")).status()).toBe(404);
  // The files at the top of the build are served too, for an hour.
  const favicon = await request.get("/favicon.svg");
  expect(favicon.status()).toBe(200);
  expect(favicon.headers()["content-type"]).toMatch(/^image\/svg\+xml/);
  expect(favicon.headers()["cache-control"]).toBe("public, max-age=3600");
});

test("GET /healthz reports the database", async ({ request }) => {
  const response = await request.get("/healthz");
  expect(response.status()).toBe(200);
  expect(await response.json()).toEqual({ status: "ok", database: "pglite" });
  expect(response.headers()["cache-control"]).toBe("no-store");
});
