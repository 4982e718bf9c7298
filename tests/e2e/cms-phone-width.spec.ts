/**
 * The CMS on a phone (issue 18): every page an administrator can open fits 375 px without sideways
 * scrolling, and a keyboard reaches the page's content past the header and the tabs with the skip
 * link. Pages are checked with what a fresh site holds (the seeded demo content).
 */
import type { Page } from "@playwright/test";
import { CMS_HEADER_LINKS, CMS_TABS } from "../../app/lib/permissions";
import { expect, signInAs, test } from "./fixtures";

const PAGES = [
  ...CMS_HEADER_LINKS.map((link) => link.href),
  ...CMS_TABS.map((tab) => tab.href),
  "/cms/scheduled",
  "/cms/account",
  "/cms/content/new",
  "/cms/careers/new",
  "/cms/courses/new",
];

/** How far the page reaches past the window's right edge, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

test.describe("the CMS at 375 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("no page of the CMS scrolls sideways", async ({ page, server }) => {
    await signInAs(page, server, "admin");
    const tooWide: string[] = [];
    for (const address of PAGES) {
      const response = await page.goto(address);
      expect(response?.status(), address).toBe(200);
      await expect(page.locator("main h2, main h1").first()).toBeVisible();
      const pixels = await overflow(page);
      if (pixels > 0) tooWide.push(`${address} (${pixels} px too wide)`);
    }
    expect(tooWide).toEqual([]);
  });

  test("the skip link takes the keyboard past the header and tabs to the page", async ({ page, server }) => {
    await signInAs(page, server, "editor");
    await page.goto("/cms/content");
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to main content" });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press("Enter");
    await expect(page.locator("main#main-content")).toBeFocused();
    // The next stop is inside the page, not the header's first link.
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("main") !== null)).toBe(true);
  });
});
