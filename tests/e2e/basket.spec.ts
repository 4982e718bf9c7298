/**
 * The basket and the guest checkout in a real browser (SPEC.md "Basket", sections 7–9):
 * courses added on /training, the currency picker, remove and clear, and whole purchases through
 * the built-in test-mode payment page, which the embedded default uses: paid with the test card,
 * declined with another, cancelled back to the basket, and the order then in the CMS.
 */
import { desc, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { mailOutbox, orders, trainingCourses } from "../../app/db/schema";
import { BUILT_IN_COURSES } from "../../app/content/training-courses";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  waitForHydration,
  waitForToastsToClose,
} from "./fixtures";

const [aws, ml, cyber] = BUILT_IN_COURSES as [
  (typeof BUILT_IN_COURSES)[number],
  (typeof BUILT_IN_COURSES)[number],
  (typeof BUILT_IN_COURSES)[number],
];

// A British browser: the basket's currency starts from the browser language (SPEC.md section 9).
test.use({ locale: "en-GB" });
test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function addFromTraining(page: Page, ...names: string[]) {
  await page.goto("/training");
  await waitForHydration(page);
  for (const name of names) {
    await page.getByRole("button", { name: `Add to Basket: ${name}` }).click();
    await expect(page.getByText(`${name} added to basket!`)).toBeVisible();
  }
}

