import type { ServerBuild } from "react-router";
import { pagePath } from "./route-labels.server";

/** The layout every public page sits in (routes.ts). */
const SITE_LAYOUT_ID = "routes/site/layout";

/**
 * The server build cut down to the public site: the root, the site's layout and its pages.
 *
 * React Router rebuilds its route objects from the build's route table, and matches the address
 * against every route, three times, on every page it renders; with the admin area's and the
 * files' routes that is 85 routes for a page of the site, which has 44 (docs/performance.md, "The
 * render path"). A handler given this build renders exactly the same page for the addresses
 * `serves` accepts: those no route outside the site could match.
 */
export function publicPagesBuild(build: ServerBuild): { build: ServerBuild; serves: (pathname: string) => boolean } {
  const { routes } = build;
  const inSite = (id: string): boolean => {
    for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
      if (route.id === SITE_LAYOUT_ID) return true;
    }
    return false;
  };
  if (!routes[SITE_LAYOUT_ID]) throw new Error(`The build has no route ${SITE_LAYOUT_ID}.`);
  // Every other route hangs from the root: what the start of its path must be for it to match.
  const otherPrefixes = Object.values(routes)
    .filter((route) => route !== undefined && route.parentId === "root" && route.id !== SITE_LAYOUT_ID)
    .map((route) => staticStart(route?.path));

  return {
    build: buildWithRoutes(build, (id) => id === "root" || inSite(id)),
    serves(pathname) {
      const segments = routeSegments(pathname);
      if (segments === null) return false;
      return !otherPrefixes.some((prefix) => prefix.every((segment, index) => segments[index] === segment));
    },
  };
}

/** The build with only the routes `isKept` names, in the server's route table and the browser's. */
export function buildWithRoutes(build: ServerBuild, isKept: (id: string) => boolean): ServerBuild {
  const routes = Object.fromEntries(Object.entries(build.routes).filter(([id]) => isKept(id)));
  // React Router renders the page from both.
  const assetRoutes = Object.fromEntries(Object.entries(build.assets.routes).filter(([id]) => isKept(id)));
  return { ...build, routes, assets: { ...build.assets, routes: assetRoutes } };
}

/** The path's segments before its first parameter or splat, lower-cased as React Router matches. */
function staticStart(path: string | undefined): string[] {
  const segments = (path ?? "").split("/").filter(Boolean);
  const dynamic = segments.findIndex((segment) => segment.startsWith(":") || segment === "*");
  return (dynamic === -1 ? segments : segments.slice(0, dynamic)).map((segment) => segment.toLowerCase());
}

/**
 * The segments React Router matches for a request's path: a data request's `.data` (and the home
 * page's `/_root.data`) removed, each segment decoded and lower-cased. Null for the route
 * discovery requests (`/__manifest`, which may ask about any address) and for a path that does not
 * decode, which the whole build answers.
 */
function routeSegments(pathname: string): string[] | null {
  const path = pagePath(pathname);
  try {
    const segments = path
      .split("/")
      .filter(Boolean)
      .map((segment) => decodeURIComponent(segment).toLowerCase());
    return segments[0] === "__manifest" ? null : segments;
  } catch {
    return null;
  }
}
