/**
 * The whole-page cache (page-cache.server.ts) in a real Express app on loopback, behind the real
 * security headers and compression, in front of a stand-in page that counts its renders and puts
 * the response's nonce where React Router puts it.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { cached, invalidate, invalidateAll, invalidateLocally } from "./cache.server";
import { isPublicPagePath, PAGE_CACHE_HEADER, pageCache, type PageCacheOptions } from "./page-cache.server";
import { htmlValidators } from "../http/html-validators.server";
import { securityHeaders } from "../http/security-headers.server";

interface Site {
  url: string;
  renders: () => number;
  /** How many requests have reached the page cache. */
  arrivals: () => number;
  /** Lets the renders that wait (`hold=1`) finish. */
  release: () => void;
  close: () => Promise<void>;
}

const sites: Site[] = [];

/**
 * A site whose pages show the render count. Query parameters ask for what a page may do:
 * `cookie` sets one, `status` answers another status, `cacheControl`, `vary` and `type` set those
 * headers, `fail` makes a cached load fail mid-render, `invalidate` invalidates mid-render, and
 * `foreignNonce` writes a nonce attribute that is not the response's, `hold` waits for
 * `site.release()` before it finishes, `stray` has an inline script without the nonce, and
 * `formToken` carries a form token.
 */
