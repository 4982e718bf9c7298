/**
 * Redirects: an administrator changes a published page's address in the editor and the
 * old address answers 301, then the new one 200; the Redirects view adds and removes redirects and
 * refuses a loop and a chain with their messages. axe in both themes, and usable at 375 px.
 */
import { eq, like } from "drizzle-orm";
import { content, redirects } from "../../app/db/schema";
import { REDIRECT_MESSAGES } from "../../app/lib/schemas/redirects";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectPanelsFitPhoneWidth,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
} from "./fixtures";

let counter = 0;
function unique(prefix: string): string {
  counter += 1;
  return `${prefix}-${process.pid}-${counter}-${Date.now()}`;
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("changing a published page's address redirects the old one with 301 to the new one", async ({ page, server }) => {
  const oldSlug = unique("old-address");
  const newSlug = unique("new-address");
  const [item] = await server.db
    .insert(content)
    .values({
      title: "Moving page",
      slug: oldSlug,
      status: "published",
      publishedAt: new Date(),
      content: "<p>Moved</p>",
    })
    .returning();
  server.invalidateCaches();
  try {
    await signInAs(page, server, "admin");
    await page.goto(`/cms/content/${item!.id}`);
    const slugField = page.getByLabel("Slug *");
    await waitForReact(slugField);
    await slugField.fill(newSlug);
    // The live page moves when the change is published (a saved draft leaves it where it was).
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Content published", { exact: true })).toBeVisible();

    const first = await page.request.get(`/content/${oldSlug}`, { maxRedirects: 0 });
    expect(first.status()).toBe(301);
    expect(first.headers().location).toBe(`/content/${newSlug}`);
    const response = await page.goto(`/content/${oldSlug}`);
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe(`/content/${newSlug}`);
    await expect(page.getByRole("heading", { name: "Moving page" }).first()).toBeVisible();
  } finally {
    await server.db.delete(redirects).where(like(redirects.fromPath, `/content/${oldSlug}%`));
    await server.db.delete(content).where(eq(content.id, item!.id));
    server.invalidateCaches();
  }
});

test("the Redirects view adds and removes redirects and refuses loops and chains", async ({
  page,
  server,
  consoleErrors,
}) => {
  const from = `/${unique("offer")}`;
  const to = `/${unique("landing")}`;
  try {
    await signInAs(page, server, "admin");
    await page.goto("/cms/redirects");
    await expect(page).toHaveTitle("Redirects | CMS");
    const oldField = page.getByLabel("Old address");
    await waitForReact(oldField);

    await oldField.fill(from);
    await page.getByLabel("New address").fill(to);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByText(REDIRECT_MESSAGES.added)).toBeVisible();
    await expect(page.getByRole("row").filter({ hasText: from })).toContainText(to);
    const followed = await page.request.get(from, { maxRedirects: 0 });
    expect(followed.status()).toBe(301);
    expect(followed.headers().location).toBe(to);

    // A loop: the target already redirects back.
    await oldField.fill(to);
    await page.getByLabel("New address").fill(from);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByText(REDIRECT_MESSAGES.loop(to, from)).first()).toBeVisible();
    // A chain: the target itself redirects onwards.
    await page.getByLabel("Old address").fill(`/${unique("third")}`);
    await page.getByLabel("New address").fill(from);
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByText(REDIRECT_MESSAGES.chainTo(from, to)).first()).toBeVisible();
    // Off-site.
    await page.getByLabel("New address").fill("https://evil.example/");
    await page.getByRole("button", { name: "Add redirect" }).click();
    await expect(page.getByText(REDIRECT_MESSAGES.offSite).first()).toBeVisible();
    expect(await server.db.select().from(redirects).where(eq(redirects.toPath, from))).toEqual([]);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((m) => !m.includes("status of 400")));

    await waitForToastsToClose(page);
    await expectAccessibleInBothThemes(page);
    await expectPanelsFitPhoneWidth(page);

    await page.getByRole("button", { name: `Remove the redirect from ${from}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText(REDIRECT_MESSAGES.removed)).toBeVisible();
    expect((await page.request.get(from, { maxRedirects: 0 })).status()).toBe(404);
    consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((m) => !m.includes("status of 404")));
  } finally {
    await server.db.delete(redirects).where(eq(redirects.fromPath, from));
  }
});
