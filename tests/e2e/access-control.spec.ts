/**
 * The access-control matrix (issues 8 and 18): every route of app/routes.ts requested, and every
 * action and intent POSTed, as an anonymous visitor, a deactivated account, an Editor, a Support
 * user and an Administrator, each with the status route-access-rules.ts expects (derived, for the
 * CMS, from the permission table app/lib/permissions.ts). Actions are sent well formed,
 * from the site's own origin and with the CMS's anti-forgery token, so a refusal is the role check's;
 * a refused one must leave its tables (and the audit log) exactly as they were, and an allowed one
 * must really change them.
 */
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { APIRequest } from "@playwright/test";
import { eq } from "drizzle-orm";
import { siteSettings, users } from "../../db/schema";
import type { TestServer } from "./fixtures";
import {
  ACTION_RULES,
  actionRules,
  CMS_ROUTES_WITHOUT_PERMISSION,
  flattenRoutes,
  intentsInSource,
  NO_INTENT,
  PAGE_RULES,
  prepareKnownRows,
  removeRowsMadeByRules,
  routeSource,
  usesFormToken,
  type AppRoute,
  type KnownRows,
  type Outcome,
} from "./route-access-rules";
import {
  createAccount,
  csrfCookie,
  expect,
  freshClientAddress,
  ROLES,
  sameOriginHeaders,
  send,
  sessionCookieOf,
  tableDigest,
  tablesDigest,
  test,
  visitorAccount,
  visitorCookies,
  type Account,
  type HttpResponse,
  type Role,
} from "./security-http";

const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");

interface BuiltRoute {
  id: string;
  module: Record<string, unknown>;
}

/** The route modules exactly as the production build under test serves them, by route id. */
async function builtRoutes(): Promise<Record<string, BuiltRoute>> {
  const assets = path.join(buildDir, "server/assets");
  const chunk = fs.readdirSync(assets).find((name) => /^server-build-[\w-]+\.js$/.test(name));
  if (!chunk) throw new Error(`no server build in ${assets}`);
  const build = (await import(pathToFileURL(path.join(assets, chunk)).href)) as { routes: Record<string, BuiltRoute> };
  return build.routes;
}

/** The root route wraps every page; an action on it would need a rule like any other. */
const ROOT: AppRoute = { id: "root", file: "root.tsx", path: "/", index: false, isLayout: true };
const ROUTES = [ROOT, ...flattenRoutes()];
const routeById = new Map(ROUTES.map((route) => [route.id, route]));

/** Rows and an account per role, which the GET tests reuse within one worker (one server), made on first use. */
const prepared = new Map<string, Promise<{ rows: KnownRows; accounts: Record<Role, Account | null> }>>();
function prepare(server: TestServer, api: APIRequest) {
  if (!prepared.has(server.url)) {
    prepared.set(
      server.url,
      (async () => {
        const rows = await prepareKnownRows(server, api);
        const accounts = {} as Record<Role, Account | null>;
        for (const role of ROLES) accounts[role] = await visitorAccount(server, role);
        return { rows, accounts };
      })(),
    );
  }
  return prepared.get(server.url)!;
}

/** The address a page rule requests: its own, or the one its rule makes from real rows. */
function pageAddress(routeId: string, rows: KnownRows): string {
  const rule = PAGE_RULES[routeId]!;
  return rule.path ? rule.path(rows) : routeById.get(routeId)!.path;
}

function expectOutcome(response: HttpResponse, outcome: Outcome, address: string, label: string): void {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(outcome.status);
  if (outcome.signIn) {
    const back = new URL(address, "http://site").pathname + new URL(address, "http://site").search;
    expect(response.headers.location, label).toBe(
      back === "/cms" ? "/cms" : `/cms?redirectTo=${encodeURIComponent(back)}`,
    );
  }
  if (outcome.location) expect(response.headers.location, label).toMatch(outcome.location);
  if (outcome.status === 403) {
    // A refused page or download shows the site's Access Denied page, never the tab or the file.
    expect(response.headers["content-type"], label).toMatch(/^text\/html/);
    expect(response.text, label).toContain("Access Denied");
  }
}

// The rules create careers, courses, blocks and settings; other specs on this server count those.
test.afterAll(async ({ server }) => {
  await removeRowsMadeByRules(server);
});

test.describe("GET every route", () => {
  for (const routeId of Object.keys(PAGE_RULES)) {
    test(`${routeId} as ${ROLES.join(", ")}`, async ({ playwright, server }) => {
      const { rows, accounts } = await prepare(server, playwright.request);
      const address = pageAddress(routeId, rows);
      for (const role of ROLES) {
        // A new session for each request (a request may end one, as /cms/logout does).
        const cookies = await visitorCookies(server, role, accounts[role]);
        const response = await send(playwright.request, server, {
          path: address,
          cookies,
          headers: { "X-Forwarded-For": freshClientAddress() },
        });
        expectOutcome(response, PAGE_RULES[routeId]!.expect[role], address, `${role} GET ${address}`);
      }
    });
  }
});

