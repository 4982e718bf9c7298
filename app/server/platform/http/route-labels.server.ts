/**
 * The label a request gets in the metrics: the pattern of the route it reached (`/careers/:job`),
 * never its raw address, so that the number of series stays bounded however many addresses
 * visitors try. Static files share one label, and so do unknown paths (the not-found route `/*`).
 */
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { logger } from "../logger.server";

/** Every file served before React Router: hashed assets, artwork and the other public files. */
export const STATIC_LABEL = "static";
/** What React Router answers for the data of client-side navigations and its lazy route discovery. */
export const MANIFEST_PATH = "/__manifest";
/** How many distinct paths' patterns are remembered at most. */
const MAX_REMEMBERED_PATHS = 1000;

export type RouteLabeller = (pathname: string, status: number) => string;

/**
 * @param routes the build's route manifest
 * @param ownPaths paths Express answers itself (e.g. /healthz), labelled as they are
 */
export function routeLabeller(routes: ServerBuild["routes"], ownPaths: readonly string[]): RouteLabeller {
  const patternFor = routePatterns(routes);
  return (pathname, status) => {
    if (ownPaths.includes(pathname) || pathname === MANIFEST_PATH) return pathname;
    if (pathname.startsWith("/assets/") || pathname.startsWith("/images/")) return STATIC_LABEL;
    const pattern = patternFor(pathname);
    // The catch-all also sees public files (favicon, fonts) before express.static answers them;
    // only what it answered with "not found" is an unknown path.
    if (pattern.endsWith("*") && status !== 404) return STATIC_LABEL;
    return pattern;
  };
}

/**
 * The pattern of the route of the table that answers a path (`/careers/:job`; `/*` for the
 * not-found route), a page's data request counting as its page.
 */
export function routePatterns(routes: ServerBuild["routes"]): (pathname: string) => string {
  const tree = routeTree(routes);
  // matchRoutes flattens and ranks the whole route table on every call, which cost about a third of
  // the server's time under load; a path's pattern never changes, so each is worked out once.
  const patterns = new Map<string, string>();
  return (pathname) => {
    let pattern = patterns.get(pathname);
    if (pattern === undefined) {
      pattern = patternOf((matchRoutes(tree, pagePath(pathname)) ?? []).map((match) => match.route.path));
      // Scanners try endless addresses: start afresh rather than grow without bound.
      if (patterns.size >= MAX_REMEMBERED_PATHS) patterns.clear();
      patterns.set(pathname, pattern);
    }
    return pattern;
  };
}

/**
 * The label of each request, for `recordRequestMetrics`: the route table is read once the build has
 * loaded (before the first request in production); anything earlier is "unlabelled".
 */
export function requestLabeller(
  loadBuild: () => Promise<Pick<ServerBuild, "routes">>,
  ownPaths: readonly string[],
): (req: { originalUrl: string }, res: { statusCode: number }) => string {
  let label: RouteLabeller | undefined;
  loadBuild()
    .then((build) => (label = routeLabeller(build.routes, ownPaths)))
    .catch((error: unknown) => logger.error({ err: error }, "could not read the route table for the metrics"));
  // originalUrl: a mounted static handler leaves req.url without its mount path.
  return (req, res) => label?.(req.originalUrl.split("?")[0] ?? "/", res.statusCode) ?? "unlabelled";
}

/** The page a single-fetch data request (`/careers.data`, `/_root.data`) loads the data of. */
export function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

function patternOf(paths: ReadonlyArray<string | undefined>): string {
  const segments = paths.filter((path): path is string => Boolean(path)).map((path) => path.replace(/^\/+|\/+$/g, ""));
  return `/${segments.filter(Boolean).join("/")}`;
}

/** The build lists routes flat with their parent's id; matchRoutes wants them nested. */
export function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  const children = new Map<string | undefined, RouteObject[]>();
  for (const route of Object.values(routes)) {
    if (!route) continue;
    const object = { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive };
    const siblings = children.get(route.parentId) ?? [];
    siblings.push(object as RouteObject);
    children.set(route.parentId, siblings);
  }
  const attach = (route: RouteObject): RouteObject => {
    const own = children.get(route.id);
    return own && !route.index ? { ...route, children: own.map(attach) } : route;
  };
  return (children.get(undefined) ?? []).map(attach);
}
