/**
 * Which HTTP methods an address answers, read from the route table itself (RFC 9110 sections
 * 9.3.7 and 15.5.6): a route with a page or a loader answers GET and HEAD, one with an action
 * answers POST, every address answers OPTIONS. The request rules answer 405 with this list in
 * `Allow` for anything else, and OPTIONS with 204 and the list.
 */
import { matchRoutes, type ServerBuild } from "react-router";
import { pagePathOf } from "./body-limits.server";
import { routeTree } from "./route-labels.server";

type RouteModuleShape = { default?: unknown; loader?: unknown; action?: unknown };

/** How many distinct paths are remembered at most (scanners try endless addresses). */
const MAX_REMEMBERED_PATHS = 1000;

/**
 * @param routes the build's route manifest
 * @param ownPaths addresses Express answers itself with GET (e.g. /healthz)
 */
export function methodsOfRoutes(
  routes: ServerBuild["routes"],
  ownPaths: readonly string[],
): (pathname: string, search: string) => readonly string[] {
  const tree = routeTree(routes);
  const remembered = new Map<string, readonly string[]>();
  return (pathname, search) => {
    if (ownPaths.includes(pathname)) return ["GET", "HEAD", "OPTIONS"];
    // A form posted to an index route says so with ?index; otherwise the action is its parent's.
    const index = new URLSearchParams(search).has("index");
    const key = `${index ? "index:" : ""}${pathname}`;
    let answer = remembered.get(key);
    if (!answer) {
      const matches = matchRoutes(tree, pagePathOf(pathname)) ?? [];
      let leaf = matches.at(-1);
      if (leaf?.route.index && !index) leaf = matches.at(-2);
      const route = leaf ? routes[leaf.route.id ?? ""] : undefined;
      const module = (route?.module ?? {}) as RouteModuleShape;
      const methods: string[] = [];
      if (module.default || module.loader) methods.push("GET", "HEAD");
      if (module.action) methods.push("POST");
      methods.push("OPTIONS");
      answer = methods;
      if (remembered.size >= MAX_REMEMBERED_PATHS) remembered.clear();
      remembered.set(key, answer);
    }
    return answer;
  };
}
