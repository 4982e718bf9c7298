import type { Page } from "@playwright/test";
import { desc, eq, gt } from "drizzle-orm";
import { cookieConsents } from "../../app/db/schema";
import { COOKIE_POLICY_VERSION } from "../../app/lib/consent/cookie-consent";
import { expect, expectAccessibleInBothThemes, test, waitForHydration, type TestServer } from "./fixtures";

async function latestConsentAfter(server: TestServer, since: Date) {
  await expect
    .poll(async () => (await server.db.select().from(cookieConsents).where(gt(cookieConsents.createdAt, since))).length)
    .toBe(1);
  const [row] = await server.db.select().from(cookieConsents).orderBy(desc(cookieConsents.createdAt)).limit(1);
  return row!;
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    choice: localStorage.getItem("cookieChoice"),
    settings: JSON.parse(localStorage.getItem("cookieSettings") ?? "null") as unknown,
  }));

test("Accept All stores accepted with every category, records it, and the banner stays away", async ({
  page,
  server,
}) => {
  const since = new Date();
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await expect(banner).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await banner.getByRole("button", { name: "Accept All" }).click();
  await expect(banner).toBeHidden();
  expect(await stored(page)).toEqual({
    choice: "accepted",
    settings: { functional: true, performance: true, targeting: true },
  });
  const row = await latestConsentAfter(server, since);
  expect(row).toMatchObject({
    choice: "accepted",
    strictlyNecessary: true,
    functional: true,
    performance: true,
    targeting: true,
    policyVersion: COOKIE_POLICY_VERSION,
  });

  // A later visit, in a new tab of the same browser, does not ask again.
  const secondVisit = await page.context().newPage();
  await secondVisit.goto("/");
  await waitForHydration(secondVisit);
  await expect(secondVisit.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
});

test("Reject All stores rejected with only strictly necessary on", async ({ page, server }) => {
  const since = new Date();
  await page.goto("/");
  await page.getByRole("button", { name: "Reject All" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  expect(await stored(page)).toEqual({
    choice: "rejected",
    settings: { functional: false, performance: false, targeting: false },
  });
  const row = await latestConsentAfter(server, since);
  expect(row).toMatchObject({
    choice: "rejected",
    strictlyNecessary: true,
    functional: false,
    performance: false,
    targeting: false,
  });
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByRole("region", { name: "Cookie consent" })).toHaveCount(0);
});

test("Settings lets a visitor choose categories with the keyboard; Cancel saves nothing", async ({ page, server }) => {
  await page.goto("/");
  const banner = page.getByRole("region", { name: "Cookie consent" });
  await banner.getByRole("button", { name: "Settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("switch", { name: "Strictly necessary" })).toBeChecked();
  await expect(dialog.getByRole("switch", { name: "Strictly necessary" })).toBeDisabled();
  await expectAccessibleInBothThemes(page);

  // Cancel closes without storing anything: the banner is back.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(banner).toBeVisible();
  expect(await stored(page)).toEqual({ choice: null, settings: null });

  const since = new Date();
  await banner.getByRole("button", { name: "Settings" }).click();
  const functional = dialog.getByRole("switch", { name: "Functional" });
  await functional.focus();
  await page.keyboard.press("Space");
  await expect(functional).toBeChecked();
  await expect(dialog.getByRole("switch", { name: "Performance" })).not.toBeChecked();
  await dialog.getByRole("button", { name: "Confirm" }).focus();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(banner).toBeHidden();
  expect(await stored(page)).toEqual({
    choice: "customized",
    settings: { functional: true, performance: false, targeting: false },
  });
  const row = await latestConsentAfter(server, since);
  expect(row).toMatchObject({ choice: "customized", functional: true, performance: false, targeting: false });
});

test("the footer's Cookie settings link reopens the dialog with the current choice", async ({ page, server }) => {
  const start = new Date();
  await page.goto("/");
  await page.getByRole("button", { name: "Accept All" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  // The first choice is recorded in the background; wait for it so it is not counted below.
  await latestConsentAfter(server, start);

  const since = new Date();
  await page.getByRole("contentinfo").getByRole("button", { name: "Cookie settings" }).click();
  const dialog = page.getByRole("dialog", { name: "Cookie settings" });
  await expect(dialog.getByRole("switch", { name: "Targeting" })).toBeChecked();
  await dialog.getByRole("switch", { name: "Targeting" }).click();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  expect(await stored(page)).toEqual({
    choice: "customized",
    settings: { functional: true, performance: true, targeting: false },
  });
  const row = await latestConsentAfter(server, since);
  expect(row).toMatchObject({ choice: "customized", targeting: false, functional: true });
});

test("a failed save is logged and the choice still applies", async ({ page, consoleErrors }) => {
  await page.route("**/api/cookie-consent", (route) => route.abort());
  await page.goto("/");
  await page.getByRole("button", { name: "Reject All" }).click();
  await expect(page.getByRole("region", { name: "Cookie consent" })).toBeHidden();
  expect((await stored(page)).choice).toBe("rejected");
  await expect.poll(() => consoleErrors.join("\n")).toContain("Failed to save cookie consent");
  consoleErrors.length = 0;
});

test.describe("the consent endpoint", () => {
  test("validates its input and changes nothing on bad input", async ({ request, server }) => {
    const before = (await server.db.select().from(cookieConsents)).length;
    for (const body of [
      "not json",
      JSON.stringify({ choice: "maybe", functional: true, performance: true, targeting: true }),
      JSON.stringify({ choice: "accepted" }),
    ]) {
      const response = await request.post("/api/cookie-consent", {
        data: body,
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.1" },
      });
      expect(response.status()).toBe(400);
      expect((await response.json()) as unknown).toHaveProperty("error");
    }
    const oversize = await request.post("/api/cookie-consent", {
      data: "x".repeat(5000),
      headers: { "X-Forwarded-For": "198.51.100.1" },
    });
    expect(oversize.status()).toBe(413);
    expect((await server.db.select().from(cookieConsents)).length).toBe(before);
  });

  test("refuses a request started by another site", async ({ request, server }) => {
    const before = (await server.db.select().from(cookieConsents)).length;
    const response = await request.post("/api/cookie-consent", {
      data: { choice: "accepted", functional: true, performance: true, targeting: true },
      headers: { Origin: "https://attacker.example", "X-Forwarded-For": "198.51.100.2" },
    });
    expect(response.status()).toBe(403);
    expect((await server.db.select().from(cookieConsents)).length).toBe(before);
  });

  test("is rate-limited per client address", async ({ request, server }) => {
    const headers = { "X-Forwarded-For": "203.0.113.9" };
    const data = { choice: "rejected", functional: false, performance: false, targeting: false };
    for (let attempt = 0; attempt < 20; attempt++) {
      expect((await request.post("/api/cookie-consent", { data, headers })).status()).toBe(201);
    }
    const limited = await request.post("/api/cookie-consent", { data, headers });
    expect(limited.status()).toBe(429);
    expect(Number(limited.headers()["retry-after"])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await request.post("/api/cookie-consent", { data, headers: { "X-Forwarded-For": "203.0.113.10" } });
    expect(other.status()).toBe(201);
    const stored = await server.db.select().from(cookieConsents).where(eq(cookieConsents.choice, "rejected"));
    expect(stored.length).toBeGreaterThanOrEqual(21);
  });
});
