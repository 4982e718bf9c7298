/**
 * What a first visit to each public page downloads as JavaScript, read from the production build
 * (at most 130 KB gzip on every public page). `npm run bench:js` prints it;
 * tests/run.ts fails on a page over the budget.
 *
 * React Router renders a `<link rel="modulepreload">` for the client entry, every route module the
 * address matches (root, the site layout, the page) and each one's static imports, all taken from
 * the server build's assets manifest. Exactly those files are counted here, each gzipped at zlib's
 * default level, as `compression()` in server/app.ts sends them. Chunks a page imports later (the chat panel, the
 * carousel's Embla, toasts) are not on that list and not counted: they load after the first paint.
 */
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import zlib from "node:zlib";

/** Issue 19's budget, in bytes of gzip (1 KB = 1024 bytes). */
export const FIRST_LOAD_BUDGET_BYTES = 130 * 1024;
/** Every public page sits inside this layout (app/routes.ts); the CMS and the API do not. */
export const PUBLIC_LAYOUT_ID = "routes/site/layout";

/** The part of React Router's assets manifest (`virtual:react-router/server-manifest`) read here. */
export interface AssetsManifest {
  entry: { module: string; imports: string[] };
  routes: Record<
    string,
    {
      id: string;
      parentId?: string;
      path?: string;
      index?: boolean;
      module: string;
      imports?: string[];
      hasDefaultExport?: boolean;
    }
  >;
}

export interface FirstLoad {
  routeId: string;
  /** The route's address pattern, e.g. "/careers/:job". */
  address: string;
  /** The files the page preloads, in the order React Router lists them. */
  files: string[];
  gzipBytes: number;
}

const MANIFEST_START = "var server_manifest_default = ";

/**
 * The assets manifest, cut out of the server bundle where React Router's plugin writes it as an
 * object literal. Evaluated in an empty context: it is the build's own output, plain data.
 */
export function readAssetsManifest(buildDir: string): AssetsManifest {
  const assetsDir = path.join(buildDir, "server", "assets");
  const bundle = fs.readdirSync(assetsDir).find((name) => /^server-build-.*\.js$/.test(name));
  if (!bundle) throw new Error(`No server-build-*.js in ${assetsDir}: is there a production build?`);
  const text = fs.readFileSync(path.join(assetsDir, bundle), "utf8");
  const start = text.indexOf(MANIFEST_START);
  const end = text.indexOf("\n};\n", start);
  if (start < 0 || end < 0) {
    throw new Error(`The assets manifest was not found in ${bundle}; React Router may have changed how it writes it.`);
  }
  const literal = text.slice(start + MANIFEST_START.length, end + 2);
  const manifest = vm.runInNewContext(`(${literal})`) as AssetsManifest;
  if (!manifest.entry?.module || !manifest.routes)
    throw new Error(`The assets manifest in ${bundle} has no entry or routes.`);
  return manifest;
}

/** The route and its parents, outermost first. */
function routeChain(manifest: AssetsManifest, routeId: string): string[] {
  const chain: string[] = [];
  for (let id: string | undefined = routeId; id; id = manifest.routes[id]?.parentId) chain.unshift(id);
  return chain;
}

/** "/" joined with the paths of the chain; an index route is its parent's address. */
function addressOf(manifest: AssetsManifest, chain: string[]): string {
  const parts = chain.map((id) => manifest.routes[id]?.path ?? "").filter(Boolean);
  return `/${parts.join("/")}`;
}

/**
 * Each public page's first-load files and their gzip size. `sizeOf` gives a file's gzip bytes from
 * its public URL (tests pass their own).
 */
export function firstLoads(manifest: AssetsManifest, sizeOf: (url: string) => number): FirstLoad[] {
  const loads: FirstLoad[] = [];
  for (const route of Object.values(manifest.routes)) {
    const chain = routeChain(manifest, route.id);
    if (route.id === PUBLIC_LAYOUT_ID || !chain.includes(PUBLIC_LAYOUT_ID) || !route.hasDefaultExport) continue;
    const files = new Set([manifest.entry.module, ...manifest.entry.imports]);
    for (const id of chain) {
      const { module, imports = [] } = manifest.routes[id]!;
      files.add(module);
      for (const file of imports) files.add(file);
    }
    const list = [...files];
    loads.push({
      routeId: route.id,
      address: addressOf(manifest, chain),
      files: list,
      gzipBytes: list.reduce((sum, file) => sum + sizeOf(file), 0),
    });
  }
  return loads;
}

/** Gzip size (zlib's default level, as served) of a client file, from its public URL ("/assets/…"). */
export function gzipSizer(buildDir: string): (url: string) => number {
  const cache = new Map<string, number>();
  return (url) => {
    let size = cache.get(url);
    if (size === undefined) {
      const file = path.join(buildDir, "client", url.replace(/^\//, ""));
      size = zlib.gzipSync(fs.readFileSync(file)).length;
      cache.set(url, size);
    }
    return size;
  };
}
