/**
 * The media library as an editor uses it: drop two images on the Media tab, describe
 * them, find them in the grid, the list and by search; place one as a page's featured image through
 * the picker (alt text required first); see the public page serve it responsively with long-lived
 * caching and share its social card; see where it is used, be refused its deletion, and replace its
 * file in place. Axe in both themes and a 375 px screen on each CMS view; the SEO panel's counters
 * and previews.
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { auditLog, content, media } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}`;
}

async function png(width: number, height: number, colour: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: colour } })
    .png()
    .toBuffer();
}

async function mediaByName(server: TestServer, originalName: string) {
  const [row] = await server.db.select().from(media).where(eq(media.originalName, originalName));
  return row;
}

/** Drops files on the zone as a browser does: a real drop event carrying a DataTransfer. */
async function dropFiles(page: Page, files: { name: string; bytes: Buffer }[]): Promise<void> {
  const zone = page.getByTestId("media-drop-zone");
  await waitForReact(zone);
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) {
        const bytes = Uint8Array.from(atob(file.base64), (character) => character.charCodeAt(0));
        transfer.items.add(new File([bytes], file.name, { type: "image/png" }));
      }
      return transfer;
    },
    files.map((file) => ({ name: file.name, base64: file.bytes.toString("base64") })),
  );
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

async function expectFitsNarrowScreen(page: Page): Promise<void> {
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test("drop two images, describe one, and find them in the grid, the list and by search", async ({ page, server }) => {
  await signInAs(page, server);
  const names = [`${unique("harbour")}.png`, `${unique("meadow")}.png`];
  await page.goto("/cms/media");
  await dropFiles(page, [
    { name: names[0]!, bytes: await png(1400, 700, "#1d4ed8") },
    { name: names[1]!, bytes: await png(900, 600, "#15803d") },
  ]);
  const results = page.getByRole("list", { name: "Uploads" });
  // Each upload is decoded and re-encoded into its widths on the server: seconds on a busy machine.
  await expect(results.getByText("Uploaded: add its alt text below")).toHaveCount(2, { timeout: 30_000 });
  const grid = page.getByTestId("media-grid");
  await expect(grid.getByRole("link", { name: new RegExp(names[0]!) })).toBeVisible();
  await expect(grid.getByRole("link", { name: new RegExp(names[1]!) })).toBeVisible();

  await grid.getByRole("link", { name: new RegExp(names[0]!) }).click();
  const details = page.getByTestId("media-details");
  await expect(details.getByRole("heading", { name: names[0]! })).toBeVisible();
  const alt = `Harbour at dawn ${unique("alt")}`;
  await details.getByLabel("Alt text").fill(alt);
  await details.getByLabel("Caption").fill("Taken from the pier.");
  // The focal point moves with the keyboard as well as the pointer.
  await details.getByTestId("focal-point").focus();
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(details.getByText("Focal point: 40% across, 50% down")).toBeVisible();
  // Closing the details with the text unsaved asks first; staying keeps it.
  const leaveDialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await details.getByRole("link", { name: "Close details" }).click();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(details.getByLabel("Alt text")).toHaveValue(alt);
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByText("Image details saved")).toBeVisible();
  const row = await mediaByName(server, names[0]!);
  expect([row?.altText, row?.caption, row?.focalX]).toEqual([alt, "Taken from the pier.", 0.4]);
  const [entry] = await server.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.entityId, row!.id))
    .orderBy(auditLog.createdAt);
  expect(entry?.action).toBe("media.upload");
  await expect
    .poll(async () =>
      (await server.db.select().from(auditLog).where(eq(auditLog.action, "media.update"))).some(
        (log) => log.entityId === row!.id,
      ),
    )
    .toBe(true);

  // The focal point alone, moved with the pointer, is an edit too: leaving asks first.
  const picture = details.getByTestId("focal-point");
  const box = await picture.boundingBox();
  if (!box) throw new Error("The focal point picker is not shown.");
  await page.mouse.click(box.x + box.width * 0.25, box.y + box.height * 0.25);
  await expect(details.getByText("Focal point: 25% across, 25% down")).toBeVisible();
  await details.getByRole("link", { name: "Close details" }).click();
  await expect(leaveDialog).toBeVisible();
  await leaveDialog.getByRole("button", { name: "Stay on this page" }).click();
  await details.getByRole("button", { name: "Save details" }).click();
  await expect.poll(async () => Math.round(((await mediaByName(server, names[0]!))?.focalX ?? 0) * 100)).toBe(25);

  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);
  await expectFitsNarrowScreen(page);

  await page.getByLabel("Search images").fill(alt);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(grid.getByRole("link")).toHaveCount(1);
  await expect(grid.getByRole("link", { name: alt })).toBeVisible();

  await page.getByRole("link", { name: "List" }).click();
  const list = page.getByTestId("media-list");
  await expect(list.getByRole("link", { name: names[0]! })).toBeVisible();
  await expect(list.getByRole("cell", { name: alt })).toBeVisible();
  await expect(list.getByRole("row")).toHaveCount(2);
  await expectAccessibleInBothThemes(page);
  await expectFitsNarrowScreen(page);
});

