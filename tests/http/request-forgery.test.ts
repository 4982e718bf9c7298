/**
 * Cross-site request forgery: every state-changing endpoint, taken from the same table
 * as the access matrix (so a new action is covered as soon as it has its rule), is sent as another
 * site would send it, by a signed-in administrator whose browser holds a valid anti-forgery token.
 * Each attempt must be refused and change nothing; the same request from the site itself must then
 * succeed, which proves the refusals were the forgery checks' and not a malformed request's. The
 * Stripe webhook carries no visitor's cookies: its signature is what authenticates it.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Stripe from "stripe";
import { describe, expect, test } from "vitest";
import { createAccount, sessionCookieOf } from "../support/accounts";
import { startServerProcess } from "../support/server-process";
import { actionRules, usesFormToken } from "./route-access-rules";
import {
  csrfCookie,
  freshClientAddress,
  sameOriginHeaders,
  send,
  tableDigest,
  tablesDigest,
  type HttpRequest,
} from "./security-http";
import { serverForThisFile } from "./test-server";

const CROSS_SITE_MESSAGE = "This request came from another site and was refused.";
const EVIL = "https://evil.example";

/** How another site's page can make a browser send a request here; the browser adds these headers. */
const CROSS_SITE_SENDERS: { label: string; headers: (siteUrl: string) => Record<string, string> }[] = [
  { label: "a form on another site", headers: () => ({ Origin: EVIL, "Sec-Fetch-Site": "cross-site" }) },
  // Older browsers send no fetch metadata, only the Origin.
  { label: "another origin, without fetch metadata", headers: () => ({ Origin: EVIL }) },
  // A sandboxed frame or a privacy-preserving redirect hides the origin.
  { label: 'the opaque origin "null"', headers: () => ({ Origin: "null" }) },
  // Another port of the same host is another origin.
  {
    label: "another port of this host",
    headers: (siteUrl) => ({ Origin: siteUrl.replace(/:\d+$/, ":1") }),
  },
  // A sibling subdomain is same-site but not same-origin, and may be less trusted.
  {
    label: "a sibling subdomain (same-site)",
    headers: () => ({ Origin: "https://blog.127.0.0.1.nip.io", "Sec-Fetch-Site": "same-site" }),
  },
  {
    label: "fetch metadata of another site, origin hidden",
    headers: () => ({ "Sec-Fetch-Site": "cross-site" }),
  },
];

const server = serverForThisFile();

// One at a time: a table digest taken around one request would see another's writes.
describe("every state-changing endpoint refuses a request another site started", () => {
  for (const { routeId, intent, rule } of actionRules()) {
    test(`${routeId} ${intent}`, async () => {
      const site = server();
      const csrf = await csrfCookie(site);
      const admin = await createAccount(site, "admin");
      const cookies = { [csrf.name]: csrf.token, ...(await sessionCookieOf(site, admin)) };
      const request = await rule.request({ server: site, visitor: admin });
      const withToken = usesFormToken(request);
      const tokenField = (token: string | undefined): Record<string, string> =>
        withToken && token !== undefined ? { csrf: token } : {};
      // The body with the token (or none): a form, or a multipart upload (the media library's).
      const bodyWith = (token: string | undefined) => ({
        form: request.form && { ...request.form, ...tokenField(token) },
        multipart: request.multipart && { ...request.multipart, ...tokenField(token) },
      });
      const before = await tablesDigest(site, rule.tables);
      const auditBefore = await tableDigest(site, "audit_log");

      async function expectRefused(label: string, attempt: Omit<HttpRequest, "path"> & { path?: string }) {
        const response = await send(site, {
          ...request,
          method: "POST",
          cookies,
          ...bodyWith(csrf.token),
          ...attempt,
          headers: { "X-Forwarded-For": freshClientAddress(), ...attempt.headers },
        });
        expect(response.status, `${label}: ${response.text.slice(0, 200)}`).toBe(403);
        expect(await tablesDigest(site, rule.tables), `${label} changed the database`).toEqual(before);
        expect(await tableDigest(site, "audit_log"), `${label} wrote the audit log`).toBe(auditBefore);
        return response;
      }

      for (const sender of CROSS_SITE_SENDERS) {
        const response = await expectRefused(sender.label, { headers: sender.headers(site.url) });
        expect(response.text).toBe(CROSS_SITE_MESSAGE);
      }
      // The address a script of the page itself would post to (React Router's single fetch).
      await expectRefused("a cross-site POST to the .data address", {
        path: `${request.path}.data`,
        headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
      });

      if (withToken) {
        const same = sameOriginHeaders(site);
        await expectRefused("the CMS form without its token", { headers: same, ...bodyWith(undefined) });
        await expectRefused("the CMS form with another token", {
          headers: same,
          ...bodyWith("A".repeat(csrf.token.length)),
        });
        await expectRefused("the CMS form with a token but no token cookie", {
          headers: same,
          cookies: Object.fromEntries(Object.entries(cookies).filter(([name]) => name !== csrf.name)),
        });
        // Without Origin and fetch metadata the same-origin check cannot tell; the token still does.
        await expectRefused("the CMS form without its token, origin unknown", { ...bodyWith(undefined) });
      }

      // The same request from the site's own page goes through.
      const allowed = await send(site, {
        ...request,
        method: "POST",
        cookies,
        ...bodyWith(csrf.token),
        headers: { ...sameOriginHeaders(site), ...request.headers },
      });
      expect(allowed.status, `the same-origin request: ${allowed.text.slice(0, 200)}`).toBe(rule.expect.admin.status);
      if (rule.expect.admin.changes) expect(await tablesDigest(site, rule.tables)).not.toEqual(before);
    });
  }
});

