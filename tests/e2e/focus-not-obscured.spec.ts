/**
 * WCAG 2.2 SC 2.4.11 Focus Not Obscured: when the contact form's check moves focus to
 * the first field with a mistake, that field is scrolled clear of the sticky header, wherever the
 * page was scrolled: the field below the fold, just under the header, or above the window.
 */
import type { Page } from "@playwright/test";
import { dismissCookieBanner, expect, ignoreErrorResponses, test, waitForHydration } from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/**
 * Where the page is scrolled before sending, from the Name field's place on the page, and what the
 * test checks of the field's box in the window before sending, so each case is what it says.
 */
const SCROLLS: {
  name: string;
  scrollTop: (fieldTop: number, viewport: number) => number;
  before: (box: DOMRect, viewport: number) => boolean;
}[] = [
  {
    name: "below the fold",
    scrollTop: (fieldTop, viewport) => fieldTop - viewport + 20,
    before: (box, viewport) => box.top > viewport - 25,
  },
  { name: "just under the header", scrollTop: (fieldTop) => fieldTop - 20, before: (box) => box.top < 25 },
  { name: "above the window", scrollTop: () => Number.MAX_SAFE_INTEGER, before: (box) => box.bottom < 0 },
];

async function expectFocusClearOfHeader(page: Page) {
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("name", "name");
  const header = (await page.locator("header").first().boundingBox())!;
  // Scrolling to the field may be smooth; the test waits for where it settles.
  await expect
    .poll(async () => (await focused.boundingBox())!.y, { message: "the focused field's top" })
    .toBeGreaterThanOrEqual(header.y + header.height);
  const field = (await focused.boundingBox())!;
  const viewport = page.viewportSize()!;
  expect(field.y + field.height).toBeLessThanOrEqual(viewport.height);
}

for (const viewport of [
  { width: 375, height: 667 },
  { width: 1280, height: 600 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const scroll of SCROLLS) {
      test(`the first field with a mistake is focused clear of the sticky header (field ${scroll.name})`, async ({
        page,
        consoleErrors,
      }) => {
        // The browser's check loads when the form is first focused; on a loaded machine Enter can
        // come first, and the server's 400 with the same messages moves focus the same way.
        ignoreErrorResponses(consoleErrors, 400);
        await page.goto("/contact");
        await waitForHydration(page);
        // Something typed in a later field, so the first mistake is the empty Name above it.
        const phone = page.getByLabel("Phone");
        await phone.fill("+44 20 7946 0123");
        const fieldTop = await page
          .getByLabel("Name *")
          .evaluate((input) => Math.round(input.getBoundingClientRect().top + window.scrollY));
        await page.evaluate(
          (top) => window.scrollTo({ top, behavior: "instant" }),
          scroll.scrollTop(fieldTop, viewport.height),
        );
        await expect(phone).toBeFocused();
        const box = await page.getByLabel("Name *").evaluate((input) => input.getBoundingClientRect().toJSON());
        expect(scroll.before(box as DOMRect, viewport.height), `Name's box ${JSON.stringify(box)}`).toBe(true);
        // Enter in a text field sends the form, as a keyboard user would, without scrolling first.
        await page.keyboard.press("Enter");
        await expect(page.getByText("Name is required")).toBeVisible();
        await expectFocusClearOfHeader(page);
      });
    }
  });
}
