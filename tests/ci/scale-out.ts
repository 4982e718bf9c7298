/**
 * Two instances of the production server (`node server.js`) on one PostgreSQL, as `.ci/run` checks
 * them: a session made on one works on the other and ends on both at sign-out; a CMS change made on
 * one reaches the other's public pages within a second (LISTEN/NOTIFY); and rate limits are shared.
 *
 * Needs the production build (`npm run build`, or BUILD_DIR) and DATABASE_URL naming an empty
 * PostgreSQL database. Prints PASS or FAIL per check and the figures measured; exits 1 on a failure.
 */
import assert from "node:assert/strict";
import crypto from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { startServerProcess, type ServerProcess } from "../support/server-process";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to an empty PostgreSQL database.");
  process.exit(1);
}

/** How soon a change on one instance must show on the other. */
const PROPAGATION_LIMIT_MS = 1000;
/** The contact form's limit per client address in ten minutes (app/server/contact/contact-form.server.ts). */
const CONTACT_LIMIT = 5;
/** How old a contact form's token must be before it counts as a person's (app/server/platform/http/form-token.server.ts). */
const MIN_FILL_TIME_MS = 3_100;

const results = { passed: 0, failed: 0 };
/** `work` resolves to the figure to print, if any. */
async function check(name: string, work: () => Promise<string | void>): Promise<void> {
  try {
    const figure = await work();
    results.passed += 1;
    console.log(`PASS  ${name}${figure ? ` (${figure})` : ""}`);
  } catch (error) {
    results.failed += 1;
    console.log(`FAIL  ${name}\n${error instanceof Error ? error.stack : error}`);
  }
}

/** The cookies one client holds for both instances (they share the address 127.0.0.1, as a browser would a host). */
class CookieJar {
  cookies = new Map<string, string>();
  store(response: Response): void {
    for (const header of response.headers.getSetCookie()) {
      const [pair = ""] = header.split(";");
      const [name = "", ...value] = pair.split("=");
      if (/Max-Age=0/i.test(header)) this.cookies.delete(name);
      else this.cookies.set(name, value.join("="));
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }
}

/**
 * A request as a browser on the instance's own page would send it (same origin), without
 * following redirects, so each answer is seen as it is.
 */
async function send(
  base: string,
  path: string,
  jar: CookieJar | null,
  options: { method?: string; form?: Record<string, string>; body?: FormData; headers?: Record<string, string> } = {},
): Promise<Response> {
  const headers: Record<string, string> = { Origin: base, ...options.headers };
  if (jar && jar.cookies.size > 0) headers.Cookie = jar.header();
  let body: FormData | string | undefined = options.body;
  if (options.form) {
    headers["Content-Type"] = "application/x-www-form-urlencoded";
    body = new URLSearchParams(options.form).toString();
  }
  const response = await fetch(`${base}${path}`, {
    method: options.method ?? (body ? "POST" : "GET"),
    headers,
    body,
    redirect: "manual",
  });
  jar?.store(response);
  return response;
}

/** The value of a hidden input in a page's HTML. */
function hiddenValue(html: string, name: string): string {
  const match = new RegExp(`name="${name}"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="${name}"`).exec(html);
  const value = match?.[1] ?? match?.[2];
  if (!value) throw new Error(`The page has no hidden "${name}" field`);
  return value.replace(/&amp;/g, "&");
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const env = {
  DATABASE_URL: databaseUrl,
  // Shared by both, as a deployment shares it: sessions, form tokens and cookies must hold on either.
  SESSION_SECRET: crypto.randomBytes(32).toString("base64url"),
  // One proxy in front: X-Forwarded-For names the client, as a load balancer would.
  TRUST_PROXY: "1",
};

const started = performance.now();
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const servers: ServerProcess[] = [];
try {
  // One after the other, as a rolling deployment would: the first migrates and seeds the database.
  // A also opens the private metrics listener for Prometheus, on a free port.
  const a = await startServerProcess({ ...env, METRICS_PORT: "0" });
  servers.push(a);
  const b = await startServerProcess(env);
  servers.push(b);
  console.log(`Instance A on ${a.url}, instance B on ${b.url} (both up after ${elapsed()})`);

  // Served now, so that it has the age of a form a person filled in by the time it is sent.
  const contactFormToken = hiddenValue(await (await send(a.url, "/contact", null)).text(), "token");
  const contactFormServedAt = performance.now();

  const admin = new CookieJar();
  const email = `scale-out-${Date.now()}@example.com`;
  const password = "scale-out check password";

  await check("the first administrator, set up on A with the code B logged, is signed in on A", async () => {
    // Each start issues a new code while no administrator exists; the latest start's code is valid.
    const code = /"setupCode":"([^"]+)"/.exec(b.logs())?.[1];
    assert.ok(code, "B logged no setup code");
    const csrf = hiddenValue(await (await send(a.url, "/cms", admin)).text(), "csrf");
    const response = await send(a.url, "/cms", admin, { form: { csrf, intent: "setup", code, email, password } });
    assert.equal(response.status, 302, `the set-up answered ${response.status}`);
    assert.ok(admin.cookies.has("session"), "no session cookie");
    const page = await send(a.url, "/cms/settings", admin);
    assert.equal(page.status, 200);
    assert.ok((await page.text()).includes("Sign Out"), "A's CMS does not show the administrator signed in");
  });

