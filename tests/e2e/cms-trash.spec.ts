/**
 * The trash and the Content list's bulk actions: a delete's toast has an Undo that brings
 * the item back at once; the Trash view restores; selecting rows (one by one, or all on the page)
 * publishes or deletes them together after a confirmation; the search finds a word that is only in
 * a body. axe in both themes on the Trash view and the list with its action bar, usable at 375 px.
 */
import { like } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { content } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectPanelsFitPhoneWidth,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/** Items whose titles and slugs start with a marker no other test uses, so a search lists only them. */
async function insertItems(server: TestServer, count: number, body = "<p>Plain body</p>") {
  const marker = `tr${process.pid}x${Date.now()}`;
  const rows = await server.db
    .insert(content)
    .values(
      Array.from({ length: count }, (_, index) => ({
        title: `${marker} item ${index}`,
        slug: `${marker}-${index}`,
        content: body,
      })),
    )
    .returning();
  return { marker, rows };
}

async function removeItems(server: TestServer, marker: string) {
  await server.db.delete(content).where(like(content.slug, `${marker}-%`));
}

async function openList(page: Page, query: string) {
  await page.goto(`/cms/content?q=${encodeURIComponent(query)}`);
  await waitForReact(page.getByRole("checkbox", { name: "Select all on this page" }));
}

test("a delete's toast offers Undo, which restores the item at once", async ({ page, server }) => {
  const { marker } = await insertItems(server, 1);
  try {
    await signInAs(page, server, "admin");
    await openList(page, marker);
    await page.getByRole("button", { name: `Delete ${marker} item 0` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Content deleted successfully" });
    await expect(toast).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(0);

    await toast.getByRole("button", { name: "Undo" }).click();
    await expect(page.getByText("Restored from the trash")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr").first()).toContainText(`${marker} item 0`);
  } finally {
    await removeItems(server, marker);
  }
});

test("the Trash view lists what was deleted and restores it", async ({ page, server }) => {
  const { marker, rows } = await insertItems(server, 1);
  await server.db
    .update(content)
    .set({ deletedAt: new Date() })
    .where(like(content.slug, `${marker}-%`));
  try {
    await signInAs(page, server, "admin");
    await page.goto("/cms/trash");
    await expect(page).toHaveTitle("Trash | CMS");
    const row = page.getByRole("row").filter({ hasText: `${marker} item 0` });
    await expect(row).toContainText("Content (page)");
    await expect(page.getByText(/keep their address \(slug\)/)).toBeVisible();
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    const restore = row.getByRole("button", { name: `Restore ${marker} item 0` });
    await waitForReact(restore);
    await restore.click();
    await expect(page.getByText("Restored from the trash")).toBeVisible();
    await expect(row).toHaveCount(0);
    await openList(page, marker);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    expect(rows).toHaveLength(1);
  } finally {
    await removeItems(server, marker);
  }
});

test("bulk publish and bulk delete act on the selected rows, delete after a confirmation", async ({ page, server }) => {
  const { marker } = await insertItems(server, 3);
  try {
    await signInAs(page, server, "admin");
    await openList(page, marker);
    const bar = page.getByRole("form", { name: "Bulk actions" });
    await expect(bar.getByRole("button", { name: "Publish", exact: true })).toBeDisabled();

    // Select all on this page, then leave one out: the count is announced.
    await page.getByRole("checkbox", { name: "Select all on this page" }).check();
    await expect(bar.getByRole("status")).toHaveText("3 selected");
    await page.getByRole("checkbox", { name: `Select ${marker} item 2` }).uncheck();
    await expect(bar.getByRole("status")).toHaveText("2 selected");
    await expectAccessibleInBothThemes(page);

    await bar.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("2 items published")).toBeVisible();
    await expect(page.locator("tbody tr").filter({ hasText: "published" })).toHaveCount(2);
    for (const index of [0, 1]) {
      expect((await page.request.get(`/content/${marker}-${index}`)).status()).toBe(200);
    }

    // Delete all three, with the keyboard: the confirmation comes first.
    await waitForToastsToClose(page);
    await page.getByRole("checkbox", { name: "Select all on this page" }).focus();
    await page.keyboard.press("Space");
    await expect(bar.getByRole("status")).toHaveText("3 selected");
    await bar.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Move the selected content to the trash?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Move to trash" }).click();
    await expect(page.getByText("3 items moved to the trash")).toBeVisible();
    await expect(page.locator("tbody tr")).toHaveCount(0);
    expect((await page.request.get(`/content/${marker}-0`)).status()).toBe(404);
  } finally {
    await removeItems(server, marker);
  }
});

test("the list's search finds a word that is only in the body text", async ({ page, server }) => {
  const word = `okapi${Date.now()}`;
  const { marker } = await insertItems(server, 1, `<p>A rare <em>${word}</em> appears.</p>`);
  try {
    await signInAs(page, server, "admin");
    await page.goto("/cms/content");
    await page.getByLabel("Search title, slug or text").fill(word);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("heading", { name: "Content (1)" })).toBeVisible();
    await expect(page.locator("tbody tr").first()).toContainText(`${marker} item 0`);
  } finally {
    await removeItems(server, marker);
  }
});
