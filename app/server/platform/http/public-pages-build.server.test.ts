import { describe, expect, it } from "vitest";
import { routeTableBuild as build } from "../../../../tests/support/route-table-build";
import { publicPagesBuild } from "./public-pages-build.server";

describe("publicPagesBuild", () => {
  it("keeps the root, the site's layout and its pages, in the server's routes and the browser's", () => {
    const site = publicPagesBuild(build());
    const kept = [
      "root",
      "routes/site/layout",
      "routes/site/home",
      "routes/site/training",
      "routes/site/careers",
      "routes/site/career",
    ];
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
