/**
 * The security headers of DESIGN.md ("Security rules") on every kind of response the site gives:
 * pages, 404 and 500, redirects, downloads, API answers (JSON and a server-sent event stream),
 * static files, the resource routes, a HEAD request, and errors Express answers itself. Every
 * request comes through the TLS-terminating proxy the fixture trusts (X-Forwarded-Proto: https),
 * so HSTS must be there too.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { careerPath } from "../../app/lib/site/careers";
import { createAccount, sessionCookieOf } from "../support/accounts";
import { insertCareer, insertContent, newSubmissionWithAttachment, newTestOrder } from "../http/route-access-rules";
import {
  freshClientAddress,
  sameOriginHeaders,
  send,
  type HttpRequest,
  type HttpResponse,
} from "../http/security-http";
import { expect, httpOnlyTest as test, type TestServer } from "./fixtures";
import { expectScriptsPermitted, expectSecurityHeaders } from "./security-header-rules";

const buildDir = path.resolve(import.meta.dirname, "../..", process.env.BUILD_DIR ?? "build");
const BEHIND_TLS_PROXY = { "X-Forwarded-Proto": "https" };

interface Kind {
  name: string;
  expectedStatus: number;
  request: (server: TestServer) => Promise<HttpRequest>;
}

const adminCookies = async (server: TestServer) => sessionCookieOf(server, await createAccount(server, "admin"));

/** One request of each kind of response, with the status that shows it is that kind. */
const KINDS: Kind[] = [
  { name: "a page", expectedStatus: 200, request: async () => ({ path: "/" }) },
  {
    name: "a CMS page",
    expectedStatus: 200,
    request: async (server) => ({ path: "/cms/users", cookies: await adminCookies(server) }),
  },
  { name: "the 404 page", expectedStatus: 404, request: async () => ({ path: "/no/such/page" }) },
  {
    name: "Access Denied",
    expectedStatus: 403,
    request: async (server) => ({
      path: "/cms/users",
      cookies: await sessionCookieOf(server, await createAccount(server, "editor")),
    }),
  },
  { name: "a redirect to sign in", expectedStatus: 302, request: async () => ({ path: "/cms/users" }) },
  {
    name: "a permanent redirect",
    expectedStatus: 301,
    request: async (server) => {
      // An opening's address with an old title leads to its current one.
      return {
        path: careerPath(await insertCareer(server)).replace(/\/careers\/[^/]*-([0-9a-f]+)$/, "/careers/old-title-$1"),
      };
    },
  },
  {
    name: "a redirect after a form",
    expectedStatus: 302,
    request: async (server) => ({
      method: "POST",
      path: `/checkout/test/${await newTestOrder(server)}`,
      form: { intent: "cancel" },
      headers: sameOriginHeaders(server),
    }),
  },
  { name: "the curriculum PDF", expectedStatus: 200, request: async () => ({ path: "/training/curriculum.pdf" }) },
  {
    name: "a requested document (PDF download)",
    expectedStatus: 200,
    request: async (server) => ({
      method: "POST",
      path: "/downloads/aws-guide",
      form: { name: "Header Check", email: "headers@example.com" },
      headers: sameOriginHeaders(server),
    }),
  },
  {
    name: "the submissions CSV export",
    expectedStatus: 200,
    request: async (server) => ({ path: "/cms/submissions/export.csv", cookies: await adminCookies(server) }),
  },
  {
    name: "the orders CSV export",
    expectedStatus: 200,
    request: async (server) => ({ path: "/cms/orders/export.csv", cookies: await adminCookies(server) }),
  },
  {
    name: "a submission's attachment",
    expectedStatus: 200,
    request: async (server) => {
      const submission = await newSubmissionWithAttachment(server);
      return { path: `/cms/submissions/${submission}/attachment`, cookies: await adminCookies(server) };
    },
  },
  {
    name: "an API answer (JSON)",
    expectedStatus: 201,
    request: async (server) => ({
      method: "POST",
      path: "/api/cookie-consent",
      json: { choice: "rejected", functional: false, performance: false, targeting: false },
      headers: sameOriginHeaders(server),
    }),
  },
  { name: "an API refusal (405 JSON)", expectedStatus: 405, request: async () => ({ path: "/api/checkout" }) },
  {
    name: "the chat's event stream",
    expectedStatus: 200,
    request: async (server) => ({
      method: "POST",
      path: "/api/chat",
      json: { message: "Which training courses do you offer?", conversationHistory: [] },
      headers: { ...sameOriginHeaders(server), Accept: "text/event-stream" },
    }),
  },
  {
    name: "a hashed script under /assets",
    expectedStatus: 200,
    request: async (server) => {
      const home = await send(server, { path: "/" });
      return { path: /\/assets\/[\w.-]+\.js/.exec(home.text)![0] };
    },
  },
  {
    name: "a picture under /images",
    expectedStatus: 200,
    request: async () => ({ path: `/images/${fs.readdirSync(path.join(buildDir, "client/images"))[0]}` }),
  },
  { name: "a file of public/ (favicon)", expectedStatus: 200, request: async () => ({ path: "/favicon.svg" }) },
  {
    name: "a missing asset (Express answers)",
    expectedStatus: 404,
    request: async () => ({ path: "/assets/no-such-file.js" }),
  },
  {
    name: "a malformed address (Express answers)",
    expectedStatus: 400,
    request: async () => ({ path: "/assets/%E0%A4%A" }),
  },
  {
    name: "an oversized upload",
    expectedStatus: 413,
    request: async (server) => ({
      method: "POST",
      path: "/contact?job=Engineer",
      headers: sameOriginHeaders(server),
      multipart: {
        name: "Big File",
        email: "big@example.com",
        subject: "Application",
        message: "Too big.",
        job: "Engineer",
        consent: "yes",
        attachment: {
          name: "cv.pdf",
          mimeType: "application/pdf",
          buffer: Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(11 * 1024 * 1024, 0x20)]),
        },
      },
    }),
  },
  {
    name: "a cross-site refusal",
    expectedStatus: 403,
    request: async () => ({
      method: "POST",
      path: "/contact",
      form: { name: "x" },
      headers: { Origin: "https://evil.example" },
    }),
  },
  { name: "/healthz", expectedStatus: 200, request: async () => ({ path: "/healthz" }) },
  { name: "/sitemap.xml", expectedStatus: 200, request: async () => ({ path: "/sitemap.xml" }) },
  { name: "/robots.txt", expectedStatus: 200, request: async () => ({ path: "/robots.txt" }) },
  { name: "/icons.svg", expectedStatus: 200, request: async () => ({ path: "/icons.svg" }) },
  { name: "a HEAD request", expectedStatus: 200, request: async () => ({ method: "HEAD", path: "/training" }) },
];

