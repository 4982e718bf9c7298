/**
 * The floating theme and chat buttons, the cookie banner and the phone header: nothing
 * covers the floating buttons while the banner waits for a choice, the buttons cover no item of the
 * open mobile menu, the header shows the basket count on a phone, and the menu button names an
 * element that exists while the menu is closed.
 */
import type { Locator, Page } from "@playwright/test";
import { dismissCookieBanner, expect, test, waitForHydration } from "./fixtures";

type Box = { x: number; y: number; width: number; height: number };

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  expect(box, "the element is laid out").not.toBeNull();
  return box!;
}

/** Whether the element itself (or something inside it) is what a pointer at its centre reaches. */
async function receivesPointerAtCentre(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const { x, y, width, height } = element.getBoundingClientRect();
    const hit = document.elementFromPoint(x + width / 2, y + height / 2);
    return hit !== null && element.contains(hit);
  });
}

const themeToggle = (page: Page) => page.getByTestId("theme-toggle");
const chatButton = (page: Page) => page.getByRole("button", { name: "Chat with our assistant" });

for (const viewport of [
  { name: "desktop", width: 1280, height: 720 },
  { name: "375 px", width: 375, height: 667 },
]) {
  test.describe(`at ${viewport.name}`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test("the cookie banner covers neither the theme toggle nor the chat button", async ({ page }) => {
      await page.goto("/");
      await waitForHydration(page);
      const banner = page.getByTestId("cookie-banner");
      await expect(banner).toBeVisible();
      const bannerBox = await boxOf(banner);
      for (const button of [themeToggle(page), chatButton(page)]) {
        await expect(button).toBeInViewport();
        expect(overlaps(await boxOf(button), bannerBox), "the button overlaps the banner").toBe(false);
        expect(await receivesPointerAtCentre(button)).toBe(true);
      }
      // A visitor can switch the theme before choosing about cookies.
      const isDark = () => page.evaluate(() => document.documentElement.classList.contains("dark"));
      const wasDark = await isDark();
      await themeToggle(page).click({ timeout: 5_000 });
      await expect.poll(isDark).toBe(!wasDark);
      await expect(banner).toBeVisible();

      // Once a choice is made, the buttons return to the corner.
      await banner.getByRole("button", { name: "Reject All" }).click();
      await expect(banner).toBeHidden();
      const toggleBox = await boxOf(themeToggle(page));
      expect(viewport.height - (toggleBox.y + toggleBox.height)).toBe(16);
    });
  });
}

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 667 } });
  test.beforeEach(async ({ page }) => dismissCookieBanner(page));

  test("the header shows the basket with its count", async ({ page }) => {
    await page.addInitScript(() =>
      localStorage.setItem(
        "basket",
        JSON.stringify([
          { id: "a", name: "Course A", price: 899, baseCurrency: "GBP", emoji: "📊" },
          { id: "b", name: "Course B", price: 999, baseCurrency: "GBP", emoji: "🔐" },
        ]),
      ),
    );
    await page.goto("/");
    await waitForHydration(page);
    const header = page.getByRole("banner");
    const basket = header.getByRole("link", { name: "Basket, 2 items" });
    await expect(basket).toBeVisible();
    await expect(basket.getByTestId("basket-count")).toHaveText("2");
    await expect(basket).toHaveAttribute("href", "/basket");
  });

  test("the menu button's aria-controls names an element, open or closed", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    const button = page.getByRole("button", { name: "Open menu" });
    const controlled = await button.getAttribute("aria-controls");
    expect(controlled).toBeTruthy();
    await expect(page.locator(`[id="${controlled}"]`)).toHaveCount(1);
    await expect(page.locator(`[id="${controlled}"]`)).toBeHidden();
    await button.click();
    await expect(page.locator(`[id="${controlled}"]`)).toBeVisible();
    await expect(page.getByRole("button", { name: "Close menu" })).toHaveAttribute("aria-controls", controlled!);
  });

  test("with the menu open, every item can be reached and clicked: no floating button covers one", async ({ page }) => {
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    const items = menu.getByRole("link");
    const count = await items.count();
    expect(count).toBeGreaterThan(10);
    for (let index = 0; index < count; index += 1) {
      const item = items.nth(index);
      const name = (await item.textContent())?.trim();
      await item.scrollIntoViewIfNeeded();
      await expect(item, `${name} is on screen`).toBeInViewport({ ratio: 1 });
      expect(await receivesPointerAtCentre(item), `${name} receives a click at its centre`).toBe(true);
      const itemBox = await boxOf(item);
      for (const button of [themeToggle(page), chatButton(page)]) {
        if (!(await receivesPointerAtCentre(button))) continue;
        expect(overlaps(itemBox, await boxOf(button)), `a floating button covers ${name}`).toBe(false);
      }
    }
    // The last item really follows a click.
    await items.last().click();
    await expect(page).toHaveURL(/\/basket$/);
  });
});
