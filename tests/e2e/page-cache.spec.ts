/**
 * The whole-page cache for anonymous visitors (app/server/platform/cache/page-cache.server.ts) in the production
 * build: a cached page carries no CSP nonce, is the same for everyone, runs by its scripts' hashes
 * and goes out compressed as stored; anyone signed in or carrying one of the site's cookies gets a
 * page rendered for them; a CMS write shows on the next anonymous request; a page with a toast
 * (and the Set-Cookie that clears it) is never kept for others.
 */
import { eq } from "drizzle-orm";
import type { APIResponse, Page, Response } from "@playwright/test";
import { content } from "../../app/db/schema";
import { checkFormToken, MIN_FILL_TIME_MS } from "../../app/server/platform/http/form-token.server";
import { csrfToken, dismissCookieBanner, expect, signInAs, test, waitForHydration, type TestServer } from "./fixtures";
import { scriptHashSource } from "./security-header-rules";

const CACHE_HEADER = "x-page-cache";

let counter = 0;
/** An address no other test has asked for, so its first request is always rendered. */
function freshAddress(path: string): string {
  counter += 1;
  return `${path}?visit=${process.pid}-${counter}-${Date.now()}`;
}

/** Every header of a page's or an API request's response (a page's headers() leaves some out). */
async function headersOf(response: Response | APIResponse): Promise<Record<string, string>> {
  return "allHeaders" in response ? response.allHeaders() : response.headers();
}

/** The nonce of the response's CSP, and every nonce attribute of its HTML. */
async function noncesOf(response: Response | APIResponse) {
  const policy = (await headersOf(response))["content-security-policy"] ?? "";
  const html = await response.text();
  return {
    header: /'nonce-([^']+)'/.exec(policy)?.[1],
    attributes: [...html.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]),
    html,
  };
}

async function cacheStatus(response: Response | APIResponse | null): Promise<string | undefined> {
  return response ? (await headersOf(response))[CACHE_HEADER] : undefined;
}

/** Creates or updates a content item through the CMS editor's own action, as an administrator. */
async function saveThroughCms(page: Page, path: string, form: Record<string, string>): Promise<APIResponse> {
  await page.goto("/cms/content/new");
  const response = await page.request.post(path, {
    form: { csrf: await csrfToken(page), intent: "publish", type: "page", ...form },
    maxRedirects: 0,
  });
  expect(response.status(), `POST ${path}`).toBe(302);
  return response;
}

async function storedItem(server: TestServer, slug: string): Promise<{ id: string; updatedAt: Date }> {
  const [row] = await server.db
    .select({ id: content.id, updatedAt: content.updatedAt })
    .from(content)
    .where(eq(content.slug, slug));
  return row!;
}

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