async function openBasket(page: Page) {
  await page
    .getByRole("link", { name: /^Basket/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your Basket" })).toBeVisible();
  await expect(page.getByTestId("basket-items")).toBeVisible();
}

test("courses added on /training fill the badge and the basket; the currency picker re-prices everything", async ({
  page,
}) => {
  await addFromTraining(page, aws.name, ml.name);
  await expect(page.getByTestId("basket-count")).toHaveText("2");
  await openBasket(page);

  const items = page.getByTestId("basket-items").getByRole("listitem");
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText(aws.name);
  await expect(items.nth(0)).toContainText("£1,299");
  await expect(items.nth(1)).toContainText("£1,599");
  await expect(page.getByTestId("basket-total")).toHaveText("£2,898");
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);

  const picker = page.getByLabel("Currency");
  await expect(picker).toHaveValue("GBP");
  await expect(picker.locator("option")).toHaveText(["GBP", "USD", "EUR", "CAD", "AUD", "JPY"]);
  await picker.selectOption("JPY");
  await expect(page.getByText("Currency updated to JPY")).toBeVisible();
  await expect(items.nth(0)).toContainText("¥250,395");
  await expect(items.nth(1)).toContainText("¥308,223");
  await expect(page.getByTestId("basket-total")).toHaveText("¥558,618");

  // The choice persists across pages and reloads.
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Currency")).toHaveValue("JPY");
  await expect(page.getByTestId("basket-total")).toHaveText("¥558,618");

  await page.getByLabel("Currency").selectOption("GBP");
  await expect(page.getByText("Currency updated to GBP")).toBeVisible();
  await expect(page.getByTestId("basket-total")).toHaveText("£2,898");

  // SPEC.md section 9: each price converted at the fixed rate and rounded to a whole unit, then
  // summed: 1299 × 1.28 = 1662.72 → 1663 and 1599 × 1.28 = 2046.72 → 2047, and so on.
  for (const [code, total] of [
    ["USD", "$3,710"], // 1663 + 2047
    ["EUR", "€3,420"], // 1299 × 1.18 = 1532.82 → 1533; 1599 × 1.18 = 1886.82 → 1887
    ["CAD", "CA$5,042"], // 1299 × 1.74 = 2260.26 → 2260; 1599 × 1.74 = 2782.26 → 2782
    ["AUD", "A$5,593"], // 1299 × 1.93 = 2507.07 → 2507; 1599 × 1.93 = 3086.07 → 3086
  ] as const) {
    await page.getByLabel("Currency").selectOption(code);
    await expect(page.getByTestId("basket-total")).toHaveText(total);
  }
});

test.describe("an American browser", () => {
  test.use({ locale: "en-US" });

  test("sees the basket in US dollars until it picks another currency", async ({ page }) => {
    await addFromTraining(page, aws.name);
    await openBasket(page);
    await expect(page.getByLabel("Currency")).toHaveValue("USD");
    // 1299 × 1.28 = 1662.72, rounded to 1663.
    await expect(page.getByTestId("basket-total")).toHaveText("$1,663");
  });
});

test("remove takes one course out; Clear Basket empties it; the empty basket leads back to /training", async ({
  page,
}) => {
  await addFromTraining(page, aws.name, ml.name, cyber.name);
  await openBasket(page);
  await page.getByRole("button", { name: `Remove ${ml.name}` }).click();
  await expect(page.getByTestId("basket-items").getByRole("listitem")).toHaveCount(2);
  await expect(page.getByTestId("basket-total")).toHaveText("£2,298");
  await expect(page.getByTestId("basket-count")).toHaveText("2");

  await page.getByRole("button", { name: "Clear Basket" }).click();
  await expect(page.getByRole("heading", { name: "Your basket is empty" })).toBeVisible();
  await expect(page.getByTestId("basket-count")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);
  await page.getByRole("link", { name: "Browse Training Courses" }).click();
  await expect(page).toHaveURL(/\/training$/);
});

test("a guest buys two courses in euros on the test-mode payment page and the order reaches the CMS", async ({
  page,
  server,
}) => {
  await addFromTraining(page, aws.name, cyber.name);
  await openBasket(page);
  await page.getByLabel("Currency").selectOption("EUR");
  // 1299 × 1.18 = 1532.82 → 1533 and 999 × 1.18 = 1178.82 → 1179.
  const total = "€2,712";
  await expect(page.getByTestId("basket-total")).toHaveText(total);

  // Hold the server's answer a moment, so the "preparing" message can be seen before the page changes.
  let releaseCheckout: () => void = () => {};
  await page.route("**/api/checkout", async (route) => {
    await new Promise<void>((resolve) => (releaseCheckout = resolve));
    await route.continue();
  });
  await page.getByRole("button", { name: "Checkout as Guest" }).click();
  await expect(page.getByText("Preparing your checkout...")).toBeVisible();
  await expect(page.getByRole("button", { name: "Checkout as Guest" })).toBeDisabled();
  releaseCheckout();
  await expect(page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
  await expect(page.getByText("TEST MODE – no real money is taken")).toBeVisible();
  await expect(page.getByTestId("order-total")).toHaveText(total);
  await expectAccessibleInBothThemes(page);

  // Keyboard only, from the e-mail field to the Pay button.
  await page.getByLabel("Email").fill("ada@example.com");
  await page.keyboard.press("Tab");
  await page.keyboard.type("4242 4242 4242 4242");
  await page.keyboard.press("Tab");
  await page.keyboard.type("12 / 40");
  await page.keyboard.press("Tab");
  await page.keyboard.type("123");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Pay (test mode)" })).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/checkout\/success\?order=/);
  await expect(page.getByRole("heading", { level: 1, name: "Thank you! Your order is confirmed" })).toBeVisible();
  await expect(page.getByTestId("order-status")).toHaveAttribute("data-status", "paid");
  await expect(page.getByTestId("order-total")).toHaveText(total);
  // The basket is emptied once the order is paid.
  await expect(page.getByTestId("basket-count")).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem("basket"))).toBe("[]");
  await expectAccessibleInBothThemes(page);

  const [order] = await server.db.select().from(orders).orderBy(desc(orders.createdAt)).limit(1);
  expect(order).toMatchObject({ status: "paid", currency: "EUR", customerEmail: "ada@example.com", provider: "test" });
  const mails = await server.db.select().from(mailOutbox).where(eq(mailOutbox.orderId, order!.id));
  expect(mails.map((mail) => mail.kind)).toEqual(["order_confirmation"]);

  await signInAs(page, server, "admin");
  await page.goto("/cms/orders");
  const row = page.getByRole("row").filter({ hasText: order!.id.slice(0, 8).toUpperCase() });
  await expect(row).toContainText("ada@example.com");
  await expect(row).toContainText(total);
  await expect(row).toContainText(/paid/i);
});

