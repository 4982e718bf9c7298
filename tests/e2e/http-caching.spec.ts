/**
 * HTTP caching of pages through the real production server (html-validators.server.ts): an
 * anonymous visitor's pages carry a weak entity tag and a conditional request is answered 304,
 * from the page cache too; a browser reload revalidates and the page it keeps still runs; pages for
 * a signed-in user and everything under /cms are never stored.
 */
import { dismissCookieBanner, expect, signInAs, test, waitForHydration } from "./fixtures";

test("an anonymous visitor's page carries a weak ETag, and If-None-Match is answered 304", async ({ request }) => {
  for (const path of ["/about", "/training", "/careers", "/"]) {
    const first = await request.get(path);
    expect(first.status(), path).toBe(200);
    const tag = first.headers()["etag"];
    expect(tag, path).toMatch(/^W\/"[^"]+"$/);
    expect(first.headers()["cache-control"], path).toBe("no-cache");
    expect(first.headers()["vary"], path).toMatch(/accept-encoding/i);

    // The second request is served by the page cache (the same page, without its nonce): the same tag.
    const second = await request.get(path);
    expect(second.headers()["x-page-cache"], path).toBe("hit");
    expect(second.headers()["etag"], path).toBe(tag);

    for (const encoding of ["gzip, deflate, br", "identity"]) {
      const revalidated = await request.get(path, { headers: { "If-None-Match": tag!, "Accept-Encoding": encoding } });
      expect(revalidated.status(), `${path} ${encoding}`).toBe(304);
      expect(revalidated.headers()["etag"]).toBe(tag);
      expect(await revalidated.body()).toHaveLength(0);
      // A 304 updates the kept page's headers: a new CSP nonce would stop its scripts.
      expect(revalidated.headers()["content-security-policy"]).toBeUndefined();
    }
    const stale = await request.get(path, { headers: { "If-None-Match": 'W/"an-older-version"' } });
    expect(stale.status(), path).toBe(200);
  }
});

test("a browser reload revalidates the page (304) and the page it keeps still runs under its CSP", async ({ page }) => {
  await dismissCookieBanner(page);
  const first = await page.goto("/about");
  expect(first?.status()).toBe(200);
  await waitForHydration(page);
  const tag = (await first!.allHeaders())["etag"];
  expect(tag).toMatch(/^W\//);
  const reloaded = await page.reload();
  // Chromium asked with the tag it kept, and was answered 304: Playwright reports the kept page's
  // status (200) with the 304's headers, which carry no body's type and no new CSP.
  expect(await reloaded!.request().headerValue("if-none-match")).toBe(tag);
  const headers = await reloaded!.allHeaders();
  expect(headers["etag"]).toBe(tag);
  expect(headers["content-type"]).toBeUndefined();
  expect(headers["content-security-policy"]).toBeUndefined();
  // The fixture fails the test on any console error, a CSP refusal of a script included.
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("pages for a signed-in user and everything under /cms are Cache-Control: no-store", async ({
  page,
  request,
  server,
}) => {
  for (const path of ["/cms", "/cms/content"]) {
    const anonymous = await request.get(path, { maxRedirects: 0 });
    expect(anonymous.headers()["cache-control"], path).toBe("no-store");
    expect(anonymous.headers()["etag"], path).toBeUndefined();
  }
  await signInAs(page, server, "admin");
  for (const path of ["/about", "/", "/cms", "/cms/orders"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = await response!.allHeaders();
    expect(headers["cache-control"], path).toBe("no-store");
    expect(headers["etag"], path).toBeUndefined();
  }
  // Not even a tag the signed-in visitor's browser kept from before signing in gets a 304.
  const tag = (await request.get("/about")).headers()["etag"];
  const signedIn = await page.request.get("/about", { headers: { "If-None-Match": tag! } });
  expect(signedIn.status()).toBe(200);
});
