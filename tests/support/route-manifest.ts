/**
 * The route table of app/routes.ts as the server build lists it (flat, each route naming its
 * parent, ids as React Router makes them), for tests that match addresses against the site's real
 * routes without a build.
 */
import type { ServerBuild } from "react-router";
import routeConfig from "../../app/routes";

/** An entry of app/routes.ts. */
export interface ConfigEntry {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: ConfigEntry[];
}

/** A route's id as React Router makes it: its own, or its file without the extension. */
export function routeIdOf(entry: ConfigEntry): string {
  return entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
}

interface ManifestRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: Record<string, never>;
}

export function routeManifest(): ServerBuild["routes"] {
  const routes: Record<string, ManifestRoute> = { root: { id: "root", path: "", module: {} } };
  const add = (entries: readonly ConfigEntry[], parentId: string) => {
    for (const entry of entries) {
      const id = routeIdOf(entry);
      routes[id] = { id, parentId, path: entry.path, index: entry.index, module: {} };
      add(entry.children ?? [], id);
    }
  };
  add(routeConfig, "root");
  return routes as unknown as ServerBuild["routes"];
}