  await check("the session made on A works on B", async () => {
    const response = await send(b.url, "/cms/settings", admin);
    assert.equal(response.status, 200);
    const html = await response.text();
    assert.ok(html.includes("Sign Out") && html.includes("company_name"), "B's CMS does not show the settings tab");
  });

  await check(
    `a site setting changed through A's CMS form shows on B's home page within ${PROPAGATION_LIMIT_MS} ms`,
    async () => {
      const before = await (await send(b.url, "/", null)).text();
      const { rows } = await client.query<{ setting_value: string }>(
        "select setting_value from site_settings where setting_key = 'company_name'",
      );
      assert.ok(before.includes(rows[0]!.setting_value), "B's home page does not show the company name");
      const newName = `Scale-out Check ${crypto.randomBytes(3).toString("hex")}`;

      const settings = await (await send(a.url, "/cms/settings", admin)).text();
      const form = {
        csrf: hiddenValue(settings, "csrf"),
        intent: "update",
        settingKey: "company_name",
        settingValue: newName,
      };
      const response = await send(a.url, "/cms/settings", admin, { form });
      assert.equal(response.status, 200, `the update answered ${response.status}`);
      const acknowledged = performance.now();
      const { rows: stored } = await client.query<{ setting_value: string }>(
        "select setting_value from site_settings where setting_key = 'company_name'",
      );
      assert.equal(stored[0]!.setting_value, newName, "A did not store the new value");

      // `delay` is when B's answer with the new name arrived (render time included); `sentAfter`, when
      // the request that got it was sent, is closer to when B's cache learned of the change.
      let delay = Number.POSITIVE_INFINITY;
      let sentAfter = Number.POSITIVE_INFINITY;
      let requests = 0;
      while (performance.now() - acknowledged < 5_000) {
        const sent = performance.now();
        const page = await (await send(b.url, "/", null)).text();
        requests += 1;
        if (page.includes(newName)) {
          delay = performance.now() - acknowledged;
          sentAfter = sent - acknowledged;
          break;
        }
        await sleep(10);
      }
      assert.ok(delay <= PROPAGATION_LIMIT_MS, `B showed the new name after ${delay} ms`);
      return (
        `B's home page showed it ${delay.toFixed(0)} ms after A acknowledged the change, ` +
        `to request ${requests}, sent after ${sentAfter.toFixed(0)} ms`
      );
    },
  );

