import type { Page } from "@playwright/test";
import { dismissCookieBanner, expect, expectAccessibleInBothThemes, test } from "./fixtures";

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  // Records whether <html> already had the dark class when <body> first appeared: if it did,
  // the first paint was already in the right theme.
  await page.addInitScript(() => {
    const observer = new MutationObserver(() => {
      if (!document.body) return;
      (window as unknown as { darkAtFirstBody: boolean }).darkAtFirstBody =
        document.documentElement.classList.contains("dark");
      observer.disconnect();
    });
    observer.observe(document, { childList: true, subtree: true });
  });
});

const darkAtFirstBody = (page: Page) =>
  page.evaluate(() => (window as unknown as { darkAtFirstBody?: boolean }).darkAtFirstBody);

test("defaults to light and follows a light system setting", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await darkAtFirstBody(page)).toBe(false);
});

test("follows a dark system setting before first paint when nothing is stored", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/");
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await darkAtFirstBody(page)).toBe(true);
});

test("the toggle switches theme, persists it, and a reload paints it with no flash", async ({ page }) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  const toggle = page.getByRole("button", { name: "Dark theme" });
  await expect(toggle).toHaveAttribute("aria-pressed", "false");

  // Keyboard alone: focus and press Space.
  await toggle.focus();
  await page.keyboard.press(" ");
  await expect(page.locator("html")).toHaveClass(/dark/);
  await expect(toggle).toHaveAttribute("aria-pressed", "true");
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

  await page.reload();
  await expect(page.locator("html")).toHaveClass(/dark/);
  expect(await darkAtFirstBody(page)).toBe(true);
  await expectAccessibleInBothThemes(page);

  await page.getByRole("button", { name: "Dark theme" }).click();
  await expect(page.locator("html")).not.toHaveClass(/dark/);
  expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("light");
  // A stored choice wins over the system setting.
  await page.emulateMedia({ colorScheme: "dark" });
  await page.reload();
  expect(await darkAtFirstBody(page)).toBe(false);
});

test("the theme script runs under the response's CSP nonce", async ({ page }) => {
  // An address no one has asked for: rendered for this request (a cached page runs its scripts by
  // their hashes instead, which page-cache.spec.ts tests).
  const response = await page.goto(`/?theme-${process.pid}-${Date.now()}`);
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  const html = await response!.text();
  // Every script that runs carries this response's nonce, and nothing else may run. Structured
  // data (application/ld+json) is a data block the browser never executes, so it needs none.
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)]
    .map((match) => match[0])
    .filter((tag) => !tag.includes('type="application/ld+json"'));
  expect(scripts.length).toBeGreaterThan(1);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});
