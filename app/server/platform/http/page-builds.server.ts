import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { pagePath, routeTree } from "./route-labels.server";
import { buildWithRoutes, publicPagesBuild } from "./public-pages-build.server";

/** How many route sets, and how many addresses, are remembered (addresses are the visitor's to choose). */
const LIMITS = { routeSets: 200, paths: 2_000 };

/**
 * For each address, the smallest build that answers it as the whole build would.
 *
 * React Router rebuilds its route objects from the build and matches the address against all of
 * them several times on every page it renders (docs/performance.md, "The render path"): about a
 * sixth of a public page's CPU with the site's 44 routes. Yet a page of the site uses only the
 * routes its address matches, and the routes of its ancestors' addresses, which React Router
 * names in the page for the browser (its "partial manifest"). That set is a handful of routes
 * (`/services`: the root, the site's layout, the services page and, for `/`, the home page), and
 * a build cut down to it renders the same page byte for byte: every route that matched still
 * matches first, since the others only ever ranked below it.
 *
 * Addresses outside the site (the CMS, files, APIs, route discovery) get the whole build; each
 * set's build is made once and is the same object for every address that needs it, so a handler
 * may be kept per build.
 */
export function pageBuilds(whole: ServerBuild, limits = LIMITS): (pathname: string) => ServerBuild {
  const site = publicPagesBuild(whole);
  const tree = routeTree(site.build.routes);
  const bySet = new Map<string, ServerBuild>();
  const byPath = new Map<string, ServerBuild>();

  const forSet = (ids: Set<string>): ServerBuild => {
    const key = [...ids].sort().join(" ");
    let build = bySet.get(key);
    if (build) return build;
    // More sets than the site has pages means addresses made up to make them: the site's build
    // answers those, as it would without this.
    if (bySet.size >= limits.routeSets) return site.build;
    build = buildWithRoutes(site.build, (id) => ids.has(id));
    bySet.set(key, build);
    return build;
  };

  return (pathname) => {
    if (!site.serves(pathname)) return whole;
    let build = byPath.get(pathname);
    if (build) return build;
    build = forSet(routesRendered(tree, pathname));
    if (byPath.size >= limits.paths) byPath.delete(byPath.keys().next().value as string);
    byPath.set(pathname, build);
    return build;
  };
}

/**
 * The routes React Router uses for a page: those its address matches, and those each of its
 * ancestors' addresses match, which it lists in the page for the browser (`getPartialManifest`).
 * A data request (`/services.data`, `/_root.data`) uses those of its page.
 */
function routesRendered(tree: RouteObject[], pathname: string): Set<string> {
  const page = pagePath(pathname);
  const addresses = [page, "/"];
  const segments = page.split("/").filter(Boolean);
  for (segments.pop(); segments.length > 0; segments.pop()) addresses.push(`/${segments.join("/")}`);
  const ids = new Set(["root"]);
  for (const address of addresses) {
    for (const match of matchRoutes(tree, address) ?? []) if (match.route.id) ids.add(match.route.id);
  }
  return ids;
}
