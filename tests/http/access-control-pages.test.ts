/**
 * The access-control matrix, its GET half: every route of app/routes.ts requested
 * as an anonymous visitor, a deactivated account, an Editor, a Support user and an Administrator,
 * each with the status route-access-rules.ts expects (derived, for the CMS, from the permission
 * table app/lib/auth/permissions.ts); a POST to a route without an action; the administrators' column
 * when the site requires them a second factor; and the check that every route, action and intent
 * has its rule. The POST half is access-control-actions.test.ts.
 */
import { eq } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { siteSettings, users } from "../../app/db/schema";
import { createAccount, sessionCookieOf, type Account } from "../support/accounts";
import type { TestServer } from "../support/production-server";
import { builtRoutes, expectOutcome, pageAddress, routeById, ROUTES } from "./access-matrix";
import {
  ACTION_RULES,
  CMS_ROUTES_WITHOUT_PERMISSION,
  declaredIntents,
  NO_INTENT,
  PAGE_RULES,
  prepareKnownRows,
  type KnownRows,
} from "./route-access-rules";
import {
  csrfCookie,
  freshClientAddress,
  ROLES,
  sameOriginHeaders,
  send,
  tableDigest,
  visitorAccount,
  visitorCookies,
  type HttpResponse,
  type Role,
} from "./security-http";
import { serverForThisFile } from "./test-server";

const server = serverForThisFile();

/** Rows and an account per role, which the GET tests share, made on first use. */
let prepared: Promise<{ rows: KnownRows; accounts: Record<Role, Account | null> }> | undefined;
function prepare() {
  prepared ??= (async () => {
    const rows = await prepareKnownRows(server());
    const accounts = {} as Record<Role, Account | null>;
    for (const role of ROLES) accounts[role] = await visitorAccount(server(), role);
    return { rows, accounts };
  })();
  return prepared;
}

// Each route's requests are independent of every other route's: they run side by side.
describe.concurrent("GET every route", () => {
  for (const routeId of Object.keys(PAGE_RULES)) {
    test(`${routeId} as ${ROLES.join(", ")}`, async () => {
      const { rows, accounts } = await prepare();
      const address = pageAddress(routeId, rows);
      for (const role of ROLES) {
        // A new session for each request (a request may end one, as /cms/logout does).
        const cookies = await visitorCookies(server(), role, accounts[role]);
        const response = await send(server(), {
          path: address,
          cookies,
          headers: { "X-Forwarded-For": freshClientAddress() },
        });
        expectOutcome(response, PAGE_RULES[routeId]!.expect[role], address, `${role} GET ${address}`);
      }
    });
  }
});

/** Turns "Require a second factor for administrators" on or off. */
async function requireSecondFactorOfAdmins(site: TestServer, required: boolean) {
  await site.db
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

// The setting it turns on changes every administrator's answers: it runs alone, after the GET tests.
describe("second factor", () => {
  /**
   * The administrators' column again, with a second factor required of them (with the setting off
   * it is the column above): without one, every CMS route behind a permission, the file routes
   * among them, sends them to set one up; what a script reads (the media library, the upload) and
   * /metrics answer 403 and say why. With one, each answers as the table says.
   */
  test("an administrator without the second factor the site requires gets only the account page", async () => {
    const site = server();
    const { rows } = await prepare();
    const admin = await createAccount(site, "admin", "no-second-factor");
    const csrf = await csrfCookie(site);
    const cookies = { [csrf.name]: csrf.token, ...(await sessionCookieOf(site, admin)) };
    const clientHeaders = () => ({ "X-Forwarded-For": freshClientAddress() });
    const get = (address: string) => send(site, { path: address, cookies, headers: clientHeaders() });
    const upload = async () => {
      const request = await ACTION_RULES["routes/cms/media-upload"]![NO_INTENT]!.request({
        server: site,
        visitor: admin,
      });
      const headers = { ...sameOriginHeaders(site), ...clientHeaders() };
      const multipart = { ...request.multipart, csrf: csrf.token };
      return send(site, { ...request, method: "POST", multipart, headers, cookies });
    };
    const cmsRoutes = Object.keys(PAGE_RULES).filter((routeId) => PAGE_RULES[routeId]!.permission);
    expect(cmsRoutes).toEqual(expect.arrayContaining(["routes/cms/audit-export", "routes/cms/media-library"]));

    await requireSecondFactorOfAdmins(site, true);
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
      const mediaBefore = await tableDigest(site, "media");
      expectSecondFactorError(await upload(), "POST /cms/media/upload");
      expect(await tableDigest(site, "media")).toBe(mediaBefore);
      const metrics = await get("/metrics");
      expect(metrics.status).toBe(403);
      expect(metrics.text).toMatch(/second factor/);
      expect(metrics.text).not.toContain("http_requests_total");

      await site.db
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
      await requireSecondFactorOfAdmins(site, false);
    }
  });
});

