/**
 * One address per page (app/server/platform/http/canonical-address.server.ts): any other spelling
 * of a public page's address (capitals, a trailing slash, doubled slashes) answers 301 with the
 * canonical address, the query kept; the home page, files, the APIs and forms posted to a page
 * are left alone, and no spelling redirects to another site.
 */
import http from "node:http";
import { PUBLIC_PAGE_PATHS } from "../../app/lib/seo/public-pages";
import { expect, test } from "./fixtures";

const NO_REDIRECTS = { maxRedirects: 0 } as const;

test("other spellings of a page's address answer 301 with the canonical one, the query kept", async ({ request }) => {
  for (const [asked, canonical] of [
    ["/about/", "/about"],
    ["/About", "/about"],
    ["/contact/", "/contact"],
    ["/ABOUT/?ref=mail&Case=Kept", "/about?ref=mail&Case=Kept"],
    ["/ai//conversational-ai", "/ai/conversational-ai"],
    ["/Training", "/training"],
  ] as const) {
    const response = await request.get(asked, NO_REDIRECTS);
    expect(response.status(), asked).toBe(301);
    expect(response.headers()["location"], asked).toBe(canonical);
    const head = await request.head(asked, NO_REDIRECTS);
    expect(head.status(), `HEAD ${asked}`).toBe(301);
  }
  // Following the redirect lands on the page itself.
  const followed = await request.get("/About/");
  expect(followed.status()).toBe(200);
  expect(followed.url()).toMatch(/\/about$/);
});

test("every public page with a trailing slash redirects to itself; its own address answers 200", async ({
  request,
}) => {
  for (const path of PUBLIC_PAGE_PATHS) {
    expect((await request.get(path, NO_REDIRECTS)).status(), path).toBe(200);
    if (path === "/") continue;
    const slashed = await request.get(`${path}/`, NO_REDIRECTS);
    expect(slashed.status(), `${path}/`).toBe(301);
    expect(slashed.headers()["location"]).toBe(path);
  }
});

test("the home page, files, APIs and posted forms are not redirected", async ({ request }) => {
  expect((await request.get("/", NO_REDIRECTS)).status()).toBe(200);
  expect((await request.get("/robots.txt", NO_REDIRECTS)).status()).toBe(200);
  expect((await request.get("/sitemap.xml", NO_REDIRECTS)).status()).toBe(200);
  // A built file the page links to, read from the HTML as sent (no browser needed to find it).
  const html = await (await request.get("/about", NO_REDIRECTS)).text();
  const asset = /(?:src|href)="(\/assets\/[^"]+)"/.exec(html)?.[1];
  expect(asset, "the page links a built file").toBeTruthy();
  expect((await request.get(asset!, NO_REDIRECTS)).status()).toBe(200);
  // An API's answer, not a redirect its client would not follow.
  const api = await request.post("/api/cookie-consent/", { data: {}, ...NO_REDIRECTS });
  expect(api.status()).not.toBe(301);
  // A form posted to a slashed address is not turned into a GET by a redirect.
  const posted = await request.post("/contact/", { form: { name: "x" }, ...NO_REDIRECTS });
  expect(posted.status()).not.toBe(301);
});

/** A GET with the path exactly as written (a URL parser would read `//evil` as another host). */
function rawGet(base: string, path: string): Promise<{ status: number; location: string | undefined }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    http
      .get({ hostname, port, path }, (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0, location: response.headers.location });
      })
      .on("error", reject);
  });
}

test("no spelling of an address redirects to another site", async ({ server }) => {
  for (const asked of ["//evil.example/", "/\\evil.example/", "//Evil//", "/%2F%2Fevil.example/", "/%5Cevil/"]) {
    const { status, location } = await rawGet(server.url, asked);
    if (status === 301) {
      expect(location, asked).toMatch(/^\/[^/\\]/);
      expect(new URL(location!, server.url).origin, asked).toBe(server.url);
    } else {
      expect(location, asked).toBeUndefined();
    }
  }
  expect((await rawGet(server.url, "//Evil//")).location).toBe("/evil");
});
