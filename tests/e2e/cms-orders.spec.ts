/**
 * The CMS Orders tab (/cms/orders) in the browser: who may use it, the list with its count, status
 * badges and filter, an order's details (line items and payment events) opened by keyboard alone,
 * the CSV download that keeps the filter, the empty state, and axe in both themes.
 */
import fs from "node:fs";
import { eq, inArray } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { orders, trainingCourses } from "../../app/db/schema";
import { GBP_RATES } from "../../app/lib/commerce/currency";
import { findCoursesByIds } from "../../app/server/commerce/courses.server";
import { applyPaymentEvent, createOrder, priceCourses } from "../../app/server/commerce/orders.server";
import {
  ensureAdminExists,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  openCmsTab,
  signInAs,
  test,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/orders";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);
const reference = (id: string) => id.slice(0, 8).toUpperCase();

interface StoredOrders {
  paid: string;
  failed: string;
  pending: string;
}

/**
 * Replaces every order with three of this test's own courses: a paid one in pounds (newest but
 * one), a failed one in dollars (newest) and a pending one in euros without a customer yet.
 */
async function storeOrders(server: TestServer): Promise<StoredOrders> {
  await server.db.delete(orders);
  const suffix = `${process.pid}-${Date.now()}`;
  const courses = await server.db
    .insert(trainingCourses)
    .values(
      ["Orders Cloud Mastery", "Orders Security Basics"].map((name, index) => ({
        name: `${name} ${suffix}`,
        description: "A course for the Orders tab's tests.",
        duration: "2 days",
        level: "Intermediate",
        price: index === 0 ? 1299.5 : 499,
      })),
    )
    .returning({ id: trainingCourses.id });
  const [cloud, security] = courses.map((course) => course.id) as [string, string];

  async function place(ids: string[], currency: string, createdAt: Date) {
    const priced = priceCourses(ids, await findCoursesByIds(server.db, ids), currency, GBP_RATES);
    if (!priced.ok) throw new Error("the test courses could not be priced");
    const order = await createOrder(server.db, priced, "test");
    await server.db.update(orders).set({ createdAt }).where(eq(orders.id, order.id));
    return order.id;
  }
  const paid = await place([cloud, security], "GBP", minutesAgo(30));
  const failed = await place([security], "USD", minutesAgo(10));
  const pending = await place([cloud], "EUR", minutesAgo(60));
  // The orders keep their frozen lines; the courses leave the public catalogue other tests look at.
  await server.db
    .update(trainingCourses)
    .set({ isActive: false })
    .where(inArray(trainingCourses.id, [cloud, security]));

  const customerEmail = "buyer@example.com";
  await applyPaymentEvent(server.db, {
    orderId: paid,
    provider: "test",
    eventId: `test_processing_${paid}`,
    type: "test.payment_processing",
    outcome: "processing",
    customerEmail,
  });
  await applyPaymentEvent(server.db, {
    orderId: paid,
    provider: "test",
    eventId: `test_paid_${paid}`,
    type: "test.payment_succeeded",
    outcome: "paid",
    customerEmail,
    detail: "Paid with the test card",
  });
  await applyPaymentEvent(server.db, {
    orderId: failed,
    provider: "test",
    eventId: `test_failed_${failed}`,
    type: "test.payment_failed",
    outcome: "failed",
    customerEmail: "declined@example.com",
    detail: "Card declined",
  });
  return { paid, failed, pending };
}

function openTab(page: Page, search = "") {
  return openCmsTab(page, `${URL_PATH}${search}`, /^Orders \(\d+\)$/, "Refresh");
}

test.describe("access", () => {
  test("an anonymous visitor is sent to sign in", async ({ page, server }) => {
    await ensureAdminExists(server);
    await storeOrders(server);
    for (const address of [URL_PATH, `${URL_PATH}/export.csv`]) {
      await page.goto(address);
      expect(new URL(page.url()).pathname, address).toBe("/cms");
      expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(address);
      await expect(page.getByText("Login to CMS")).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Orders/ })).toHaveCount(0);
    }
  });

  test("an editor (without orders.view) sees Access Denied and no orders", async ({ page, server, consoleErrors }) => {
    const ids = await storeOrders(server);
    await signInAs(page, server, "editor");
    const response = await page.goto(URL_PATH);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByRole("heading", { name: /^Orders/ })).toHaveCount(0);
    await expect(page.getByText(reference(ids.paid))).toHaveCount(0);
    expectConsoleError(consoleErrors, 403);

    const csv = await page.request.get(`${URL_PATH}/export.csv`);
    expect(csv.status()).toBe(403);
    expect(await csv.text()).not.toContain("buyer@example.com");
  });
});