test("PUT, PATCH and DELETE from another site are refused before any route sees them", async () => {
  const site = server();
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    for (const address of ["/cms/users", "/api/checkout", "/contact"]) {
      const response = await send(site, {
        method,
        path: address,
        headers: { Origin: EVIL, "Sec-Fetch-Site": "cross-site" },
        form: { intent: "delete" },
      });
      expect(response.status, `${method} ${address}`).toBe(403);
      expect(response.text).toBe(CROSS_SITE_MESSAGE);
    }
  }
});

test("a link or image on another site cannot sign a visitor out: GET /cms/logout changes nothing", async () => {
  const site = server();
  const admin = await createAccount(site, "admin");
  const cookies = await sessionCookieOf(site, admin);
  const sessions = await tableDigest(site, "sessions");
  const response = await send(site, {
    path: "/cms/logout",
    cookies,
    headers: { "Sec-Fetch-Site": "cross-site", Referer: `${EVIL}/page` },
  });
  expect(response.status).toBe(302);
  expect(response.setCookies).toEqual([]);
  expect(await tableDigest(site, "sessions")).toBe(sessions);
  expect((await send(site, { path: "/cms/users", cookies })).status).toBe(200);
});

describe("the Stripe webhook", () => {
  // It starts its own server process, configured with a webhook secret.
  test(
    "is authenticated by its signature, not by the origin check; a forged or replayed event changes nothing",
    { timeout: 90_000 },
    async () => {
      const secret = "whsec_request_forgery_spec";
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-webhook-"));
      const site = await startServerProcess({ DATA_DIR: dataDir, STRIPE_WEBHOOK_SECRET: secret });
      try {
        const event = JSON.stringify({
          id: "evt_request_forgery",
          object: "event",
          type: "checkout.session.completed",
          data: { object: { id: "cs_test_forgery", metadata: { order_id: "00000000-0000-4000-8000-000000000000" } } },
        });
        const post = (headers: Record<string, string>, body = event) =>
          fetch(`${site.url}/api/webhooks/stripe`, {
            method: "POST",
            headers: { "Content-Type": "application/json", ...headers },
            body,
          }).then(async (response) => ({ status: response.status, body: await response.text() }));
        const sign = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
          Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? secret, ...options });

        // Stripe sends neither Origin nor fetch metadata: a correctly signed event is read (this one
        // names an order the site does not have, so it is acknowledged and nothing changes).
        expect(await post({ "Stripe-Signature": sign(event) })).toEqual({
          status: 200,
          body: JSON.stringify({ message: "Not an order of this site." }),
        });
        const refusals: [string, Record<string, string>, string?][] = [
          ["no signature", {}],
          [
            "a signature made with another secret",
            { "Stripe-Signature": sign(event, { secret: "whsec_someone_else" }) },
          ],
          ["a signature of another body", { "Stripe-Signature": sign(event) }, event.replace("forgery", "forger2")],
          [
            "a signature ten minutes old (a replay)",
            { "Stripe-Signature": sign(event, { timestamp: Math.floor(Date.now() / 1000) - 600 }) },
          ],
        ];
        for (const [label, headers, body] of refusals) {
          expect((await post(headers, body)).status, label).toBe(400);
        }
        // A browser page of another site cannot deliver it either, even correctly signed.
        const crossSite = await post({ "Stripe-Signature": sign(event), Origin: EVIL, "Sec-Fetch-Site": "cross-site" });
        expect(crossSite).toEqual({ status: 403, body: CROSS_SITE_MESSAGE });
      } finally {
        site.child.kill("SIGTERM");
        await site.exited;
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
  );
});
