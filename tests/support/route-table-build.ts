/**
 * A server build with only a route table, shaped like routes.ts (the site's layout and pages; the
 * CMS, a file and an API at the top), for the tests of the builds cut down for the public pages
 * (app/server/platform/http/public-pages-build.server.ts, page-builds.server.ts).
 */
import type { ServerBuild } from "react-router";

export const ROUTE_TABLE: Record<string, { parentId?: string; path?: string; index?: boolean }> = {
  root: { path: "" },
  "routes/site/layout": { parentId: "root" },
  "routes/site/home": { parentId: "routes/site/layout", index: true },
  "routes/site/training": { parentId: "routes/site/layout", path: "training" },
  "routes/site/careers": { parentId: "routes/site/layout", path: "careers" },
  "routes/site/career": { parentId: "routes/site/layout", path: "careers/:job" },
  "routes/site/not-found": { parentId: "routes/site/layout", path: "*" },
  "routes/cms/layout": { parentId: "root", path: "cms" },
  "routes/cms/users": { parentId: "routes/cms/layout", path: "users" },
  "routes/api/curriculum": { parentId: "root", path: "training/curriculum.pdf" },
  "routes/api/media-file": { parentId: "root", path: "media/:file" },
  "routes/api/chat": { parentId: "root", path: "api/chat" },
};

/** The table as a build: the server's routes and the browser's manifest, version "1". */
export function routeTableBuild(): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(ROUTE_TABLE).map(([id, route]) => [id, { id, ...route, module: {} }]),
  );
  const assetRoutes = Object.fromEntries(Object.entries(ROUTE_TABLE).map(([id, route]) => [id, { id, ...route }]));
  return { routes, assets: { version: "1", routes: assetRoutes } } as unknown as ServerBuild;
}