test.describe("POST every action", () => {
  for (const { routeId, intent, rule } of actionRules()) {
    test(`${routeId} ${intent} as ${ROLES.join(", ")}`, async ({ playwright, server }) => {
      const api = playwright.request;
      const csrf = await csrfCookie(api, server);
      for (const role of ROLES) {
        // A fresh account per role and request: the administrator's request really happens.
        const visitor = await visitorAccount(server, role);
        const cookies = { [csrf.name]: csrf.token, ...(await visitorCookies(server, role, visitor)) };
        const request = await rule.request({ server, api, visitor });
        const token: Record<string, string> = usesFormToken(request) ? { csrf: csrf.token } : {};
        const before = await tablesDigest(server, rule.tables);
        const auditBefore = await tableDigest(server, "audit_log");

        const response = await send(api, server, {
          ...request,
          method: "POST",
          form: request.form && { ...request.form, ...token },
          multipart: request.multipart && { ...request.multipart, ...token },
          headers: { ...sameOriginHeaders(server), ...request.headers },
          cookies,
        });

        const outcome = rule.expect[role];
        const label = `${role} POST ${request.path} ${intent}`;
        expectOutcome(response, outcome, request.path, label);
        const after = await tablesDigest(server, rule.tables);
        if (outcome.changes === false) {
          expect(after, `${label} changed the database`).toEqual(before);
          expect(await tableDigest(server, "audit_log"), `${label} wrote the audit log`).toBe(auditBefore);
        }
        if (outcome.changes === true)
          expect(after, `${label} should have changed ${rule.tables.join(", ")}`).not.toEqual(before);
      }
    });
  }
});

/** Turns "Require a second factor for administrators" on or off. */
async function requireSecondFactorOfAdmins(server: TestServer, required: boolean) {
  await server.db
    .update(siteSettings)
    .set({ settingValue: String(required) })
    .where(eq(siteSettings.settingKey, "require_admin_second_factor"));
}

/** The CMS routes a script reads: a redirect to the account page would tell it nothing. */
const READ_BY_SCRIPTS = ["routes/cms/media-library"];

/** What a script of the CMS reads in place of a redirect: 403 and the error its screen shows. */
function expectSecondFactorError(response: HttpResponse, label: string) {
  expect(response.status, label).toBe(403);
  expect(JSON.parse(response.text), label).toEqual({ ok: false, error: expect.stringMatching(/second factor/) });
}

/**
 * The administrators' column again, with a second factor required of them (with the setting off it
 * is the column above): without one, every CMS route behind a permission, the file routes among
 * them, sends them to set one up; what a script reads (the media library, the upload) and /metrics
 * answer 403 and say why. With one, each answers as the table says.
 */
test("an administrator without the second factor the site requires gets only the account page", async ({
  playwright,
  server,
}) => {
  const api = playwright.request;
  const { rows } = await prepare(server, api);
  const admin = await createAccount(server, "admin", "no-second-factor");
  const csrf = await csrfCookie(api, server);
  const cookies = { [csrf.name]: csrf.token, ...(await sessionCookieOf(server, admin)) };
  const clientHeaders = () => ({ "X-Forwarded-For": freshClientAddress() });
  const get = (address: string) => send(api, server, { path: address, cookies, headers: clientHeaders() });
  const upload = async () => {
    const request = await ACTION_RULES["routes/cms/media-upload"]![NO_INTENT]!.request({ server, api, visitor: admin });
    const headers = { ...sameOriginHeaders(server), ...clientHeaders() };
    const multipart = { ...request.multipart, csrf: csrf.token };
    return send(api, server, { ...request, method: "POST", multipart, headers, cookies });
  };
  const cmsRoutes = Object.keys(PAGE_RULES).filter((routeId) => PAGE_RULES[routeId]!.permission);
  expect(cmsRoutes).toEqual(expect.arrayContaining(["routes/cms/audit-export", "routes/cms/media-library"]));

  await requireSecondFactorOfAdmins(server, true);
  try {
    for (const routeId of cmsRoutes) {
      const address = pageAddress(routeId, rows);
      const response = await get(address);
      if (READ_BY_SCRIPTS.includes(routeId)) {
        expectSecondFactorError(response, `GET ${address}`);
        continue;
      }
      expect(response.status, `GET ${address}`).toBe(302);
      expect(response.headers.location, `GET ${address}`).toBe("/cms/account");
    }
    const mediaBefore = await tableDigest(server, "media");
    expectSecondFactorError(await upload(), "POST /cms/media/upload");
    expect(await tableDigest(server, "media")).toBe(mediaBefore);
    const metrics = await get("/metrics");
    expect(metrics.status).toBe(403);
    expect(metrics.text).toMatch(/second factor/);
    expect(metrics.text).not.toContain("http_requests_total");

    await server.db
      .update(users)
      .set({ totpSecret: "v1.sealed.elsewhere.secret", totpEnabledAt: new Date() })
      .where(eq(users.id, admin.id));
    for (const routeId of cmsRoutes) {
      const address = pageAddress(routeId, rows);
      expectOutcome(
        await get(address),
        PAGE_RULES[routeId]!.expect.admin,
        address,
        `with a second factor GET ${address}`,
      );
    }
    expect((await upload()).status).toBe(200);
    expect((await get("/metrics")).status).toBe(200);
  } finally {
    await requireSecondFactorOfAdmins(server, false);
  }
});

