import type { Page } from "@playwright/test";
import { navigationItems } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  ignoreNotFoundResponses,
  mainMenuEntries,
  test,
  waitForHydration,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/**
 * Waits until the page's basket has saved its own (empty) copy, which it does once it has read
 * storage after hydrating. A value stored before then would be overwritten by that save, and the
 * page reloaded afterwards would show an empty basket.
 */
async function afterBasketSaved(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem("basket"))).toBe("[]");
}

test.describe("top navigation", () => {
  test("shows the main-menu items stored in the database, in sort order", async ({ page, server }) => {
    const stored = await server.db.select().from(navigationItems);
    await server.db.insert(navigationItems).values([
      { title: "Insights", url: "/content/insights", menuPosition: "main", sortOrder: 15 },
      { title: "Hidden", url: "/hidden", menuPosition: "main", sortOrder: 16, isActive: false },
      { title: "Footer only", url: "/footer-only", menuPosition: "footer", sortOrder: 1 },
    ]);
    server.invalidateCaches();
    try {
      await page.goto("/");
      await expect(mainMenuEntries(page)).toHaveText([
        "Home",
        "Insights",
        "About",
        "Services",
        "Training",
        "Contact",
        "Legal",
      ]);
      const menu = page.getByRole("navigation", { name: "Main" });
      await expect(menu.getByRole("link", { name: "Insights" })).toHaveAttribute("href", "/content/insights");
      await expect(menu.getByText("Hidden")).toHaveCount(0);
      await expect(menu.getByText("Footer only")).toHaveCount(0);
    } finally {
      await server.db.delete(navigationItems);
      await server.db.insert(navigationItems).values(stored);
      server.invalidateCaches();
    }
  });

  test("falls back to the default items when the table is empty", async ({ page, server }) => {
    const stored = await server.db.select().from(navigationItems);
    await server.db.delete(navigationItems);
    server.invalidateCaches();
    try {
      await page.goto("/");
      await expect(mainMenuEntries(page)).toHaveText(["Home", "About", "Services", "Training", "Contact", "Legal"]);
    } finally {
      await server.db.insert(navigationItems).values(stored);
      server.invalidateCaches();
    }
  });

  test("the Services and Legal dropdowns work with the keyboard alone", async ({ page, consoleErrors }) => {
    await page.goto("/");
    const services = page.getByRole("button", { name: "Services" });
    await services.focus();
    await page.keyboard.press("Enter");
    await expect(services).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Main" });
    for (const [name, href] of [
      ["All Services", "/services"],
      ["AI Solutions", "/ai"],
      ["AWS Cloud", "/cloud"],
      ["Cyber Security", "/cybersecurity"],
    ]) {
      await expect(menu.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveAttribute("href", href!);
    }
    await expect(menu.getByText("Migration, data lakes and secure AWS architecture.")).toBeVisible();
    await expectAccessibleInBothThemes(page);

    // Tab moves into the open menu, Escape closes it and returns focus to its trigger.
    await page.keyboard.press("Tab");
    await expect(menu.getByRole("link", { name: /^All Services/ })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(services).toHaveAttribute("aria-expanded", "false");
    await expect(services).toBeFocused();

    const legal = page.getByRole("button", { name: "Legal" });
    await legal.focus();
    await page.keyboard.press("Enter");
    for (const [name, href] of [
      ["Privacy Statement", "/privacy-statement"],
      ["Terms of Use", "/terms-of-use"],
      ["Cookie Policy", "/cookie-policy"],
    ]) {
      await expect(menu.getByRole("link", { name })).toHaveAttribute("href", href!);
    }
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/privacy-statement$/);
    await expect(legal).toHaveAttribute("aria-expanded", "false");
    ignoreNotFoundResponses(consoleErrors);
  });

  test("the header's and footer's links change the page without loading the document again", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    // A mark on this document: a page loaded anew would not have it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const stillHere = () => page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument);
    const historyLength = () => page.evaluate(() => history.length);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(await stillHere()).toBe(true);

    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy-statement$/);
    expect(await stillHere()).toBe(true);

    // A link to the page already shown replaces its history entry, as React Router's links do.
    const before = await historyLength();
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy", exact: true }).click();
    await expect(page).toHaveURL(/\/privacy-statement$/);
    expect(await historyLength()).toBe(before);
    expect(await stillHere()).toBe(true);
  });

  test("the basket badge shows the stored count after hydration without moving the layout", async ({ page }) => {
    await page.goto("/");
    const basket = page.getByRole("link", { name: /^Basket/ });
    const before = await basket.boundingBox();
    await expect(page.getByTestId("basket-count")).toHaveCount(0);

    await afterBasketSaved(page);
    await page.evaluate(() =>
      localStorage.setItem(
        "basket",
        JSON.stringify([
          { id: "a", name: "AWS Solutions Architect", price: 1299, baseCurrency: "GBP", emoji: "☁️" },
          { id: "b", name: "Cyber Security Fundamentals", price: 999, baseCurrency: "GBP", emoji: "🔐" },
        ]),
      ),
    );
    await page.reload();
    await expect(page.getByTestId("basket-count")).toHaveText("2");
    await expect(basket).toHaveAccessibleName("Basket, 2 items");
    expect(await basket.boundingBox()).toEqual(before);
  });

  test("a corrupt stored basket is logged and ignored", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await afterBasketSaved(page);
    await page.evaluate(() => localStorage.setItem("basket", "{not json"));
    await page.reload();
    await expect(page.getByRole("link", { name: "Basket", exact: true })).toBeVisible();
    // The basket is read once the page has hydrated, which a loaded machine can take a while to do.
    await waitForHydration(page);
    await expect.poll(() => consoleErrors.length).toBeGreaterThan(0);
    expect(consoleErrors.join("\n")).toMatch(/basket/i);
    consoleErrors.length = 0;
    await expect(page.getByTestId("basket-count")).toHaveCount(0);
  });
});

test.describe("mobile menu", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("opens, lists every link and the basket count, and closes with Escape", async ({ page }) => {
    await page.goto("/");
    await afterBasketSaved(page);
    await page.evaluate(() =>
      localStorage.setItem(
        "basket",
        JSON.stringify([{ id: "a", name: "Course", price: 899, baseCurrency: "GBP", emoji: "📊" }]),
      ),
    );
    await page.reload();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();

    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    for (const name of [
      "Home",
      "About",
      "Services",
      "Training",
      "Contact",
      "AI Solutions",
      "AWS Cloud",
      "Cyber Security",
      "Privacy Statement",
      "Terms of Use",
      "Cookie Policy",
    ]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Basket (1)" })).toHaveAttribute("href", "/basket");
    // Focus moved into the menu, so a keyboard user continues from there.
    await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
    await expectAccessibleInBothThemes(page);

    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  });

  test("following a link closes the menu", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    ignoreNotFoundResponses(consoleErrors);
  });
});