test("a POST to a route without an action is refused with 405, whoever sends it", async () => {
  const site = server();
  const { rows, accounts } = await prepare();
  const built = await builtRoutes();
  const csrf = await csrfCookie(site);
  const withoutAction = Object.keys(PAGE_RULES).filter((id) => typeof built[id]?.module.action !== "function");
  expect(withoutAction.length).toBeGreaterThan(40);
  const requests = withoutAction.flatMap((routeId) => {
    const address = pageAddress(routeId, rows);
    // An index route shares its parent's address; `?index` asks for the index route itself.
    const target = routeById.get(routeId)!.index ? `${address}?index` : address;
    return ROLES.map((role) => ({ role, target }));
  });
  // Refused before any route runs, so none of them changes anything another could see: all at once.
  await Promise.all(
    requests.map(async ({ role, target }) => {
      const cookies = { [csrf.name]: csrf.token, ...(await visitorCookies(site, role, accounts[role])) };
      const response = await send(site, {
        method: "POST",
        path: target,
        form: { csrf: csrf.token, intent: "delete" },
        headers: sameOriginHeaders(site),
        cookies,
      });
      expect(response.status, `${role} POST ${target}`).toBe(405);
    }),
  );
});

test("every route and every action has an access rule", async () => {
  const built = await builtRoutes();
  // The build under test is the one of app/routes.ts as it is now.
  expect(Object.keys(built).sort(), "the build's routes are those of app/routes.ts (rebuild?)").toEqual(
    ROUTES.map((route) => route.id).sort(),
  );

  const addressable = ROUTES.filter((route) => !route.isLayout).map((route) => route.id);
  const unruledPages = addressable.filter((id) => !(id in PAGE_RULES));
  expect(unruledPages, "routes without a GET rule in tests/http/route-access-rules.ts").toEqual([]);
  expect(
    Object.keys(PAGE_RULES).filter((id) => !addressable.includes(id)),
    "GET rules of no route",
  ).toEqual([]);

  // Every CMS route names the permission of app/lib/auth/permissions.ts it needs; the requests above
  // then show, role by role, that the route answers as the table says.
  const cmsRoutes = addressable.filter((id) => routeById.get(id)!.path.startsWith("/cms/"));
  expect(
    cmsRoutes.filter((id) => !CMS_ROUTES_WITHOUT_PERMISSION.includes(id) && !PAGE_RULES[id]?.permission),
    "CMS routes whose rule names no permission",
  ).toEqual([]);

  const withAction = ROUTES.filter((route) => typeof built[route.id]?.module.action === "function");
  const unruledActions = withAction.filter((route) => !(route.id in ACTION_RULES)).map((route) => route.id);
  expect(unruledActions, "actions without a rule in tests/http/route-access-rules.ts").toEqual([]);
  expect(
    Object.keys(ACTION_RULES).filter((id) => !withAction.some((route) => route.id === id)),
    "action rules of a route without an action",
  ).toEqual([]);

  // Every action's intents are declared (app/routes/cms/cms-action.server.ts), and each has its rule.
  const undeclared = withAction.filter((route) => !declaredIntents(route.id)).map((route) => route.id);
  expect(undeclared, "actions whose intents tests/http/route-access-rules.ts does not know").toEqual([]);
  for (const route of withAction) {
    const ruled = Object.keys(ACTION_RULES[route.id]!);
    const intents = declaredIntents(route.id)!;
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