async function startSite(options: PageCacheOptions = {}): Promise<Site> {
  let renders = 0;
  let arrivals = 0;
  let release = () => {};
  let held = new Promise<void>((resolve) => (release = resolve));
  const app = express();
  // The order of server/app.ts.
  app.use(securityHeaders({ development: false }));
  app.use(compression());
  app.use(htmlValidators({ isPrivate: (req) => req.path.startsWith("/private") }));
  app.use((req, res, next) => {
    arrivals += 1;
    next();
  });
  let tokens = 0;
  app.use(
    pageCache({
      isCacheablePath: (pathname) => pathname.startsWith("/page"),
      newFormToken: () => `token-${(tokens += 1)}-at-hit`,
      ...options,
    }),
  );
  app.get(/^\/(page|private).*/, async (req, res) => {
    renders += 1;
    const query = req.query as Record<string, string | undefined>;
    const nonce = String(res.locals.cspNonce);
    if (query.fail) await cached(`failing:${renders}`, async () => Promise.reject(new Error("down"))).catch(() => {});
    if (query.invalidate) invalidate("settings:public");
    if (query.cookie) res.setHeader("Set-Cookie", "toast=hello; Path=/; HttpOnly");
    if (query.cacheControl) res.setHeader("Cache-Control", query.cacheControl);
    if (query.vary) res.setHeader("Vary", query.vary);
    res.status(Number(query.status ?? 200));
    res.type(query.type ?? "html");
    res.setHeader("X-Rendered-By", "page");
    // Written in pieces, as React streams a page.
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head>`);
    // Over compression's 1 KB threshold, as every real page is.
    res.write(`<body><p>render ${renders} of ${req.originalUrl}</p><p>${"Lorem ipsum. ".repeat(100)}</p>`);
    if (query.foreignNonce) res.write(`<script nonce="not-the-nonce">window.b=1</script>`);
    if (query.stray) res.write(`<script>window.stray=1</script>`);
    // A form token, as /contact has: in a field and in the page's data (server/app.ts formToken).
    if (query.formToken) {
      res.locals.formToken = `token-${renders}-of-render`;
      res.write(`<input name="token" value="${res.locals.formToken}"/>`);
      res.write(`<script nonce="${nonce}">window.data={"formToken":"${res.locals.formToken}"}</script>`);
    }
    if (query.hold) await held;
    // A page the size of a real one, with a nonce every few kilobytes.
    if (query.large) {
      for (let index = 0; index < 40; index += 1) {
        res.write(`<script nonce="${nonce}">window.c${index}=1</script><p>${"Sit amet. ".repeat(500)}</p>`);
      }
    }
    res.end(`<script nonce="${nonce}" type="module">import("/x.js")</script></body></html>`);
  });
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const site: Site = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    renders: () => renders,
    arrivals: () => arrivals,
    release: () => {
      release();
      held = new Promise<void>((resolve) => (release = resolve));
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  sites.push(site);
  return site;
}

afterEach(() => invalidateAll());
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
});

/** Chromium's user agent: fetch's own one reads as a robot's. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

async function get(site: Site, path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(site.url + path, {
    // Uncompressed unless a test asks otherwise (fetch asks for gzip by default).
    headers: { "User-Agent": BROWSER, "Accept-Encoding": "identity", ...headers },
    method,
  });
  const body = await response.text();
  const policy = response.headers.get("content-security-policy") ?? "";
  return {
    status: response.status,
    body,
    cache: response.headers.get(PAGE_CACHE_HEADER),
    headers: response.headers,
    nonce: /'nonce-([^']+)'/.exec(policy)?.[1] ?? null,
    scriptSources: /script-src ([^;]*)/.exec(policy)?.[1]?.split(" ") ?? [],
    nonceAttributes: [...body.matchAll(/nonce="([^"]*)"/g)].map((match) => match[1]),
  };
}

/** The CSP hash sources of a page's inline scripts (without src), computed here independently. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !attributes!.includes("src="))
    .map(([, , text]) => `'sha256-${crypto.createHash("sha256").update(text!).digest("base64")}'`);
}

describe("the page cache", () => {
  let site: Site;
  beforeAll(async () => {
    site = await startSite();
  });

  it("serves an anonymous visitor's second request from memory: one page for all, its scripts allowed by hash", async () => {
    const first = await get(site, "/page/shared");
    const rendersAfterFirst = site.renders();
    const second = await get(site, "/page/shared");
    const third = await get(site, "/page/shared");
    expect([first.cache, second.cache, third.cache]).toEqual(["miss", "hit", "hit"]);
    expect(site.renders()).toBe(rendersAfterFirst);

    // The rendered page has its response's nonce; the stored one has none, and is the same for all.
    expect(first.nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(first.nonceAttributes).toEqual([first.nonce, first.nonce]);
    for (const hit of [second, third]) {
      expect(hit.nonce).toBeNull();
      expect(hit.nonceAttributes).toEqual([]);
      expect(hit.body).toBe(first.body.replaceAll(` nonce="${first.nonce}"`, ""));
      expect(hit.scriptSources).toEqual(["'self'", ...inlineScriptHashes(hit.body)]);
    }
    expect(second.scriptSources).toHaveLength(3);
    // The rest of the policy is the rendered page's.
    const rest = (policy: string | null) => policy?.replace(/script-src [^;]*/, "");
    expect(rest(second.headers.get("content-security-policy"))).toBe(
      rest(first.headers.get("content-security-policy")),
    );
    // The page's own headers come back; the per-response ones are made anew.
    expect(second.headers.get("x-rendered-by")).toBe("page");
    expect(second.headers.get("content-type")).toMatch(/^text\/html/);
    expect(second.headers.get("x-request-id")).toBeNull();
    expect(Number(second.headers.get("content-length"))).toBe(Buffer.byteLength(second.body));
  });

  it("allows by hash only the scripts that carried the nonce: a stray inline script stays blocked", async () => {
    await get(site, "/page/stray?stray=1");
    const hit = await get(site, "/page/stray?stray=1");
    expect(hit.cache).toBe("hit");
    expect(hit.body).toContain("<script>window.stray=1</script>");
    expect(hit.scriptSources).not.toContain(inlineScriptHashes("<script>window.stray=1</script>")[0]);
    expect(hit.scriptSources).toHaveLength(3);
  });

  it("keeps each page compressed with brotli and gzip, made once, for browsers that ask", async () => {
    const rendered = await get(site, "/page/compressed");
    const expected = rendered.body.replaceAll(` nonce="${rendered.nonce}"`, "");
    for (const encoding of ["br", "gzip"]) {
      const response = () =>
        fetch(`${site.url}/page/compressed`, { headers: { "User-Agent": BROWSER, "Accept-Encoding": encoding } });
      // Compressed off the event loop once stored; until then each hit is coded by the compression
      // middleware, which streams it without a length.
      await expect
        .poll(async () => {
          const answer = await response();
          await answer.arrayBuffer();
          return answer.headers.get("content-length");
        })
        .toMatch(/^\d+$/);
      const answer = await response();
      expect(answer.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      expect(answer.headers.get("content-encoding")).toBe(encoding);
      expect(answer.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await answer.text()).toBe(expected);
    }
    // A browser's own header (gzip first, all q=1) gets the smaller brotli.
    const chrome = await fetch(`${site.url}/page/compressed`, {
      headers: { "User-Agent": BROWSER, "Accept-Encoding": "gzip, deflate, br, zstd" },
    });
    expect(chrome.headers.get("content-encoding")).toBe("br");
    expect(await chrome.text()).toBe(expected);
  });

  it("answers a hit whose If-None-Match names the page with 304, no body and no policy", async () => {
    const rendered = await get(site, "/page/validated");
    const tag = rendered.headers.get("etag");
    expect(tag).toMatch(/^W\/"/);
    const hit = await get(site, "/page/validated");
    expect(hit.headers.get("etag")).toBe(tag);
    const revalidated = await get(site, "/page/validated", { "If-None-Match": tag! });
    expect(revalidated.status).toBe(304);
    expect(revalidated.cache).toBe("hit");
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect((await get(site, "/page/validated", { "If-None-Match": 'W/"other"' })).status).toBe(200);
  });

  it("sends a large cached page whole, compressed or not, without a nonce", async () => {
    const rendered = await get(site, "/page/large?large=1");
    for (const encoding of ["identity", "gzip", "br"]) {
      const response = await fetch(`${site.url}/page/large?large=1`, {
        headers: { "User-Agent": BROWSER, "Accept-Encoding": encoding },
        signal: AbortSignal.timeout(5000),
      });
      expect(response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      const body = await response.text();
      expect(body.length).toBeGreaterThan(200_000);
      expect(body).toBe(rendered.body.replaceAll(` nonce="${rendered.nonce}"`, ""));
      const sources = /script-src ([^;]*)/.exec(response.headers.get("content-security-policy") ?? "")?.[1];
      expect(sources?.split(" ")).toEqual(["'self'", ...inlineScriptHashes(body)]);
    }
  });

  it("puts a new form token into each copy of a page that has one, and allows its data script anew", async () => {
    const rendered = await get(site, "/page/form?formToken=1");
    const token = /name="token" value="([^"]+)"/.exec(rendered.body)?.[1];
    expect(token).toMatch(/^token-\d+-of-render$/);
    const hits = [await get(site, "/page/form?formToken=1"), await get(site, "/page/form?formToken=1")];
    const hitTokens = hits.map((hit) => /name="token" value="([^"]+)"/.exec(hit.body)?.[1]);
    expect(hitTokens[0]).toMatch(/^token-\d+-at-hit$/);
    expect(new Set([token, ...hitTokens]).size).toBe(3);
    for (const [index, hit] of hits.entries()) {
      expect(hit.cache).toBe("hit");
      expect(hit.body).toContain(`window.data={"formToken":"${hitTokens[index]}"}`);
      expect(hit.body.replaceAll(hitTokens[index]!, "T")).toBe(
        rendered.body.replaceAll(token!, "T").replaceAll(` nonce="${rendered.nonce}"`, ""),
      );
      expect(hit.scriptSources).toEqual(["'self'", ...inlineScriptHashes(hit.body)]);
      // Its bytes differ for each visitor: no tag to revalidate against one of them.
      expect(hit.headers.get("etag")).not.toBe(rendered.headers.get("etag"));
    }
  });

  it("gives visitors who get the same form token one copy of the page, compressed once", async () => {
    let token = "first-shared-token";
    const sharing = await startSite({ newFormToken: () => token });
    const rendered = await get(sharing, "/page/form?formToken=1");
    const renderedToken = /name="token" value="([^"]+)"/.exec(rendered.body)![1]!;
    const visit = async (encoding: string) => {
      const response = await fetch(`${sharing.url}/page/form?formToken=1`, {
        headers: { "User-Agent": BROWSER, "Accept-Encoding": encoding },
      });
      return { response, body: Buffer.from(await response.arrayBuffer()) };
    };
    const copies = [await visit("br"), await visit("br"), await visit("gzip")];
    for (const [index, { response }] of copies.entries()) {
      expect(response.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
      expect(response.headers.get("content-encoding")).toBe(index < 2 ? "br" : "gzip");
      // Sent as made, with its length: not coded again by the compression middleware.
      expect(Number(response.headers.get("content-length"))).toBeGreaterThan(0);
    }
    // fetch decodes the bodies.
    const html = copies[0]!.body.toString();
    expect(html).toBe(rendered.body.replaceAll(renderedToken, token).replaceAll(` nonce="${rendered.nonce}"`, ""));
    for (const copy of copies.slice(1)) expect(copy.body.toString()).toBe(html);
    expect(copies[0]!.response.headers.get("content-security-policy")).toContain(inlineScriptHashes(html)[1]);
    // The next token, the next copy.
    token = "second-shared-token";
    const next = await visit("br");
    const nextHtml = next.body.toString();
    expect(nextHtml).toBe(html.replaceAll("first-shared-token", token));
    expect(next.response.headers.get("content-security-policy")).toContain(inlineScriptHashes(nextHtml)[1]);
  });

  it("answers HEAD from a cached page with its headers and no body, and never stores a HEAD", async () => {
    const head = await get(site, "/page/head", {}, "HEAD");
    expect(head.cache).toBe("miss");
    expect((await get(site, "/page/head")).cache).toBe("miss");
    const cachedHead = await get(site, "/page/head", {}, "HEAD");
    expect(cachedHead.cache).toBe("hit");
    expect(cachedHead.body).toBe("");
    expect(cachedHead.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("keys on the path and query only: a search engine gets the page a browser got", async () => {
    await get(site, "/page/key?page=1");
    expect((await get(site, "/page/key?page=2")).cache).toBe("miss");
    expect((await get(site, "/page/key?page=2")).body).toContain("of /page/key?page=2<");
    const bot = { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" };
    expect((await get(site, "/page/key?page=1", bot)).cache).toBe("hit");
  });

  it("serves the cached page to a visitor whose cookies are none of the site's", async () => {
    await get(site, "/page/foreign-cookies");
    const before = site.renders();
    for (const cookie of ["_ga=GA1.1.123.456", "_ga=GA1.1.1; AWSALB=abc; theme=dark", "sessionid=x; toasted=1"]) {
      expect((await get(site, "/page/foreign-cookies", { Cookie: cookie })).cache, cookie).toBe("hit");
    }
    expect(site.renders()).toBe(before);
  });

  it("is bypassed by any request with one of the site's cookies or credentials, and on other paths", async () => {
    await get(site, "/page/bypass");
    const credentials: Array<Record<string, string>> = [
      { Cookie: "session=abc" },
      { Cookie: "__Host-session=abc" },
      { Cookie: "_ga=GA1.1.1; toast=xyz" },
      { Cookie: "csrf=abc" },
      { Cookie: "pending-sign-in=abc" },
      { Authorization: "Basic eDp5" },
    ];
    for (const headers of credentials) {
      const before = site.renders();
      const response = await get(site, "/page/bypass", headers);
      expect(response.cache, JSON.stringify(headers)).toBeNull();
      expect(site.renders()).toBe(before + 1);
    }
    await get(site, "/private/page");
    const before = site.renders();
    expect((await get(site, "/private/page")).cache).toBeNull();
    expect(site.renders()).toBe(before + 1);
  });

  it("never stores a page that sets a cookie, is not 200 or HTML, is private or no-store, or varies on a header", async () => {
    for (const query of [
      "cookie=1",
      "status=404",
      "status=500",
      "type=json",
      "cacheControl=no-store",
      "cacheControl=private,%20max-age=60",
      "vary=Cookie",
    ]) {
      await get(site, `/page/refused?${query}`);
      const again = await get(site, `/page/refused?${query}`);
      expect(again.cache, query).toBe("miss");
    }
    // A toast's Set-Cookie reaches only the visitor it was for.
    const second = await get(site, "/page/refused?cookie=1");
    expect(second.headers.get("set-cookie")).toContain("toast=hello");
  });

  it("forgets every page when cached data is invalidated, here or by another instance", async () => {
    await get(site, "/page/invalidated");
    expect((await get(site, "/page/invalidated")).cache).toBe("hit");
    invalidate("content:");
    const afterWrite = await get(site, "/page/invalidated");
    expect(afterWrite.cache).toBe("miss");
    expect((await get(site, "/page/invalidated")).cache).toBe("hit");
    // What the LISTEN/NOTIFY listener calls when another instance writes.
    invalidateLocally("careers:active");
    expect((await get(site, "/page/invalidated")).cache).toBe("miss");
  });

  it("does not keep a page rendered while its data was invalidated or failed to load", async () => {
    for (const query of ["invalidate=1", "fail=1"]) {
      await get(site, `/page/unsettled?${query}`);
      expect((await get(site, `/page/unsettled?${query}`)).cache, query).toBe("miss");
    }
  });

  it("keeps the pages it has when a load fails, as they were rendered from good data", async () => {
    await get(site, "/page/kept");
    await get(site, "/page/other?fail=1");
    expect((await get(site, "/page/kept")).cache).toBe("hit");
  });

  it("does not keep a page with a nonce attribute it cannot account for", async () => {
    await get(site, "/page/foreign?foreignNonce=1");
    const again = await get(site, "/page/foreign?foreignNonce=1");
    expect(again.cache).toBe("miss");
    expect(again.nonceAttributes).toContain("not-the-nonce");
  });
});

describe("the page cache's bounds", () => {
  it("forgets the least recently served page once it holds more than its limit", async () => {
    const first = await get(await startSite(), "/page/size");
    const pageBytes = Buffer.byteLength(first.body);
    // Room for two pages of about this size, with their compressed copies (a small fraction of a
    // page this repetitive), and not for three.
    const site = await startSite({ maxBytes: Math.round(pageBytes * 2.5) });
    await get(site, "/page/a");
    await get(site, "/page/b");
    expect((await get(site, "/page/a")).cache).toBe("hit"); // a is now the most recent
    await get(site, "/page/c"); // b goes
    expect((await get(site, "/page/a")).cache).toBe("hit");
    expect((await get(site, "/page/c")).cache).toBe("hit");
    expect((await get(site, "/page/b")).cache).toBe("miss");
  });

  it("renders a page again once it is older than the maximum age", async () => {
    // The clock is the test's (only Date: the server's sockets and timers run as usual).
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-06-02T09:00:00.000Z") });
    try {
      const site = await startSite({ maxAgeMs: 200 });
      await get(site, "/page/aged");
      vi.setSystemTime(Date.now() + 200 - 1);
      expect((await get(site, "/page/aged")).cache).toBe("hit");
      vi.setSystemTime(Date.now() + 1);
      expect((await get(site, "/page/aged")).cache).toBe("miss");
      expect((await get(site, "/page/aged")).cache).toBe("hit");
    } finally {
      vi.useRealTimers();
    }
  });

  it("renders a page no one has yet once, however many ask at the same time", async () => {
    const site = await startSite();
    const path = "/page/cold?hold=1";
    const first = get(site, path);
    await expect.poll(() => site.renders()).toBe(1);
    const others = [get(site, path), get(site, path), get(site, path)];
    await expect.poll(() => site.arrivals()).toBe(4);
    site.release();
    const answers = await Promise.all([first, ...others]);
    expect(site.renders()).toBe(1);
    expect(answers.map((answer) => answer.cache)).toEqual(["miss", "hit", "hit", "hit"]);
    for (const answer of answers) expect(answer.body).toContain("<p>render 1 of");
  });

  it("lets the waiting requests render for themselves when the page could not be kept", async () => {
    const site = await startSite();
    const path = "/page/cold-refused?hold=1&cookie=1";
    const first = get(site, path);
    await expect.poll(() => site.renders()).toBe(1);
    const others = [get(site, path), get(site, path)];
    await expect.poll(() => site.arrivals()).toBe(3);
    site.release();
    expect((await first).status).toBe(200);
    await expect.poll(() => site.renders()).toBe(3);
    site.release();
    const answers = await Promise.all(others);
    expect(answers.map((answer) => answer.cache)).toEqual(["miss", "miss"]);
    for (const answer of answers) expect(answer.headers.get("set-cookie")).toContain("toast=hello");
  });

  it("renders an expired page once: requests meanwhile get the previous copy", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2025-06-02T09:00:00.000Z") });
    try {
      const site = await startSite({ maxAgeMs: 200 });
      const path = "/page/expiring?hold=1";
      const first = get(site, path);
      await expect.poll(() => site.renders()).toBe(1);
      site.release();
      expect((await first).body).toContain("<p>render 1 of");
      vi.setSystemTime(Date.now() + 200);
      const rendering = get(site, path); // renders again, and waits until released
      await expect.poll(() => site.renders()).toBe(2);
      const meanwhile = await Promise.all([get(site, path), get(site, path), get(site, path)]);
      expect(meanwhile.map((response) => response.cache)).toEqual(["stale", "stale", "stale"]);
      for (const response of meanwhile) expect(response.body).toContain("<p>render 1 of");
      expect(site.renders()).toBe(2);
      site.release();
      const renewed = await rendering;
      expect(renewed.cache).toBe("miss");
      expect(renewed.body).toContain("<p>render 2 of");
      const after = await get(site, path);
      expect(after.cache).toBe("hit");
      expect(after.body).toContain("<p>render 2 of");
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("isPublicPagePath", () => {
  it("accepts the public pages, their aliases, content pages and job pages", () => {
    for (const path of [
      "/",
      "/about",
      "/training",
      "/basket",
      "/contact",
      "/careers",
      "/blog",
      "/ai/computer-vision",
      "/scalable-ecommerce",
      "/content/a-published-item",
      "/careers/cloud-engineer-3f2a9c1e",
      "/careers/3f2a9c1e",
    ]) {
      expect(isPublicPagePath(path), path).toBe(true);
    }
  });

  it("refuses everything else: the CMS, the checkout, the API, data requests and malformed addresses", () => {
    for (const path of [
      "/cms",
      "/cms/content",
      "/checkout/success",
      "/checkout/test/3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f",
      "/api/chat",
      "/downloads/ai-guide",
      "/sitemap.xml",
      "/about.data",
      "/content/Not_A_Slug",
      "/content/a/b",
      "/careers/not-a-job",
      "/no-such-page",
    ]) {
      expect(isPublicPagePath(path), path).toBe(false);
    }
  });
});
