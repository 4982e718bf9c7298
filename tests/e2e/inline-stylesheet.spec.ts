/**
 * The production pages carry the site's stylesheet inline (app/lib/browser/stylesheet.tsx), so the first
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

test("the CMS's own classes stay out of the public stylesheet; the CMS links them after it", async ({ page }) => {
  const [cmsFile] = fs.readdirSync(clientAssets).filter((name) => /^cms-.*\.css$/.test(name));
  expect(cmsFile, `the CMS stylesheet in ${clientAssets}`).toBeDefined();
  // The media grid's focal point (components/cms/media) is a class no public page uses.
  const cmsOnly = "--focal-point";
  expect(fs.readFileSync(path.join(clientAssets, cmsFile!), "utf8")).toContain(cmsOnly);
  expect(builtStylesheet()).not.toContain(cmsOnly);

  await page.goto("/cms");
  const sheets = await page.evaluate(() =>
    [...document.head.querySelectorAll('style#site-styles, link[rel="stylesheet"]')].map(
      (element) => element.getAttribute("href") ?? element.id,
    ),
  );
  expect(sheets).toEqual(["site-styles", `/assets/${cmsFile}`]);
  // The sign-in card (or, on a new site, the set-up card) is drawn with the CMS's classes.
  const submit = page.getByRole("button", { name: /^(Sign In|Create administrator)$/ });
  await expect(submit).toHaveCSS("background-color", "rgb(29, 78, 216)");
});
