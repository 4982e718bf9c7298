/**
 * Entity tags and conditional requests for HTML pages (html-validators.server.ts) in a real
 * Express app on loopback, behind the real security headers (a fresh nonce per response),
 * compression and the page cache, in front of a stand-in page that writes its nonce as React does.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invalidateAll } from "../cache/cache.server";
import { PAGE_CACHE_HEADER, pageCache } from "../cache/page-cache.server";
import { htmlEntityTag, htmlValidators, ifNoneMatchNames } from "./html-validators.server";
import { securityHeaders } from "./security-headers.server";

let url: string;
let server: http.Server;
let version = 1;

beforeAll(async () => {
  const app = express();
  app.use(securityHeaders({ development: false }));
  app.use(compression());
  app.use(htmlValidators({ isPrivate: (req) => req.path.startsWith("/private") || Boolean(req.headers.cookie) }));
  app.use(pageCache({ isCacheablePath: (pathname) => pathname.startsWith("/cached") }));
  app.get(/^\/(cached|page|private).*/, (req, res) => {
    const query = req.query as Record<string, string | undefined>;
    const nonce = String(res.locals.cspNonce);
    if (query.cookie) res.setHeader("Set-Cookie", "toast=hello; Path=/");
    if (query.cacheControl) res.setHeader("Cache-Control", query.cacheControl);
    res.status(Number(query.status ?? 200));
    res.type(query.type ?? "html");
    res.write(`<!DOCTYPE html><html><head><script nonce="${nonce}">window.a=1</script></head>`);
    res.write(`<body><p>version ${version}</p><p>${"Lorem ipsum. ".repeat(query.large ? 350_000 : 100)}</p>`);
    res.end(`<script nonce="${nonce}" type="module">import("/x.js")</script></body></html>`);
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  invalidateAll();
  await new Promise((resolve) => server.close(resolve));
});

/** Chromium's user agent: fetch's own one reads as a robot's. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

async function get(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await fetch(url + path, {
    headers: { "User-Agent": BROWSER, "Accept-Encoding": "identity", ...headers },
    method,
  });
  const body = await response.text();
  return { status: response.status, body, headers: response.headers, etag: response.headers.get("etag") };
}

describe("a public HTML page", () => {
  it.each(["/page/plain", "/cached/plain"])(
    "%s carries a weak tag that stays the same across nonces, and If-None-Match gets 304",
    async (path) => {
      const first = await get(path);
      const second = await get(path);
      expect(first.status).toBe(200);
      expect(first.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get("cache-control")).toBe("no-cache");
      expect(first.headers.get("vary")).toMatch(/accept-encoding/i);
      // A new nonce in every response, yet one tag: the nonce is not part of what the tag stands for.
      expect(second.headers.get("content-security-policy")).not.toBe(first.headers.get("content-security-policy"));
      expect(second.etag).toBe(first.etag);
      expect(Number(first.headers.get("content-length"))).toBe(Buffer.byteLength(first.body));

      const revalidated = await get(path, { "If-None-Match": first.etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body).toBe("");
      expect(revalidated.etag).toBe(first.etag);
      expect(revalidated.headers.get("cache-control")).toBe("no-cache");
      expect(revalidated.headers.get("vary")).toMatch(/accept-encoding/i);
      // The browser keeps its stored page and would take a new CSP nonce from a 304 into it.
      expect(revalidated.headers.get("content-security-policy")).toBeNull();
      expect(revalidated.headers.get("content-type")).toBeNull();
    },
  );

  it("has the same tag compressed, and answers 304 to a compressed copy's tag", async () => {
    const plain = await get("/cached/gzip");
    const gzipped = await get("/cached/gzip", { "Accept-Encoding": "gzip" });
    expect(gzipped.headers.get("content-encoding")).toBe("gzip");
    expect(gzipped.etag).toBe(plain.etag);
    expect(gzipped.body).toContain("version");
    const revalidated = await get("/cached/gzip", {
      "Accept-Encoding": "gzip",
      "If-None-Match": `"x", ${gzipped.etag}`,
    });
    expect(revalidated.status).toBe(304);
  });

  it("gets a new tag when the page changes, so an old tag gets the whole page", async () => {
    const before = await get("/page/changing");
    version += 1;
    const after = await get("/page/changing", { "If-None-Match": before.etag! });
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(before.etag);
    expect(after.body).toContain(`version ${version}`);
  });

  it("answers HEAD with the tag of the page GET sends (from the page cache)", async () => {
    const page = await get("/cached/head");
    const head = await get("/cached/head", {}, "HEAD");
    expect(head.headers.get(PAGE_CACHE_HEADER)).toBe("hit");
    expect(head.etag).toBe(page.etag);
    expect((await get("/cached/head", { "If-None-Match": page.etag! }, "HEAD")).status).toBe(304);
  });

  it("streams a page larger than the limit as before, untagged and whole", async () => {
    const large = await get("/page/large?large=1");
    expect(large.status).toBe(200);
    expect(large.etag).toBeNull();
    expect(large.body.endsWith("</body></html>")).toBe(true);
  });
});

describe("what gets no tag", () => {
  it.each([
    ["a page that sets a cookie (a toast)", "/page/x?cookie=1"],
    ["an error page", "/page/x?status=404"],
    ["a page its route marks no-store", "/page/x?cacheControl=no-store"],
    ["anything but HTML", "/page/x?type=txt"],
  ])("%s", async (_, path) => {
    const response = await get(path);
    expect(response.etag).toBeNull();
    expect((await get(path, { "If-None-Match": "*" })).status).not.toBe(304);
  });

  it("a private request (admin area, signed in): no-store, no tag, never 304", async () => {
    for (const [path, headers] of [
      ["/private/area", {}],
      ["/page/signed-in", { Cookie: "session=abc" }],
    ] as const) {
      const response = await get(path, { ...headers, "If-None-Match": "*" });
      expect(response.status, path).toBe(200);
      expect(response.headers.get("cache-control"), path).toBe("no-store");
      expect(response.etag, path).toBeNull();
    }
  });
});

describe("tags and If-None-Match", () => {
  it("leave the nonce out of the hash", () => {
    const html = (nonce: string) => Buffer.from(`<script nonce="${nonce}"></script><p>${nonce}</p>`);
    expect(htmlEntityTag(html("AAAA"), "AAAA")).toBe(htmlEntityTag(html("BBBB"), "BBBB"));
    expect(htmlEntityTag(Buffer.from("<p>a</p>"), "N")).not.toBe(htmlEntityTag(Buffer.from("<p>b</p>"), "N"));
  });

  it("compare weakly, in a list, and * matches any", () => {
    expect(ifNoneMatchNames('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchNames('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchNames('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchNames("*", 'W/"abc"')).toBe(true);
    expect(ifNoneMatchNames('W/"abd"', 'W/"abc"')).toBe(false);
    expect(ifNoneMatchNames(undefined, 'W/"abc"')).toBe(false);
  });
});
