import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { routeLabeller, STATIC_LABEL } from "./route-labels.server";

type Manifest = ServerBuild["routes"];

/** The shape of the build's manifest: flat, each route naming its parent. */
function manifest(routes: Array<{ id: string; parentId?: string; path?: string; index?: boolean }>): Manifest {
  return Object.fromEntries(routes.map((route) => [route.id, { ...route, module: {} }])) as unknown as Manifest;
}

const routes = manifest([
  { id: "root", path: "" },
  { id: "routes/site/layout", parentId: "root" },
  { id: "routes/site/home", parentId: "routes/site/layout", index: true },
  { id: "routes/site/careers", parentId: "routes/site/layout", path: "careers" },
  { id: "routes/site/career", parentId: "routes/site/layout", path: "careers/:job" },
  { id: "routes/site/overview:ai", parentId: "routes/site/layout", path: "ai" },
  { id: "routes/site/not-found", parentId: "routes/site/layout", path: "*" },
  { id: "routes/cms/layout", parentId: "root", path: "cms" },
  { id: "routes/cms/index", parentId: "routes/cms/layout", index: true },
  { id: "routes/cms/content-editor", parentId: "routes/cms/layout", path: "content/:id" },
  { id: "routes/api/sitemap", parentId: "root", path: "sitemap.xml" },
]);

describe("routeLabeller", () => {
  const label = routeLabeller(routes, ["/healthz", "/metrics"]);

  it("labels a request with its route's pattern, not its address", () => {
    expect(label("/", 200)).toBe("/");
    expect(label("/careers", 200)).toBe("/careers");
    expect(label("/careers/senior-engineer", 200)).toBe("/careers/:job");
    expect(label("/careers/another-job", 404)).toBe("/careers/:job");
    expect(label("/cms", 200)).toBe("/cms");
    expect(label("/cms/content/5f0c", 200)).toBe("/cms/content/:id");
    expect(label("/sitemap.xml", 200)).toBe("/sitemap.xml");
    expect(label("/ai", 200)).toBe("/ai");
  });

  it("labels the same path alike every time, also after more distinct paths than it remembers", () => {
    const fresh = routeLabeller(routes, []);
    expect(fresh("/careers/job-0", 200)).toBe("/careers/:job");
    for (let index = 1; index <= 1500; index += 1) fresh(`/careers/job-${index}`, 200);
    expect(fresh("/careers/job-0", 200)).toBe("/careers/:job");
    expect(fresh("/no/such/page", 404)).toBe("/*");
    expect(fresh("/no/such/page", 200)).toBe(STATIC_LABEL);
  });

  it("gives a page's data requests (client-side navigation) the page's label", () => {
    expect(label("/careers/senior-engineer.data", 200)).toBe("/careers/:job");
    expect(label("/_root.data", 200)).toBe("/");
    expect(label("/__manifest", 200)).toBe("/__manifest");
  });

  it("groups unknown paths under the not-found route and files under one static label", () => {
    expect(label("/no/such/page", 404)).toBe("/*");
    expect(label("/wp-login.php", 404)).toBe("/*");
    expect(label("/assets/entry.client-abc123.js", 200)).toBe(STATIC_LABEL);
    expect(label("/assets/missing.js", 404)).toBe(STATIC_LABEL);
    expect(label("/images/hero-1.avif", 304)).toBe(STATIC_LABEL);
    expect(label("/favicon.ico", 200)).toBe(STATIC_LABEL);
  });

  it("keeps the paths Express answers itself", () => {
    expect(label("/healthz", 200)).toBe("/healthz");
    expect(label("/metrics", 404)).toBe("/metrics");
  });
});
