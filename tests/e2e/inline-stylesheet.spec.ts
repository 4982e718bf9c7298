/**
 * The production pages carry the site's stylesheet inline (app/lib/stylesheet.tsx), so the first
 * paint waits for no second request: the text is exactly the built stylesheet, no stylesheet is
 * requested, and it stays in place through hydration and client-side navigation.
 */
import fs from "node:fs";
import path from "node:path";
import { dismissCookieBanner, expect, test, waitForHydration } from "./fixtures";

const clientAssets = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build", "client/assets");

function builtStylesheet(): string {
  const [file] = fs.readdirSync(clientAssets).filter((name) => /^app-.*\.css$/.test(name));
  expect(file, `a built stylesheet in ${clientAssets}`).toBeDefined();
  return fs.readFileSync(path.join(clientAssets, file!), "utf8").trim();
}

test("every page inlines exactly the built stylesheet and requests none", async ({ page, request }) => {
  const html = await (await request.get("/training")).text();
  const inline = [...html.matchAll(/<style id="site-styles">([\s\S]*?)<\/style>/g)].map((match) => match[1]);
  expect(inline).toHaveLength(1);
  expect(inline[0]).toBe(builtStylesheet());
  expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);

  await dismissCookieBanner(page);
  const stylesheetRequests: string[] = [];
  page.on("request", (sent) => {
    if (sent.resourceType() === "stylesheet") stylesheetRequests.push(sent.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  await expect(page.locator("body")).toHaveCSS("-webkit-font-smoothing", "antialiased");

  // A client-side navigation keeps the inline stylesheet as the server sent it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.locator("#site-styles").evaluate((element) => element.textContent)).toBe(builtStylesheet());
  await expect(page.locator("body")).toHaveCSS("-webkit-font-smoothing", "antialiased");
  expect(stylesheetRequests).toEqual([]);
});
