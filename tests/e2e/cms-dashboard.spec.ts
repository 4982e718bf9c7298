/**
 * The CMS dashboard: /cms opens on it; the table alternative of each chart shows the
 * seeded numbers (London weeks and months, each currency apart); the date range changes by preset
 * and by custom dates in the address; the charts draw once the page is hydrated, from a chunk no
 * other tab loads; axe in both themes; 375 px without sideways scrolling.
 */
import type { Page } from "@playwright/test";
import { contactSubmissions, cookieConsents, orders } from "../../app/db/schema";
import {
  expect,
  expectAccessibleInBothThemes,
  expectPanelsFitPhoneWidth,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";

// Dates in 2023, which no other test writes, so the numbers below are this test's alone.
async function seed(server: TestServer) {
  const submission = (createdAt: string, subject = "Dashboard question") => ({
    name: "Dashboard Seed",
    email: "seed@example.com",
    subject,
    message: "Hello",
    createdAt: new Date(createdAt),
  });
  await server.db.insert(contactSubmissions).values([
    submission("2023-06-05T09:00:00Z"),
    submission("2023-06-06T09:00:00Z"),
    submission("2023-06-07T09:00:00Z", "Application for Data Engineer"),
    // Sunday 23:30 UTC is Monday 00:30 in London: the week of 12 June.
    submission("2023-06-11T23:30:00Z"),
  ]);
  await server.db.insert(cookieConsents).values([
    {
      choice: "accepted",
      functional: true,
      performance: true,
      targeting: true,
      policyVersion: "1",
      createdAt: new Date("2023-06-05T10:00:00Z"),
    },
    {
      choice: "rejected",
      functional: false,
      performance: false,
      targeting: false,
      policyVersion: "1",
      createdAt: new Date("2023-06-06T10:00:00Z"),
    },
  ]);
  const paid = (currency: string, total: number, paidAt: string) => ({
    status: "paid",
    currency,
    total,
    provider: "test",
    paidAt: new Date(paidAt),
    createdAt: new Date(paidAt),
  });
  await server.db
    .insert(orders)
    .values([
      paid("GBP", 349.9, "2023-06-10T10:00:00Z"),
      paid("GBP", 100, "2023-06-20T10:00:00Z"),
      paid("USD", 450.5, "2023-07-03T10:00:00Z"),
    ]);
}

/** The first card's chart as drawn (the chart's own SVG, not its legend's icons). */
function drawnChart(page: Page) {
  return page.getByTestId("dashboard-chart").first().locator("svg.recharts-surface:not([aria-label])");
}

/** The cells of a chart's table row, by its period label. */
function tableRow(page: Page, table: string, period: string) {
  return page.getByRole("table", { name: table }).getByRole("row", { name: period });
}

test.describe("CMS dashboard", () => {
  test("an administrator reads the dashboard and changes its dates", async ({ page, server }) => {
    // The axe run in each theme and a phone-width check on a loaded machine.
    test.setTimeout(180_000);
    await seed(server);
    await signInAs(page, server, "admin");
    const response = await page.goto("/cms?from=2023-06-01&to=2023-07-31");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { name: "Dashboard", level: 2 })).toBeVisible();

    const weekly = "Enquiries and applications per week";
    await expect(tableRow(page, weekly, "w/c 5 Jun 2023")).toHaveText(/w\/c 5 Jun 2023\s*2\s*1/);
    await expect(tableRow(page, weekly, "w/c 12 Jun 2023")).toHaveText(/w\/c 12 Jun 2023\s*1\s*0/);
    await expect(tableRow(page, "Cookie choices per week", "w/c 5 Jun 2023")).toHaveText(/5 Jun 2023\s*1\s*1\s*0/);
    const gbp = "Orders and revenue per month, GBP";
    await expect(tableRow(page, gbp, "Jun 2023")).toHaveText(/Jun 2023\s*2\s*£449\.90/);
    await expect(tableRow(page, "Orders and revenue per month, USD", "Jul 2023")).toHaveText(
      /Jul 2023\s*1\s*\$450\.50/,
    );

    // Once hydrated, each chart is drawn and its table stays for screen readers; "Show table" shows it.
    const toggle = page.getByRole("button", { name: "Show table" }).first();
    await waitForReact(toggle);
    await expect(drawnChart(page)).toBeVisible();
    // The table's box is visually hidden (sr-only), not removed: screen readers still read it.
    await expect(page.getByRole("table", { name: weekly }).locator("xpath=..")).toHaveClass(/\bsr-only\b/);
    await toggle.click();
    await expect(page.getByRole("table", { name: weekly })).toBeVisible();
    await expect(page.getByRole("button", { name: "Show chart" })).toBeVisible();

    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    // Custom dates: only June.
    await page.getByLabel("From", { exact: true }).fill("2023-06-12");
    await page.getByLabel("To", { exact: true }).fill("2023-06-30");
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(page).toHaveURL(/\?from=2023-06-12&to=2023-06-30$/);
    await expect(page.getByRole("table", { name: weekly }).getByRole("row", { name: /5 Jun/ })).toHaveCount(0);
    await expect(tableRow(page, weekly, "w/c 12 Jun 2023")).toHaveText(/1\s*0/);
    await expect(tableRow(page, gbp, "Jun 2023")).toHaveText(/Jun 2023\s*1\s*£100/);
    await expect(page.getByRole("table", { name: "Orders and revenue per month, USD" })).toHaveCount(0);

    // A preset.
    await page.getByRole("link", { name: "Last 30 days" }).click();
    await expect(page).toHaveURL(/\?range=30d$/);
    await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");

    // Dates that cannot be used: a clear message, and the default range.
    await page.goto("/cms?from=2023-06-30&to=2023-06-01");
    await expect(page.getByRole("alert")).toHaveText("The start date must be on or before the end date.");
  });

  test("the charting code loads on the dashboard only", async ({ page, server }) => {
    await signInAs(page, server, "admin");
    const chartChunks: string[] = [];
    page.on("request", (request) => {
      if (/\/assets\/period-chart-[\w-]+\.js$/.test(new URL(request.url()).pathname)) chartChunks.push(request.url());
    });
    await page.goto("/cms/content");
    await waitForReact(page.getByRole("link", { name: "Dashboard" }));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(chartChunks).toEqual([]);
    await page.goto("/cms");
    await expect(drawnChart(page)).toBeVisible();
    expect(chartChunks).toHaveLength(1);
  });
});