test("refuses an SVG by content and says why", async ({ page, server, consoleErrors }) => {
  await signInAs(page, server);
  await page.goto("/cms/media");
  const input = page.getByLabel("Choose images");
  await waitForReact(page.getByTestId("media-drop-zone"));
  await input.setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  });
  await expect(page.getByRole("alert").filter({ hasText: "SVG images are not accepted" })).toBeVisible();
  expectConsoleError(consoleErrors, 415);
  expect(await server.db.$count(media, eq(media.originalName, "logo.png"))).toBe(0);
});

test("place a library image as a featured image; the public page serves it responsively; where used, delete refused, replace in place", async ({
  page,
  server,
  consoleErrors,
}) => {
  await signInAs(page, server);
  const name = `${unique("skyline")}.png`;
  await page.goto("/cms/media");
  await waitForReact(page.getByTestId("media-drop-zone"));
  await page
    .getByLabel("Choose images")
    .setInputFiles({ name, mimeType: "image/png", buffer: await png(1600, 800, "#7c3aed") });
  await expect(page.getByText("Uploaded: add its alt text below")).toBeVisible();
  const image = (await mediaByName(server, name))!;

  const slug = unique("library-page");
  const [item] = await server.db
    .insert(content)
    .values({
      title: `Library page ${slug}`,
      slug,
      status: "published",
      publishedAt: new Date(),
      content: "<p>Body</p>",
    })
    .returning();
  server.invalidateCaches();

  // The picker: search, choose, and no placing without alt text.
  await page.goto(`/cms/content/${item!.id}`);
  await waitForReact(page.getByRole("button", { name: "Choose from library" }));
  await page.getByRole("button", { name: "Choose from library" }).click();
  const picker = page.getByTestId("media-picker");
  await picker.getByLabel("Search images").fill(name);
  await picker.getByRole("button", { name }).click();
  await picker.getByRole("button", { name: "Use this image" }).click();
  await expect(picker.getByText("Describe the image in its alt text before placing it on a page")).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await picker.getByLabel(/Alt text for/).fill("A violet skyline");
  await picker.getByRole("button", { name: "Use this image" }).click();
  await expect(picker).toBeHidden();
  await expect(page.getByLabel("Featured Image URL")).toHaveValue(`/media/${image.id}.webp`);
  expect((await mediaByName(server, name))?.altText).toBe("A violet skyline");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByText("Content published", { exact: true })).toBeVisible();

  // The public page: <picture> with AVIF and WebP srcsets, sizes, width and height; variants cached for good.
  await page.context().clearCookies();
  await page.goto(`/content/${slug}`);
  const avif = page.locator('article header picture source[type="image/avif"]');
  const srcset = (await avif.getAttribute("srcset"))!;
  expect(srcset).toMatch(new RegExp(`^/media/media-${image.id}-${image.version}-320\\.avif 320w, `));
  expect(await avif.getAttribute("sizes")).toBe("100vw");
  await expect(page.locator('article header picture source[type="image/webp"]')).toHaveAttribute(
    "srcset",
    /-1600\.webp 1600w$/,
  );
  const img = page.locator("article header picture img");
  await expect(img).toHaveAttribute("width", "1600");
  await expect(img).toHaveAttribute("height", "800");
  await expect(img).toHaveAttribute("decoding", "async");
  await expect.poll(() => img.evaluate((node: HTMLImageElement) => node.complete && node.naturalWidth > 0)).toBe(true);
  const variant = await page.request.get(srcset.split(" ")[0]!);
  expect(variant.status()).toBe(200);
  expect(variant.headers()["content-type"]).toBe("image/avif");
  expect(variant.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(variant.headers()["x-content-type-options"]).toBe("nosniff");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
    "content",
    new RegExp(`/media/media-${image.id}-${image.version}-social-x500y500\\.jpg$`),
  );

  // Where used, and deletion refused while it is.
  await signInAs(page, server);
  await page.goto(`/cms/media?image=${image.id}`);
  const details = page.getByTestId("media-details");
  await expect(details.getByTestId("media-usage").getByRole("link", { name: `Library page ${slug}` })).toBeVisible();
  await waitForReact(details.getByRole("button", { name: "Delete image" }));
  await details.getByRole("button", { name: "Delete image" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(details.getByTestId("media-delete-error")).toHaveText(
    `This image cannot be deleted while it is used by content item “Library page ${slug}”.`,
  );
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((message) => !message.includes("status of 409")),
  );
  expect(await server.db.$count(media, eq(media.id, image.id))).toBe(1);

  // Replace in place: same record and address, new variants; the public page follows.
  await details
    .getByTestId("media-replace")
    .setInputFiles({ name: "wider.png", mimeType: "image/png", buffer: await png(1200, 900, "#b45309") });
  await expect(details.getByText("File replaced: pages that use the image now show the new file")).toBeVisible();
  const replaced = (await mediaByName(server, "wider.png"))!;
  expect(replaced.id).toBe(image.id);
  expect(replaced.version).not.toBe(image.version);
  await page.context().clearCookies();
  await page.goto(`/content/${slug}`);
  await expect(page.locator("article header picture img")).toHaveAttribute("height", "900");
  await expect(page.locator('article header picture source[type="image/avif"]')).toHaveAttribute(
    "srcset",
    new RegExp(replaced.version),
  );
  expect((await page.request.get(srcset.split(" ")[0]!)).status()).toBe(404);
  consoleErrors.splice(
    0,
    consoleErrors.length,
    ...consoleErrors.filter((message) => !message.includes("status of 404")),
  );
});

