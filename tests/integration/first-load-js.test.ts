import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { firstLoads, readAssetsManifest, type AssetsManifest } from "../support/first-load-js";

/** A manifest shaped like React Router's: root, the site layout with two pages, and the CMS. */
const manifest: AssetsManifest = {
  entry: { module: "/assets/entry.js", imports: ["/assets/runtime.js", "/assets/framework.js"] },
  routes: {
    root: {
      id: "root",
      path: "",
      module: "/assets/root.js",
      imports: ["/assets/framework.js", "/assets/ui.js"],
      hasDefaultExport: true,
    },
    "routes/site/layout": {
      id: "routes/site/layout",
      parentId: "root",
      module: "/assets/layout.js",
      imports: ["/assets/site.js"],
      hasDefaultExport: true,
    },
    "routes/site/home": {
      id: "routes/site/home",
      parentId: "routes/site/layout",
      index: true,
      module: "/assets/home.js",
      imports: ["/assets/site.js"],
      hasDefaultExport: true,
    },
    "routes/site/career": {
      id: "routes/site/career",
      parentId: "routes/site/layout",
      path: "careers/:job",
      module: "/assets/career.js",
      hasDefaultExport: true,
    },
    "routes/site/download": {
      id: "routes/site/download",
      parentId: "routes/site/layout",
      path: "downloads/:document",
      module: "/assets/download.js",
      hasDefaultExport: false,
    },
    "routes/cms/layout": {
      id: "routes/cms/layout",
      parentId: "root",
      path: "cms",
      module: "/assets/cms.js",
      hasDefaultExport: true,
    },
  },
};

const sizes: Record<string, number> = {
  "/assets/entry.js": 1,
  "/assets/runtime.js": 10,
  "/assets/framework.js": 100,
  "/assets/root.js": 1_000,
  "/assets/ui.js": 10_000,
  "/assets/layout.js": 100_000,
  "/assets/site.js": 1_000_000,
  "/assets/home.js": 10_000_000,
  "/assets/career.js": 100_000_000,
};
const sizeOf = (url: string) => sizes[url] ?? Number.NaN;

describe("firstLoads", () => {
  it("counts the entry and every matched route's module and imports once, for public pages only", () => {
    const loads = firstLoads(manifest, sizeOf);
    expect(loads.map((load) => [load.routeId, load.address])).toEqual([
      ["routes/site/home", "/"],
      ["routes/site/career", "/careers/:job"],
    ]);
    expect(loads[0]?.files).toEqual([
      "/assets/entry.js",
      "/assets/runtime.js",
      "/assets/framework.js",
      "/assets/root.js",
      "/assets/ui.js",
      "/assets/layout.js",
      "/assets/site.js",
      "/assets/home.js",
    ]);
    // The framework and the site chunk are imported twice but downloaded once.
    expect(loads[0]?.gzipBytes).toBe(11_111_111);
    expect(loads[1]?.gzipBytes).toBe(101_111_111);
  });
});

describe("readAssetsManifest", () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  function buildWith(bundle: string): string {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "first-load-js-"));
    fs.mkdirSync(path.join(dir, "server", "assets"), { recursive: true });
    fs.writeFileSync(path.join(dir, "server", "assets", "server-build-abc.js"), bundle);
    return dir;
  }

  it("reads the manifest the server bundle carries as an object literal", () => {
    const buildDir = buildWith(
      'const before = 1;\n// \\0virtual:react-router/server-manifest\nvar server_manifest_default = {\n\t"entry": { "module": "/assets/entry.js", "imports": [] },\n\t"routes": { "root": { "id": "root", "parentId": void 0, "module": "/assets/root.js" } }\n};\nconst after = 2;\n',
    );
    const read = readAssetsManifest(buildDir);
    expect(read.entry.module).toBe("/assets/entry.js");
    expect(read.routes.root?.module).toBe("/assets/root.js");
    expect(read.routes.root?.parentId).toBeUndefined();
  });

  it("says so when the bundle no longer holds the manifest where expected", () => {
    const buildDir = buildWith("export const nothing = 1;\n");
    expect(() => readAssetsManifest(buildDir)).toThrow(/assets manifest was not found/);
  });
});
