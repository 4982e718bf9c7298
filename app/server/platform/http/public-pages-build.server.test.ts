import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { publicPagesBuild } from "./public-pages-build.server";

/** A route table shaped like routes.ts: the site's layout and pages, the CMS, files and APIs at the top. */
const ROUTES: Record<string, { parentId?: string; path?: string; index?: boolean }> = {
  root: { path: "" },
  "routes/site/layout": { parentId: "root" },
  "routes/site/home": { parentId: "routes/site/layout", index: true },
  "routes/site/training": { parentId: "routes/site/layout", path: "training" },
  "routes/site/career": { parentId: "routes/site/layout", path: "careers/:job" },
  "routes/site/not-found": { parentId: "routes/site/layout", path: "*" },
  "routes/cms/layout": { parentId: "root", path: "cms" },
  "routes/cms/users": { parentId: "routes/cms/layout", path: "users" },
  "routes/api/curriculum": { parentId: "root", path: "training/curriculum.pdf" },
  "routes/api/media-file": { parentId: "root", path: "media/:file" },
  "routes/api/chat": { parentId: "root", path: "api/chat" },
};

function build(): ServerBuild {
  const routes = Object.fromEntries(Object.entries(ROUTES).map(([id, route]) => [id, { id, ...route, module: {} }]));
  const assetRoutes = Object.fromEntries(Object.entries(ROUTES).map(([id, route]) => [id, { id, ...route }]));
  return { routes, assets: { version: "1", routes: assetRoutes } } as unknown as ServerBuild;
}

describe("publicPagesBuild", () => {
  it("keeps the root, the site's layout and its pages, in the server's routes and the browser's", () => {
    const site = publicPagesBuild(build());
    const kept = ["root", "routes/site/layout", "routes/site/home", "routes/site/training", "routes/site/career"];
    expect(Object.keys(site.build.routes)).toEqual([...kept, "routes/site/not-found"]);
    expect(Object.keys(site.build.assets.routes)).toEqual([...kept, "routes/site/not-found"]);
    expect(site.build.assets.version).toBe("1");
  });

  it("serves the site's pages and their data, and any address no other route could match", () => {
    const { serves } = publicPagesBuild(build());
    for (const path of [
      "/",
      "/training",
      "/Training/",
      "/careers/x",
      "/training.data",
      "/_root.data",
      "/nope/deeper",
    ]) {
      expect(serves(path), path).toBe(true);
    }
  });

  it("leaves to the whole build what another route could match, however the address is written", () => {
    const { serves } = publicPagesBuild(build());
    for (const path of [
      "/cms",
      "/cms/users",
      "/CMS/Users",
      "/%63ms",
      "/cms.data",
      "/training/curriculum.pdf",
      "/media/a.webp",
      "/api/chat",
      "/__manifest",
      "/%E0%A4%A",
    ]) {
      expect(serves(path), path).toBe(false);
    }
  });

  it("refuses a build without the site's layout rather than serving every address from nothing", () => {
    const withoutLayout = build();
    delete (withoutLayout.routes as Record<string, unknown>)["routes/site/layout"];
    expect(() => publicPagesBuild(withoutLayout)).toThrow("routes/site/layout");
  });
});