  await check(`the contact form's limit (${CONTACT_LIMIT} per address) holds across A and B together`, async () => {
    // A form token from A's page is accepted by B too, once as old as a person's fill-in time.
    await sleep(Math.max(0, MIN_FILL_TIME_MS - (performance.now() - contactFormServedAt)));
    const visitor = "203.0.113.77";
    const statuses: string[] = [];
    for (let attempt = 0; attempt < CONTACT_LIMIT + 2; attempt += 1) {
      const base = attempt % 2 === 0 ? a.url : b.url;
      const body = new FormData();
      body.set("name", "Scale Out");
      body.set("email", "scale-out@example.com");
      body.set("subject", `Shared limits ${attempt + 1}`);
      body.set("message", "Checking that two instances share one rate limit.");
      body.set("token", contactFormToken);
      const response = await send(base, "/contact", null, { body, headers: { "X-Forwarded-For": visitor } });
      statuses.push(`${base === a.url ? "A" : "B"}:${response.status}`);
    }
    const expected = ["A:200", "B:200", "A:200", "B:200", "A:200", "B:429", "A:429"];
    assert.deepEqual(statuses, expected);
    const { rows } = await client.query<{ count: number }>(
      "select count(*)::int as count from contact_submissions where email = 'scale-out@example.com' and status = 'new'",
    );
    assert.equal(rows[0]!.count, CONTACT_LIMIT, "not every accepted message was stored once");
    // Another address is not affected by that one's limit.
    const other = await send(b.url, "/contact", null, {
      form: { name: "" },
      headers: { "X-Forwarded-For": "203.0.113.78" },
    });
    assert.equal(other.status, 400);
    return statuses.join(" ");
  });

  await check("signing out on A ends the session on B", async () => {
    const session = admin.cookies.get("session");
    const page = await (await send(a.url, "/cms/settings", admin)).text();
    const response = await send(a.url, "/cms/logout", admin, { form: { csrf: hiddenValue(page, "csrf") } });
    assert.equal(response.status, 302);
    // The browser dropped its cookie; replaying the old one on B must not sign anyone in.
    const replay = new CookieJar();
    replay.cookies.set("session", session ?? "");
    const html = await (await send(b.url, "/cms", replay)).text();
    assert.ok(!html.includes("Sign Out") && html.includes("Sign In"), "B still knows the session");
  });

  await check("A's private metrics listener counts A's own requests by route pattern", async () => {
    const port = /metrics for Prometheus on http:\/\/127\.0\.0\.1:(\d+)/.exec(a.logs())?.[1];
    assert.ok(port, "A logged no metrics listener");
    const response = await fetch(`http://127.0.0.1:${port}/metrics`);
    assert.equal(response.status, 200);
    const text = await response.text();
    // Of the alternating contact messages, A accepted three and refused one.
    assert.ok(text.includes('http_requests_total{route="/contact",method="POST",status_class="2xx"} 3'), text);
    assert.ok(text.includes('http_requests_total{route="/contact",method="POST",status_class="4xx"} 1'), text);
    assert.ok(text.includes('http_requests_total{route="/cms/settings",method="POST",status_class="2xx"} 1'), text);
    // B's public port does not show them to a visitor.
    assert.equal((await fetch(`${b.url}/metrics`)).status, 404);
  });

  for (const server of servers) {
    const name = server === a ? "A" : "B";
    await check(`instance ${name} shuts down cleanly`, async () => {
      server.child.kill("SIGTERM");
      assert.equal(await server.exited, 0);
    });
  }
} finally {
  for (const server of servers) if (server.child.exitCode === null) server.child.kill("SIGKILL");
  await client.end();
}

function elapsed() {
  return `${((performance.now() - started) / 1000).toFixed(1)} s`;
}

console.log(`\nScale-out: ${results.passed} passed, ${results.failed} failed in ${elapsed()}`);
process.exit(results.failed === 0 ? 0 : 1);