test("a cached page is the same for every visitor, without a nonce, and its scripts run by their hashes", async ({
  page,
}) => {
  // Routing turns Chromium's HTTP cache off: the second visit must fetch the page again rather than
  // revalidate it (a 304 keeps the first page; http-caching.spec.ts tests that).
  await page.route("**/*", (route) => route.continue());
  const address = freshAddress("/about");
  const first = await page.goto(address);
  expect(await cacheStatus(first)).toBe("miss");
  const rendered = await noncesOf(first!);
  await waitForHydration(page);

  const second = await page.goto(address);
  expect(await cacheStatus(second)).toBe("hit");
  const cached = await noncesOf(second!);
  // Hydration needs every script to run under the CSP; the fixture fails the test on any CSP error.
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  expect(rendered.header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(rendered.attributes.length).toBeGreaterThan(3);
  expect(new Set(rendered.attributes)).toEqual(new Set([rendered.header]));
  expect(cached.header).toBeUndefined();
  expect(cached.attributes).toEqual([]);
  expect(cached.html).toBe(rendered.html.replaceAll(` nonce="${rendered.header}"`, ""));
  // Each inline script is allowed by its hash, and the policy lists nothing else.
  const policy = (await headersOf(second!))["content-security-policy"] ?? "";
  const sources = /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [];
  const inlineScripts = [...cached.html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes!.includes("src=") && !attributes!.includes("application/ld+json"))
    .map(([, , text]) => scriptHashSource(text!));
  expect(inlineScripts.length).toBeGreaterThan(2);
  expect(sources).toEqual(["'self'", ...new Set(inlineScripts)]);
});

test("a cached page goes out compressed as stored: brotli for a browser, gzip for a client that asks for it", async ({
  request,
}) => {
  const address = freshAddress("/services");
  const rendered = await (await request.get(address, { headers: { "Accept-Encoding": "identity" } })).text();
  for (const encoding of ["br", "gzip"]) {
    // Stored compressed once the page is kept; until then a hit is compressed as it goes (brotli
    // as a stream, without a length; gzip whole, by whole-page-gzip.server.ts, with one).
    await expect
      .poll(async () => {
        const response = await request.get(address, { headers: { "Accept-Encoding": encoding } });
        return [response.headers()["content-encoding"], Boolean(response.headers()["content-length"])];
      })
      .toEqual([encoding, true]);
    const response = await request.get(address, { headers: { "Accept-Encoding": encoding } });
    expect(await cacheStatus(response)).toBe("hit");
    expect(await response.text()).toBe(rendered.replace(/ nonce="[^"]*"/g, ""));
  }
});

test("a page rendered for one visitor goes out gzip-coded whole, with its length, and a browser shows it", async ({
  page,
  request,
  server,
}) => {
  // A toast cookie, even one the server cannot read, has the page rendered for this visitor.
  const browserEncodings = { Cookie: "toast=x", "Accept-Encoding": "gzip, deflate, br, zstd" };
  const response = await request.get("/services", { headers: browserEncodings });
  expect(await cacheStatus(response)).toBeUndefined();
  expect(response.headers()["content-encoding"]).toBe("gzip");
  // Playwright decodes the body; the length sent is the coded one's, a fraction of the page.
  const html = await response.text();
  expect(html).toContain('<style id="site-styles">');
  expect(Number(response.headers()["content-length"])).toBeLessThan(Buffer.byteLength(html) / 3);

  await page.context().addCookies([{ name: "toast", value: "x", url: server.url }]);
  const navigation = await page.goto("/services");
  expect(await navigation!.headerValue("content-encoding")).toBe("gzip");
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The inlined stylesheet, which came in the stored deflate, applies: the header keeps its place.
  await expect(page.locator("header").first()).toHaveCSS("position", "sticky");
});

test("a signed-in administrator, and a visitor with a toast, get a page rendered for them; other cookies share the cached page", async ({
  page,
  request,
  server,
}) => {
  const address = freshAddress("/services");
  await request.get(address);
  expect(await cacheStatus(await request.get(address))).toBe("hit");

  // Cookies the site never reads (analytics, a load balancer's, another app's) change nothing.
  for (const cookie of ["_ga=GA1.1.123.456", "theme=dark; AWSALB=abc", "anything=1"]) {
    const response = await request.get(address, { headers: { Cookie: cookie } });
    expect(response.status()).toBe(200);
    expect(await cacheStatus(response), cookie).toBe("hit");
  }
  const withToast = await request.get(address, { headers: { Cookie: "_ga=GA1.1.1; toast=abc" } });
  expect(withToast.status()).toBe(200);
  expect(await cacheStatus(withToast)).toBeUndefined();

  await signInAs(page, server, "admin");
  const signedIn = await page.goto(address);
  expect(signedIn?.status()).toBe(200);
  expect(await cacheStatus(signedIn)).toBeUndefined();
  // Rendered for them and coded whole, as for a visitor with a toast (whole-page-gzip.server.ts).
  expect(await signedIn!.headerValue("content-encoding")).toBe("gzip");
  expect(await signedIn!.headerValue("content-length")).toMatch(/^\d+$/);
  // And nothing the signed-in render produced was kept for anonymous visitors.
  expect(await cacheStatus(await request.get(address))).toBe("hit");
});

test("a CMS write shows on the next anonymous request", async ({ page, request, server }) => {
  const slug = `page-cache-${process.pid}-${Date.now()}`;
  await signInAs(page, server, "admin");
  await saveThroughCms(page, "/cms/content/new", { title: "First title", slug, content: "<p>First body</p>" });

  const first = await request.get(`/content/${slug}`);
  expect(first.status()).toBe(200);
  expect(await first.text()).toContain("First title");
  const again = await request.get(`/content/${slug}`);
  expect(await cacheStatus(again)).toBe("hit");
  await request.get("/blog");
  expect(await cacheStatus(await request.get("/blog"))).toBe("hit");

  const saved = await storedItem(server, slug);
  await saveThroughCms(page, `/cms/content/${saved.id}`, {
    // The version the editor's form was opened on (a save without it is refused as a collision).
    baseVersion: saved.updatedAt.toISOString(),
    title: "Second title",
    slug,
    content: "<p>Second body</p>",
  });
  const afterWrite = await request.get(`/content/${slug}`);
  expect(await cacheStatus(afterWrite)).toBe("miss");
  const html = await afterWrite.text();
  expect(html).toContain("Second title");
  expect(html).not.toContain("First title");
  // Every page was forgotten, not only the one that changed: the layout shows data of many kinds.
  expect(await cacheStatus(await request.get("/blog"))).toBe("miss");
});

test("a page with a toast, and the Set-Cookie that clears it, is never kept for other visitors", async ({
  page,
  request,
  server,
}) => {
  const slug = `page-cache-toast-${process.pid}-${Date.now()}`;
  await signInAs(page, server, "admin");
  const saved = await saveThroughCms(page, "/cms/content/new", { title: "Toast item", slug });
  const toastCookie = saved
    .headersArray()
    .filter((header) => header.name.toLowerCase() === "set-cookie")
    .map((header) => header.value.split(";")[0]!)
    .find((pair) => pair.startsWith("toast="));
  expect(toastCookie).toBeDefined();

  // A visitor who holds only the toast cookie: the page shows the toast and clears the cookie.
  const address = freshAddress("/about");
  const withToast = await request.get(address, { headers: { Cookie: toastCookie! } });
  expect(withToast.status()).toBe(200);
  expect(await withToast.text()).toContain("Content published");
  expect(withToast.headers()["set-cookie"]).toMatch(/^toast=;/);
  expect(await cacheStatus(withToast)).toBeUndefined();

  // The next anonymous visitor gets the page without the toast, rendered afresh.
  for (const expected of ["miss", "hit"]) {
    const anonymous = await request.get(address);
    expect(await cacheStatus(anonymous)).toBe(expected);
    expect(await anonymous.text()).not.toContain("Content created successfully");
    expect(anonymous.headers()["set-cookie"]).toBeUndefined();
  }
});

test("the contact page comes from the cache with a form token issued for each response, and still runs", async ({
  page,
  playwright,
  server,
}) => {
  // A context of its own, so no cookie from another test makes the requests bypass the cache.
  const visitor = await playwright.request.newContext({ baseURL: server.url });
  try {
    const address = freshAddress("/contact");
    const sentAt: number[] = [];
    const responses = [];
    for (let visit = 0; visit < 3; visit += 1) {
      sentAt.push(Date.now());
      responses.push(await visitor.get(address));
    }
    expect(await Promise.all(responses.map(cacheStatus))).toEqual(["miss", "hit", "hit"]);
    const pages = await Promise.all(responses.map((response) => response.text()));
    const tokens = pages.map((html) => /name="token" value="([^"]+)"/.exec(html)?.[1] ?? "");
    for (const [index, token] of tokens.entries()) {
      // Genuine (signed with the server's secret) and issued for this response, not when the copy
      // was kept: dated no earlier than the request (the visitors of one second share the token
      // dated at its end, page-cache.server.ts).
      expect(Number(token.split(".")[0]), `token ${index}`).toBeGreaterThanOrEqual(sentAt[index]!);
      expect(checkFormToken(token, Date.now() + MIN_FILL_TIME_MS + 1000), `token ${index}`).toBe("ok");
      expect(checkFormToken(token), `token ${index}`).toBe("too-fast");
      // Also in the page's data, for the form React renders.
      expect(pages[index]!.split(token).length - 1, `token ${index}`).toBeGreaterThanOrEqual(2);
    }
    // Apart from the token and the nonce, the kept page is the rendered one.
    const withoutToken = (html: string, token: string) => html.replaceAll(token, "T").replace(/ nonce="[^"]*"/g, "");
    expect(withoutToken(pages[1]!, tokens[1]!)).toBe(withoutToken(pages[0]!, tokens[0]!));
  } finally {
    await visitor.dispose();
  }
  // In a browser the kept page hydrates under its policy (the fixture fails the test on a CSP error).
  await page.route("**/*", (route) => route.continue());
  const address = freshAddress("/contact");
  await page.goto(address);
  const cached = await page.goto(address);
  expect(await cacheStatus(cached)).toBe("hit");
  await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Send Message" })).toBeEnabled();
});
