/**
 * The production server on a real PostgreSQL (DATABASE_URL), as `.ci/run` checks it: it migrates
 * and seeds a new database, serves pages, records a consent, shuts down cleanly on SIGTERM, and
 * starts again on the same database without seeding twice.
 */
import assert from "node:assert/strict";
import pg from "pg";
import { startServerProcess } from "../support/server-process";

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error("Set DATABASE_URL to an empty PostgreSQL database.");
  process.exit(1);
}

const results = { passed: 0, failed: 0 };
async function check(name: string, work: () => Promise<void>): Promise<void> {
  try {
    await work();
    results.passed += 1;
    console.log(`  ✓ ${name}`);
  } catch (error) {
    results.failed += 1;
    console.log(`  ✖ ${name}\n${error instanceof Error ? error.stack : error}`);
  }
}

const env = { DATABASE_URL: databaseUrl, SESSION_SECRET: "ci-smoke-test-secret-of-at-least-32-chars" };
const client = new pg.Client({ connectionString: databaseUrl });
await client.connect();
const count = async (table: string) =>
  Number((await client.query<{ count: string }>(`select count(*) from ${table}`)).rows[0]!.count);

let server = await startServerProcess(env);
await check("GET /healthz answers ok on postgres", async () => {
  const response = await fetch(`${server.url}/healthz`);
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: "ok", database: "postgres" });
});
await check("the home page renders with the seeded company name", async () => {
  const { rows } = await client.query<{ setting_value: string }>(
    "select setting_value from site_settings where setting_key = 'company_name'",
  );
  const response = await fetch(server.url);
  assert.equal(response.status, 200);
  assert.match(await response.text(), new RegExp(rows[0]!.setting_value));
});
await check("a cookie choice is recorded in cookie_consents", async () => {
  const before = await count("cookie_consents");
  const response = await fetch(`${server.url}/api/cookie-consent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url },
    body: JSON.stringify({ choice: "customized", functional: true, performance: false, targeting: false }),
  });
  assert.equal(response.status, 201);
  assert.equal(await count("cookie_consents"), before + 1);
});
const coursesAfterFirstStart = await count("training_courses");
await check("SIGTERM shuts the server down cleanly", async () => {
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
  assert.match(server.logs(), /shutdown complete/);
});
server = await startServerProcess(env);
await check("a restart on the same database does not seed again", async () => {
  assert.equal((await fetch(`${server.url}/healthz`)).status, 200);
  assert.equal(await count("training_courses"), coursesAfterFirstStart);
  server.child.kill("SIGTERM");
  assert.equal(await server.exited, 0);
});

await client.end();
console.log(`\nSmoke: ${results.passed} passed, ${results.failed} failed`);
process.exit(results.failed === 0 ? 0 : 1);