test("a declined card says so and leaves the order open; cancelling returns to the basket with its items", async ({
  page,
  server,
  consoleErrors,
}) => {
  await addFromTraining(page, aws.name);
  await openBasket(page);
  await page.getByRole("button", { name: "Checkout as Guest" }).click();
  await expect(page).toHaveURL(/\/checkout\/test\//);

  await page.getByLabel("Email").fill("grace@example.com");
  await page.getByLabel("Card number").fill("4000 0000 0000 0002");
  await page.getByLabel("Expiry date").fill("12 / 40");
  await page.getByLabel("Security code").fill("123");
  await page.getByRole("button", { name: "Pay (test mode)" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Your card was declined. This is test mode: only the test card 4242 4242 4242 4242 is accepted.",
  );
  expectConsoleError(consoleErrors, 402);
  const [order] = await server.db.select().from(orders).orderBy(desc(orders.createdAt)).limit(1);
  expect(order!.status).toBe("pending");

  await page.getByRole("button", { name: "Cancel and return to basket" }).click();
  await expect(page).toHaveURL(/\/basket\?checkout=cancelled$/);
  await expect(page.getByText("Checkout cancelled. No payment was taken")).toBeVisible();
  await expect(page.getByTestId("basket-items").getByRole("listitem")).toHaveCount(1);
  const [cancelled] = await server.db.select().from(orders).where(eq(orders.id, order!.id));
  expect(cancelled!.status).toBe("expired");
});

test("a course withdrawn after it was added is refused at checkout with its name, and the basket keeps its items", async ({
  page,
  server,
  consoleErrors,
}) => {
  await addFromTraining(page, aws.name, ml.name);
  await openBasket(page);
  await server.db.update(trainingCourses).set({ isActive: false }).where(eq(trainingCourses.id, ml.id));
  try {
    await page.getByRole("button", { name: "Checkout as Guest" }).click();
    await expect(
      page.getByText(`Sorry, “${ml.name}” is no longer available. Please remove it from your basket and try again.`),
    ).toBeVisible();
    expectConsoleError(consoleErrors, 409);
    await expect(page).toHaveURL(/\/basket$/);
    await expect(page.getByTestId("basket-items").getByRole("listitem")).toHaveCount(2);
    await expect(page.getByText("No longer available – please remove it")).toBeVisible();
  } finally {
    await server.db.update(trainingCourses).set({ isActive: true }).where(eq(trainingCourses.id, ml.id));
    server.invalidateCaches();
  }
});

test("a checkout answer without a payment address, or no answer at all, says so and keeps the basket", async ({
  page,
  consoleErrors,
}) => {
  await addFromTraining(page, aws.name);
  await openBasket(page);

  await page.route("**/api/checkout", (route) => route.fulfill({ json: {} }));
  await page.getByRole("button", { name: "Checkout as Guest" }).click();
  await expect(page.getByText("Failed to create checkout session")).toBeVisible();
  await expect(page).toHaveURL(/\/basket$/);

  await page.unroute("**/api/checkout");
  await page.route("**/api/checkout", (route) => route.abort("connectionrefused"));
  await page.getByRole("button", { name: "Checkout as Guest" }).click();
  await expect(page.getByText("Something went wrong with the checkout process")).toBeVisible();
  await expect(page.getByTestId("basket-items").getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("button", { name: "Checkout as Guest" })).toBeEnabled();

  // The browser logs the refused connection and the page logs why the checkout failed.
  expect(consoleErrors.some((message) => message.startsWith("Checkout failed"))).toBe(true);
  consoleErrors.splice(0, consoleErrors.length);
});
