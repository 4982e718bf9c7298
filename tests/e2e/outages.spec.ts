import { sql } from "drizzle-orm";
import { dismissCookieBanner, expect, test, mainMenuEntries, type TestServer } from "./fixtures";

/** Makes one table unreadable for the duration of `work`, as an outage or a bad migration would. */
async function withTableMissing(server: TestServer, table: string, work: () => Promise<void>) {
  await server.db.execute(sql.raw(`alter table ${table} rename to ${table}_unavailable`));
  server.invalidateCaches();
  try {
    await work();
  } finally {
    await server.db.execute(sql.raw(`alter table ${table}_unavailable rename to ${table}`));
    server.invalidateCaches();
  }
}

test("the menu falls back to the default items when navigation cannot be read", async ({ page, server }) => {
  await dismissCookieBanner(page);
  await withTableMissing(server, "navigation_items", async () => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(mainMenuEntries(page)).toHaveText(["Home", "About", "Services", "Training", "Contact", "Legal"]);
  });
});

test("pages still render when the site settings cannot be read", async ({ page, server }) => {
  await dismissCookieBanner(page);
  await withTableMissing(server, "site_settings", async () => {
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()}`);
  });
});

test("a failing save answers 500 with no internals, and the visitor's choice still applies", async ({
  page,
  request,
  server,
  consoleErrors,
}) => {
  await withTableMissing(server, "cookie_consents", async () => {
    const response = await request.post("/api/cookie-consent", {
      data: { choice: "accepted", functional: true, performance: true, targeting: true },
      headers: { "X-Forwarded-For": "198.51.100.77" },
    });
    expect(response.status()).toBe(500);
    const body = await response.text();
    expect(body).not.toMatch(/cookie_consents|relation|at .*\.js|stack/i);

    await page.goto("/");
    await page.getByRole("button", { name: "Accept All" }).click();
    await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
    expect(await page.evaluate(() => localStorage.getItem("cookieChoice"))).toBe("accepted");
    await expect.poll(() => consoleErrors.join("\n")).toContain("Failed to save cookie consent");
    consoleErrors.length = 0;
  });
});
