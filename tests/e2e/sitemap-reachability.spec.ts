/**
 * Every page the sitemap offers search engines is one a visitor can reach by following links from
 * the home page: a page linked from nowhere is found by neither people nor crawlers
 * that walk the site.
 */
import { expect, test } from "./fixtures";

/** Paths the crawl does not enter: the admin area, endpoints and file downloads. */
const NOT_PAGES = /^\/(cms|api|downloads|checkout)(\/|$)|\.(pdf|xml|txt|svg|png|avif|webp|ico)$/;
const MAX_PAGES = 400;

/** The same-site links of a page, as paths (the query kept only for pagination, the fragment dropped). */
function sameSiteLinks(html: string, origin: string): string[] {
  const links: string[] = [];
  for (const [, raw] of html.matchAll(/<a\s[^>]*?href="([^"]*)"/g)) {
    const href = raw!.replaceAll("&amp;", "&");
    let url: URL;
    try {
      url = new URL(href, origin);
    } catch {
      continue;
    }
    if (url.origin !== origin || NOT_PAGES.test(url.pathname)) continue;
    const pageNumber = url.searchParams.get("page");
    links.push(url.pathname + (pageNumber ? `?page=${pageNumber}` : ""));
  }
  return links;
}

test("every page in the sitemap is reached by following links from the home page", async ({ request, server }) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const listed = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!).pathname);
  expect(listed.length).toBeGreaterThan(20);

  const reached = new Set<string>();
  const queue = ["/"];
  const seen = new Set(queue);
  while (queue.length > 0 && reached.size < MAX_PAGES) {
    const path = queue.shift()!;
    const response = await request.get(path);
    if (!response.ok() || !response.headers()["content-type"]?.includes("text/html")) continue;
    const html = await response.text();
    // The page reached is the one at its canonical address: an alias such as /data-lake-analytics
    // shows /cloud/data-lake-analytics, and a redirect ends at the page it names.
    const canonicalTag = /<link\s[^>]*rel="canonical"[^>]*>/.exec(html)?.[0];
    const canonical = canonicalTag && /href="([^"]+)"/.exec(canonicalTag)?.[1];
    reached.add(canonical ? new URL(canonical).pathname : new URL(response.url()).pathname);
    for (const link of sameSiteLinks(html, server.url)) {
      if (seen.has(link)) continue;
      seen.add(link);
      queue.push(link);
    }
  }
  const unreached = listed.filter((path) => !reached.has(path));
  expect(unreached, "sitemap pages no link leads to").toEqual([]);
});