test("an administrator lists, filters and opens orders by keyboard alone", async ({ page, server }) => {
  test.setTimeout(90_000);
  const ids = await storeOrders(server);
  await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page).toHaveTitle("Orders | CMS");
  await expect(page.getByRole("heading", { name: "Orders (3)" })).toBeVisible();
  for (const heading of ["Reference", "Date", "Customer e-mail", "Status", "Total", "Currency", "Items"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }

  // Newest first, each with its total in its own currency and its badge colour.
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(4);
  const expected = [
    [ids.failed, "declined@example.com", "Failed", /bg-red-100/, "$639", "USD", "1"],
    [ids.paid, "buyer@example.com", "Paid", /bg-green-100/, "£1,798.50", "GBP", "2"],
    [ids.pending, "—", "Pending", /bg-yellow-100/, "€1,533", "EUR", "1"],
  ] as const;
  for (const [index, [id, email, status, colour, total, currency, items]] of expected.entries()) {
    const cells = rows.nth(index + 1).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(reference(id));
    await expect(cells.nth(2)).toHaveText(email);
    await expect(cells.nth(3)).toHaveText(status);
    await expect(cells.nth(3).locator('[data-slot="badge"]')).toHaveClass(colour);
    await expect(cells.nth(4)).toHaveText(total);
    await expect(cells.nth(5)).toHaveText(currency);
    await expect(cells.nth(6)).toHaveText(items);
  }
  await expect(page.getByText("Select an order to view details.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/cms/orders/export.csv");
  await expectAccessibleInBothThemes(page);

  // The Paid filter: one order, and the export link keeps the filter.
  const filters = page.getByRole("navigation", { name: "Filter by status" });
  for (const label of ["All", "Pending", "Processing", "Paid", "Failed", "Expired"]) {
    await expect(filters.getByRole("link", { name: label, exact: true })).toBeVisible();
  }
  await filters.getByRole("link", { name: "Paid", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Orders (1)" })).toBeVisible();
  await expect(page).toHaveURL(/status=paid/);
  await expect(filters.getByRole("link", { name: "Paid", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(page.getByRole("row").nth(1)).toContainText(reference(ids.paid));
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/cms/orders/export.csv?status=paid",
  );

  // Keyboard only: Tab from the filter to the order's reference, then Enter.
  const referenceLink = page.getByRole("link", { name: reference(ids.paid), exact: true });
  await filters.getByRole("link", { name: "Expired", exact: true }).focus();
  for (
    let presses = 0;
    presses < 10 && !(await referenceLink.evaluate((link) => link === document.activeElement));
    presses += 1
  ) {
    await page.keyboard.press("Tab");
  }
  await expect(referenceLink).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`selected=${ids.paid}`));
  await expect(page).toHaveURL(/status=paid/);

  const detail = page.getByRole("region", { name: `Order ${reference(ids.paid)}` });
  await expect(detail).toBeVisible();
  await expect(referenceLink).toHaveAttribute("aria-current", "true");
  await expect(detail.getByText(ids.paid, { exact: true })).toBeVisible();
  await expect(detail.locator('[data-slot="badge"]')).toHaveText("Paid");
  await expect(detail.getByRole("link", { name: "buyer@example.com" })).toHaveAttribute(
    "href",
    "mailto:buyer@example.com",
  );
  await expect(detail.getByText("Test mode", { exact: true })).toBeVisible();
  await expect(detail.getByText(/^Placed \d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/)).toBeVisible();

  const lineItems = detail.getByRole("table", { name: "Line items" });
  await expect(lineItems.getByRole("columnheader")).toHaveText([
    "Course",
    "Base price (GBP)",
    "Exchange rate (per £1)",
    "Unit price (GBP)",
  ]);
  const itemRows = lineItems.locator("tbody tr");
  await expect(itemRows).toHaveCount(2);
  await expect(itemRows.nth(0).getByRole("cell")).toHaveText([/^Orders Cloud Mastery /, "£1,299.50", "1", "£1,299.50"]);
  await expect(itemRows.nth(1).getByRole("cell")).toHaveText([/^Orders Security Basics /, "£499", "1", "£499"]);
  await expect(lineItems.locator("tfoot tr")).toHaveText(/Total\s*£1,798\.50/);

  const events = detail.getByRole("table", { name: "Payment events" });
  const eventRows = events.locator("tbody tr");
  await expect(eventRows).toHaveCount(2);
  await expect(eventRows.nth(0).getByRole("cell").nth(1)).toHaveText("test.payment_processing");
  await expect(eventRows.nth(0).getByRole("cell").nth(2)).toHaveText(/^Pending\s*→\s*to\s*Processing$/);
  await expect(eventRows.nth(0).getByRole("cell").nth(3)).toHaveText("—");
  await expect(eventRows.nth(1).getByRole("cell").nth(1)).toHaveText("test.payment_succeeded");
  await expect(eventRows.nth(1).getByRole("cell").nth(2)).toHaveText(/^Processing\s*→\s*to\s*Paid$/);
  await expect(eventRows.nth(1).getByRole("cell").nth(3)).toHaveText("Paid with the test card");
  await expect(page.getByText("Select an order to view details.")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  // Close details is reachable by keyboard too, and keeps the filter.
  const close = detail.getByRole("link", { name: "Close details" });
  await close.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Select an order to view details.")).toBeVisible();
  await expect(page).not.toHaveURL(/selected=/);
  await expect(page).toHaveURL(/status=paid/);
});

test("an order without a customer yet, in another currency, shows the rate it was priced at", async ({
  page,
  server,
}) => {
  const ids = await storeOrders(server);
  await signInAs(page, server, "admin");
  await openTab(page, `?selected=${ids.pending}`);
  const detail = page.getByRole("region", { name: `Order ${reference(ids.pending)}` });
  await expect(detail.locator('[data-slot="badge"]')).toHaveText("Pending");
  await expect(detail.getByText("Not known yet")).toBeVisible();
  await expect(detail.getByText("Not paid")).toBeVisible();
  await expect(detail.locator('a[href^="mailto:"]')).toHaveCount(0);
  const itemRow = detail.getByRole("table", { name: "Line items" }).locator("tbody tr");
  await expect(itemRow.getByRole("cell")).toHaveText([/^Orders Cloud Mastery /, "£1,299.50", "1.18", "€1,533"]);
  await expect(detail.getByRole("columnheader", { name: "Unit price (EUR)" })).toBeVisible();
  await expect(detail.getByText("No payment events yet.")).toBeVisible();
  await expectAccessibleInBothThemes(page);
});

test("the CSV download keeps the filter", async ({ page, server }) => {
  const ids = await storeOrders(server);
  await signInAs(page, server, "admin");
  await openTab(page, "?status=paid");
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = fs.readFileSync(await file.path(), "utf8");
  const lines = text.replace(/^\uFEFF/, "").split("\r\n");
  expect(lines[0]).toBe(
    "reference,order_id,created_at,status,currency,total,amount_refunded,customer_email,provider,paid_at,items",
  );
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(
    new RegExp(`^${reference(ids.paid)},${ids.paid},[^,]+Z,paid,GBP,1798\\.50,0\\.00,buyer@example\\.com,test,[^,]+Z,`),
  );
  expect(lines[1]).toMatch(/Orders Cloud Mastery [^;]+; Orders Security Basics /);
  expect(lines[2]).toBe("");
});

test("without Stripe keys the tab says on a banner that payments are in test mode", async ({ page, server }) => {
  // The browser tests run without STRIPE_SECRET_KEY, as a fresh machine does.
  await signInAs(page, server, "admin");
  await openTab(page);
  const banner = page.getByText(/^Test mode: no payment provider is configured/);
  await expect(banner).toBeVisible();
  await expect(banner).toContainText("takes no money");
  await expect(banner).toContainText("Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET to take real payments.");
  await expectAccessibleInBothThemes(page);
});

test("the empty state", async ({ page, server }) => {
  await server.db.delete(orders);
  await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page.getByRole("heading", { name: "Orders (0)" })).toBeVisible();
  await expect(page.getByText("No orders found.")).toBeVisible();
  await expect(page.getByText("Select an order to view details.")).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
});
