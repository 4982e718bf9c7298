import { describe, expect, it } from "vitest";
import { routeTableBuild as build } from "../../../../tests/support/route-table-build";
import { pageBuilds } from "./page-builds.server";
import { publicPagesBuild } from "./public-pages-build.server";

const SITE = ["root", "routes/site/layout"];

describe("pageBuilds", () => {
  it("gives a page the routes it matches and those its ancestors' addresses match, in both route tables", () => {
    const buildFor = pageBuilds(build());
    const training = buildFor("/training");
    expect(Object.keys(training.routes)).toEqual([...SITE, "routes/site/home", "routes/site/training"]);
    expect(Object.keys(training.assets.routes)).toEqual(Object.keys(training.routes));
    expect(training.assets.version).toBe("1");
    // `/careers/x`'s ancestors are `/careers` and `/`.
    expect(Object.keys(buildFor("/careers/x").routes)).toEqual([
      ...SITE,
      "routes/site/home",
      "routes/site/careers",
      "routes/site/career",
    ]);
    // A made-up address matches the not-found page, and its ancestor the same.
    expect(Object.keys(buildFor("/nope/deeper").routes)).toEqual([
      ...SITE,
      "routes/site/home",
      "routes/site/not-found",
    ]);
  });

  it("gives every address that needs the same routes the same build, data requests included", () => {
    const buildFor = pageBuilds(build());
    const training = buildFor("/training");
    for (const path of ["/training/", "/Training", "/training.data"]) expect(buildFor(path), path).toBe(training);
    expect(buildFor("/_root.data")).toBe(buildFor("/"));
    expect(Object.keys(buildFor("/").routes)).toEqual([...SITE, "routes/site/home"]);
  });

  it("gives the whole build to every address outside the site", () => {
    const whole = build();
    const buildFor = pageBuilds(whole);
    for (const path of ["/cms", "/cms/users", "/training/curriculum.pdf", "/__manifest", "/%E0%A4%A"]) {
      expect(buildFor(path), path).toBe(whole);
    }
  });

  it("answers from the site's build once it has made as many sets as it keeps, and forgets the oldest address", () => {
    const buildFor = pageBuilds(build(), { routeSets: 1, paths: 1 });
    const training = buildFor("/training");
    const site = buildFor("/careers/x");
    expect(Object.keys(site.routes)).toEqual(Object.keys(publicPagesBuild(build()).build.routes));
    // The one address kept is now `/careers/x`; `/training` is worked out again, to the same build.
    expect(buildFor("/training")).toBe(training);
    expect(buildFor("/careers/x")).toBe(site);
  });
});