test("the SEO panel counts characters and previews the search result and the social card", async ({ page, server }) => {
  await signInAs(page, server);
  await page.goto("/cms/content/new");
  const title = page.getByLabel("Meta Title");
  await waitForReact(title);
  await page.getByLabel("Title *").fill("Cloud migration");
  await expect(page.getByTestId("search-preview")).toContainText("Cloud migration");
  await expect(page.getByTestId("search-preview")).toContainText("/content/cloud-migration");
  await title.fill("A".repeat(65));
  await expect(page.getByTestId("meta-title-count")).toHaveText("65 characters: 5 over the recommended 60");
  await expect(title).toHaveAccessibleDescription(/65 characters: 5 over the recommended 60/);
  await page.getByLabel("Meta Description").fill("Move to the cloud without downtime.");
  await expect(page.getByTestId("meta-description-count")).toHaveText("35 of 160 characters");
  await expect(page.getByTestId("search-preview")).toContainText("Move to the cloud without downtime.");
  await expect(page.getByTestId("social-preview").locator("img")).toHaveAttribute("src", "/images/share.png");
  await page.getByLabel("Featured Image URL").fill("/images/showcase-training-960.webp");
  await expect(page.getByTestId("social-preview").locator("img")).toHaveAttribute(
    "src",
    "/images/showcase-training-960.webp",
  );
  await expectAccessibleInBothThemes(page);
  await expectFitsNarrowScreen(page);
});