test("a POST to a route without an action is refused with 405, whoever sends it", async ({ playwright, server }) => {
  const { rows, accounts } = await prepare(server, playwright.request);
  const built = await builtRoutes();
  const csrf = await csrfCookie(playwright.request, server);
  const withoutAction = Object.keys(PAGE_RULES).filter((id) => typeof built[id]?.module.action !== "function");
  expect(withoutAction.length).toBeGreaterThan(40);
  for (const routeId of withoutAction) {
    const address = pageAddress(routeId, rows);
    // An index route shares its parent's address; `?index` asks for the index route itself.
    const target = routeById.get(routeId)!.index ? `${address}?index` : address;
    for (const role of ROLES) {
      const cookies = { [csrf.name]: csrf.token, ...(await visitorCookies(server, role, accounts[role])) };
      const response = await send(playwright.request, server, {
        method: "POST",
        path: target,
        form: { csrf: csrf.token, intent: "delete" },
        headers: sameOriginHeaders(server),
        cookies,
      });
      expect(response.status, `${role} POST ${target}`).toBe(405);
    }
  }
});

test("every route and every action has an access rule", async ({ server }) => {
  expect(server.url).toBeTruthy();
  const built = await builtRoutes();
  // The build under test is the one of app/routes.ts as it is now.
  expect(Object.keys(built).sort(), "the build's routes are those of app/routes.ts (rebuild?)").toEqual(
    ROUTES.map((route) => route.id).sort(),
  );

  const addressable = ROUTES.filter((route) => !route.isLayout).map((route) => route.id);
  const unruledPages = addressable.filter((id) => !(id in PAGE_RULES));
  expect(unruledPages, "routes without a GET rule in tests/e2e/route-access-rules.ts").toEqual([]);
  expect(
    Object.keys(PAGE_RULES).filter((id) => !addressable.includes(id)),
    "GET rules of no route",
  ).toEqual([]);

  // Every CMS route names the permission of app/lib/permissions.ts it needs, and its module checks
  // that one (its source names it), so the matrix's expectations are the table's.
  const cmsRoutes = addressable.filter((id) => routeById.get(id)!.path.startsWith("/cms/"));
  expect(
    cmsRoutes.filter((id) => !CMS_ROUTES_WITHOUT_PERMISSION.includes(id) && !PAGE_RULES[id]?.permission),
    "CMS routes whose rule names no permission",
  ).toEqual([]);
  for (const id of cmsRoutes) {
    const permission = PAGE_RULES[id]?.permission;
    if (permission) {
      expect(routeSource(routeById.get(id)!.file), `${id} checks ${permission}`).toContain(`"${permission}"`);
    }
  }

  const withAction = ROUTES.filter((route) => typeof built[route.id]?.module.action === "function");
  const unruledActions = withAction.filter((route) => !(route.id in ACTION_RULES)).map((route) => route.id);
  expect(unruledActions, "actions without a rule in tests/e2e/route-access-rules.ts").toEqual([]);
  expect(
    Object.keys(ACTION_RULES).filter((id) => !withAction.some((route) => route.id === id)),
    "action rules of a route without an action",
  ).toEqual([]);

  for (const route of withAction) {
    const ruled = Object.keys(ACTION_RULES[route.id]!);
    const intents = intentsInSource(route.file);
    if (intents.length === 0) {
      expect(ruled, `${route.file} tells no intents apart: one rule for its action`).toEqual([NO_INTENT]);
    } else {
      expect(
        intents.filter((intent) => !ruled.includes(intent)),
        `intents of ${route.file} without a rule`,
      ).toEqual([]);
      expect(ruled, `${route.file} has intents: a rule for each, none for "no intent"`).not.toContain(NO_INTENT);
    }
  }
});