test.describe("every kind of response carries the security headers", () => {
  for (const kind of KINDS) {
    test(kind.name, async ({ server }) => {
      const request = await kind.request(server);
      const headers: Record<string, string> = { "X-Forwarded-For": freshClientAddress(), ...request.headers };
      // Behind the proxy the site's own pages are served over HTTPS, so that is their origin.
      if (headers.Origin === server.url) headers.Origin = server.url.replace(/^http:/, "https:");
      const response = await send(server, {
        ...request,
        headers: { ...headers, ...BEHIND_TLS_PROXY },
      });
      expect(response.status, `${kind.name}: ${response.text.slice(0, 200)}`).toBe(kind.expectedStatus);
      const permit = expectSecurityHeaders(response, kind.name);
      if (response.headers["content-type"]?.startsWith("text/html") && request.method !== "HEAD") {
        expectScriptsPermitted(response, permit, kind.name);
      }
    });
  }
});

test("a 500 page (the database fails under a page) carries them too, and no internals", async ({ server }) => {
  const { slug } = await insertContent(server, true);
  await server.db.execute(sql.raw("alter table content rename to content_unavailable"));
  server.invalidateCaches();
  let response: HttpResponse;
  try {
    response = await send(server, { path: `/content/${slug}`, headers: BEHIND_TLS_PROXY });
  } finally {
    await server.db.execute(sql.raw("alter table content_unavailable rename to content"));
    server.invalidateCaches();
  }
  expect(response.status).toBe(500);
  const permit = expectSecurityHeaders(response, "500");
  expect("nonce" in permit, "a 500 is never cached").toBe(true);
  expectScriptsPermitted(response, permit, "500");
  expect(response.text).not.toMatch(/content_unavailable|relation|at .*\.js:\d+|stack/i);
});

test("each rendered response has its own nonce; a page from the cache has none, and its scripts' hashes", async ({
  server,
}) => {
  const nonces = new Set<string>();
  // Addresses no other test asks for, so the public ones are rendered, not taken from the cache.
  const fresh = `nonce-${process.pid}-${Date.now()}`;
  for (const address of [
    `/?${fresh}`,
    `/?${fresh}-2`,
    `/training?${fresh}`,
    "/no/such/page",
    "/healthz",
    "/favicon.svg",
  ]) {
    const response = await send(server, { path: address, headers: BEHIND_TLS_PROXY });
    const permit = expectSecurityHeaders(response, address);
    if ("nonce" in permit) nonces.add(permit.nonce);
  }
  expect(nonces.size).toBe(6);
  const cached = await send(server, { path: `/?${fresh}`, headers: BEHIND_TLS_PROXY });
  expect(cached.headers["x-page-cache"]).toBe("hit");
  const permit = expectSecurityHeaders(cached, "a cached page");
  expect("hashes" in permit && permit.hashes.length).toBeGreaterThan(2);
  expectScriptsPermitted(cached, permit, "a cached page");
});

test("HSTS only over HTTPS: a plain-HTTP answer (such as on localhost) has none", async ({ server }) => {
  const response = await send(server, { path: "/" });
  expect(response.headers["strict-transport-security"]).toBeUndefined();
  expect(response.headers["content-security-policy"]).toContain("object-src 'none'");
});
