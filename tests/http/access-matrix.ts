/**
 * What the two halves of the access-control matrix share (access-control-pages.test.ts and
 * access-control-actions.test.ts): the route table with its root, the address each GET rule
 * requests, and the check of an answer against a rule's outcome.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { expect } from "vitest";
import { buildDir } from "../support/production-server";
import { flattenRoutes, PAGE_RULES, type AppRoute, type KnownRows, type Outcome } from "./route-access-rules";
import type { HttpResponse } from "./security-http";

/** The root route wraps every page; an action on it would need a rule like any other. */
const ROOT: AppRoute = { id: "root", file: "root.tsx", path: "/", index: false, isLayout: true };
export const ROUTES = [ROOT, ...flattenRoutes()];
export const routeById = new Map(ROUTES.map((route) => [route.id, route]));

interface BuiltRoute {
  id: string;
  module: Record<string, unknown>;
}

/** The route modules exactly as the production build under test serves them, by route id. */
export async function builtRoutes(): Promise<Record<string, BuiltRoute>> {
  const assets = path.join(buildDir, "server/assets");
  const chunk = fs.readdirSync(assets).find((name) => /^server-build-[\w-]+\.js$/.test(name));
  if (!chunk) throw new Error(`no server build in ${assets}`);
  const build = (await import(pathToFileURL(path.join(assets, chunk)).href)) as { routes: Record<string, BuiltRoute> };
  return build.routes;
}

/** The address a page rule requests: its own, or the one its rule makes from real rows. */
export function pageAddress(routeId: string, rows: KnownRows): string {
  const rule = PAGE_RULES[routeId]!;
  return rule.path ? rule.path(rows) : routeById.get(routeId)!.path;
}

export function expectOutcome(response: HttpResponse, outcome: Outcome, address: string, label: string): void {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(outcome.status);
  if (outcome.signIn) {
    const back = new URL(address, "http://site").pathname + new URL(address, "http://site").search;
    expect(response.headers.location, label).toBe(
      back === "/cms" ? "/cms" : `/cms?redirectTo=${encodeURIComponent(back)}`,
    );
  }
  if (outcome.location) expect(response.headers.location, label).toMatch(outcome.location);
  if (outcome.status === 403 || outcome.signIn) {
    // Nothing of what the route would show: the known rows (route-access-rules.ts) are all named
    // "Access rule …", so a refused answer that mentions one has leaked it.
    expect(response.text, `${label} showed a known row`).not.toMatch(/access rule/i);
  }
  if (outcome.status === 403) {
    // A refused page or download shows the site's Access Denied page, never the tab or the file.
    expect(response.headers["content-type"], label).toMatch(/^text\/html/);
    expect(response.text, label).toContain("Access Denied");
  }
}
