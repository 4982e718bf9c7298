/**
 * The loaders of the root route and the not-found page, called as React Router calls them.
 * DATA_DIR points at a temporary folder first: the flash cookie's secret is generated there.
 */
import { describe, expect, it, vi } from "vitest";
import { setUpCmsHarness } from "./cms-harness";

setUpCmsHarness({ name: "route-loaders", database: false });

/** The arguments React Router passes a loader; typed loosely, as each route has its own type. */
const args = (request: Request) =>
  ({ request, url: new URL(request.url), params: {}, context: {}, pattern: "/", unstable_pattern: "/" }) as never;

describe("root loader", () => {
  it("hands a flash toast to the page once and clears its cookie", async () => {
    const { redirectWithToast } = await import("~/server/platform/toast.server");
    const { loader } = await import("~/root");
    const redirect = await redirectWithToast("/", { type: "success", description: "Saved." });
    const cookie = redirect.headers.get("Set-Cookie")!.split(";")[0]!;

    const result = await loader(args(new Request("http://localhost/", { headers: { Cookie: cookie } })));
    expect(result.data.toast).toMatchObject({ type: "success", description: "Saved." });
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toMatch(
      /toast=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/,
    );
  });

  it("returns no toast and sets no cookie when there is none", async () => {
    const { loader } = await import("~/root");
    const result = await loader(args(new Request("http://localhost/")));
    expect(result.data.toast).toBeNull();
    expect(new Headers(result.init?.headers).get("Set-Cookie")).toBeNull();
  });
});

describe("not-found loader", () => {
  it("answers 404 and logs the missing path", async () => {
    const { logger } = await import("~/server/platform/logger.server");
    const warn = vi.spyOn(logger, "warn");
    const { loader } = await import("~/routes/site/not-found");
    const result = loader(args(new Request("http://localhost/no/such/page?x=1")));
    expect(result.init?.status).toBe(404);
    expect(result.data).toEqual({ pathname: "/no/such/page" });
    expect(warn).toHaveBeenCalledWith({ path: "/no/such/page" }, "page not found");
  });
});
