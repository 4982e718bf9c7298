import type { APIRequestContext } from "@playwright/test";
import { expect, signInAs, test } from "./fixtures";

/** The value of one sample line of /metrics, 0 when the series does not exist yet. */
function sample(text: string, series: string): number {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

async function readMetrics(api: APIRequestContext): Promise<string> {
  const response = await api.get("/metrics");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/plain; version=0.0.4; charset=utf-8");
  return response.text();
}

const careers = 'route="/careers",method="GET",status_class="2xx"';
const unknown = 'route="/*",method="GET",status_class="4xx"';

test.describe("GET /metrics", () => {
  test("counts the pages requested, by route pattern, for an administrator", async ({ page, server, request }) => {
    await signInAs(page, server, "admin");
    const before = await readMetrics(page.request);

    for (let i = 0; i < 3; i++) expect((await request.get("/careers")).status()).toBe(200);
    for (const path of ["/no-such-page-1", "/no-such-page-2"]) expect((await request.get(path)).status()).toBe(404);

    const after = await readMetrics(page.request);
    expect(sample(after, `http_requests_total{${careers}}`) - sample(before, `http_requests_total{${careers}}`)).toBe(
      3,
    );
    expect(sample(after, `http_requests_total{${unknown}}`) - sample(before, `http_requests_total{${unknown}}`)).toBe(
      2,
    );
    // The histogram counts the same requests, and each took some time.
    const count = `http_request_duration_seconds_count{${careers}}`;
    expect(sample(after, count)).toBe(sample(after, `http_requests_total{${careers}}`));
    expect(sample(after, `http_request_duration_seconds_sum{${careers}}`)).toBeGreaterThan(0);
    // The raw addresses never become labels.
    expect(after).not.toContain("no-such-page");
    expect(sample(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
  });

  test("is not found for anonymous visitors and for signed-in users who are not administrators", async ({
    page,
    server,
    request,
  }) => {
    const anonymous = await request.get("/metrics");
    expect(anonymous.status()).toBe(404);
    expect(await anonymous.text()).not.toContain("http_requests_total");

    await signInAs(page, server, "editor");
    const user = await page.request.get("/metrics");
    expect(user.status()).toBe(404);
    expect(await user.text()).not.toContain("http_requests_total");
  });

  test("counts the pages React renders, every one of the site's in one pass", async ({ page, server }) => {
    await signInAs(page, server, "admin");
    const onePass = 'html_page_renders_total{renderer="one_pass"}';
    const streamed = 'html_page_renders_total{renderer="streamed"}';
    const before = await readMetrics(page.request);
    // Signed in, so each page is rendered rather than taken from the page cache.
    const paths = ["/", "/services", "/training", "/contact", "/careers", "/blog", "/no-such-page", "/cms/content"];
    for (const path of paths) {
      const response = await page.request.get(path);
      expect(response.status(), path).toBe(path === "/no-such-page" ? 404 : 200);
      expect(await response.text(), path).toContain("window.__reactRouterContext.streamController.close()");
    }
    const after = await readMetrics(page.request);
    expect(sample(after, onePass) - sample(before, onePass)).toBe(paths.length);
    expect(sample(after, streamed) - sample(before, streamed)).toBe(0);
  });
});
