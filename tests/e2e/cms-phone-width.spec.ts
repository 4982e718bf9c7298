/**
 * The CMS on a phone: every page an administrator can open fits 375 px without sideways
 * scrolling and passes axe there, a table wider than the phone scrolls in a box a keyboard can
 * reach, and a keyboard reaches the page's content past the header and the tabs with the skip
 * link. Pages are checked with what a fresh site holds (the seeded demo content).
 */
import type { Page } from "@playwright/test";
import { CMS_HEADER_LINKS, CMS_TABS } from "../../app/lib/auth/permissions";
import { recordAudit } from "../../app/server/platform/audit.server";
import { expect, expectNoAxeViolations, signInAs, test } from "./fixtures";

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

  test("every page an administrator can open does not scroll sideways and passes axe at this width", async ({
    page,
    server,
  }) => {
    // One signed-in visit to each of the pages, each checked by axe, on a shared machine.
    test.setTimeout(PAGES.length * 30_000);
    await signInAs(page, server, "admin");
    for (const address of PAGES) {
      await test.step(`${address} does not scroll sideways and passes axe at this width`, async () => {
        const response = await page.goto(address);
        expect(response?.status()).toBe(200);
        await expect(page.locator("main h2, main h1").first()).toBeVisible();
        expect(await overflow(page), "pixels past the right edge").toBe(0);
        await expectNoAxeViolations(page);
      });
    }
  });

  test("the audit log fits with a long e-mail address and a long unbroken value in its entries", async ({
    page,
    server,
  }) => {
    // What other tests leave in the log (invited editors' addresses) once made it 10 px too wide.
    const email = `an-editor-with-a-long-address-${Date.now()}@example.com`;
    await recordAudit(server.db, { id: null, email }, "user.invite", "users", null, {
      email,
      link: `https://example.com/${"x".repeat(80)}`,
    });
    await signInAs(page, server, "admin");
    await page.goto("/cms/audit");
    await expect(page.getByRole("list", { name: "Changes, newest first" }).getByText(email).first()).toBeVisible();
    expect(await overflow(page), "pixels past the right edge").toBe(0);
  });

  test("a table wider than the phone scrolls in a labelled box a keyboard can reach, and is no tab stop when it fits", async ({
    page,
    server,
  }) => {
    await signInAs(page, server, "admin");
    await page.goto("/cms/users");
    const box = page.getByRole("region", { name: "Users" });
    await expect(box).toHaveAttribute("tabindex", "0");
    await box.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => box.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(page.getByRole("region", { name: "Users" })).toHaveCount(0);
    await expect(page.getByRole("table").first()).toBeVisible();
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
