import { spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { freePort } from "../support/free-port";
import { startServerProcess } from "../support/server-process";

/**
 * The production process itself (`node server.js`) and the database scripts, on the embedded
 * database: no browser, only processes, their logs and HTTP.
 *
 * A new data directory is migrated and seeded on the first start, which is most of a start's time
 * on a two-core machine. The tests about that first start begin from an empty directory; the others
 * from a copy of one seeded directory, made once for the file.
 */
let seeded: string;
beforeAll(async () => {
  seeded = fs.mkdtempSync(path.join(os.tmpdir(), "site-seeded-"));
  const server = await startServerProcess({ DATA_DIR: seeded });
  server.child.kill("SIGTERM");
  expect(await server.exited).toBe(0);
});
afterAll(() => fs.rmSync(seeded, { recursive: true, force: true }));

/** A new data directory: empty, or a copy of the seeded one. */
function newDataDir(from: "empty" | "seeded"): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-process-"));
  if (from === "seeded") fs.cpSync(seeded, dir, { recursive: true });
  return dir;
}

// Each test starts real processes (the server, npm scripts): slow on a busy two-core machine.
describe("the server process", { timeout: 120_000 }, () => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  test("an empty data directory is migrated and seeded, and SIGTERM lets an in-flight request finish", async () => {
    dataDir = newDataDir("empty");
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.logs()).toContain("seeded a new database with demo content");

    // A request whose last line has not arrived yet is in flight when the signal comes.
    const { port } = new URL(server.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((resolve) => socket.once("connect", resolve));
    let response = "";
    socket.on("data", (chunk) => (response += chunk));
    const closed = new Promise((resolve) => socket.once("close", resolve));
    socket.write("GET /healthz HTTP/1.1\r\nHost: localhost\r\n");
    await expect.poll(() => server.logs().length).toBeGreaterThan(0);

    server.child.kill("SIGTERM");
    await expect.poll(() => server.logs()).toContain("shutting down");
    socket.write("\r\n");
    await closed;
    expect(response).toMatch(/^HTTP\/1\.1 200/);
    expect(response).toContain('"database":"pglite"');

    expect(await server.exited).toBe(0);
    expect(server.logs()).toContain("shutdown complete");
    expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

    // The database was closed cleanly: it opens again with the seeded content and is not re-seeded.
    const restarted = await startServerProcess({ DATA_DIR: dataDir });
    expect(restarted.logs()).not.toContain("seeded a new database");
    expect((await fetch(`${restarted.url}/healthz`)).status).toBe(200);
    restarted.child.kill("SIGINT");
    expect(await restarted.exited).toBe(0);
  });

  test("a second server on the same data directory is refused with a clear message", async () => {
    dataDir = newDataDir("seeded");
    const first = await startServerProcess({ DATA_DIR: dataDir });
    await expect(startServerProcess({ DATA_DIR: dataDir })).rejects.toThrow(/in use by another process/);
    first.child.kill("SIGTERM");
    expect(await first.exited).toBe(0);
  });

  test("after a crash (SIGKILL) the next start takes over the stale lock and the data is intact", async () => {
    dataDir = newDataDir("seeded");
    const crashed = await startServerProcess({ DATA_DIR: dataDir });
    const consent = await fetch(`${crashed.url}/api/cookie-consent`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ choice: "accepted", functional: true, performance: true, targeting: true }),
    });
    expect(consent.status).toBe(201);
    crashed.child.kill("SIGKILL");
    await crashed.exited;

    const restarted = await startServerProcess({ DATA_DIR: dataDir });
    const health = await fetch(`${restarted.url}/healthz`);
    expect(await health.json()).toEqual({ status: "ok", database: "pglite" });
    restarted.child.kill("SIGTERM");
    expect(await restarted.exited).toBe(0);
  });

  test("a bad configuration stops the start with a message naming the variable", async () => {
    dataDir = newDataDir("empty");
    await expect(startServerProcess({ DATA_DIR: dataDir, PORT: "not-a-port" })).rejects.toThrow(/PORT/);
  });

  test("in production an unset PUBLIC_URL stops the start with a message, not localhost addresses", async () => {
    dataDir = newDataDir("empty");
    const outcome = await startServerProcess({ DATA_DIR: dataDir, PUBLIC_URL: "" }).then(
      async (server) => {
        server.child.kill("SIGKILL");
        await server.exited;
        return "it started";
      },
      (error: Error) => error.message,
    );
    expect(outcome).toMatch(/PUBLIC_URL: is required in production/);
    expect(outcome).not.toMatch(/\n\s+at /); // one clear message, no stack trace
  });

  test("`npm start`'s local demo (server.js --local) needs no PUBLIC_URL and uses http://localhost:PORT", async () => {
    dataDir = newDataDir("seeded");
    const port = String(await freePort());
    const server = await startServerProcess({ DATA_DIR: dataDir, PORT: port, PUBLIC_URL: "" }, ["--local"]);
    const html = await (await fetch(`${server.url}/about`)).text();
    expect(html).toContain(`<link rel="canonical" href="http://localhost:${port}/about"/>`);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  test("payments in test mode (no Stripe keys) log a warning at start-up; with Stripe keys they do not", async () => {
    dataDir = newDataDir("seeded");
    const testMode = await startServerProcess({ DATA_DIR: dataDir });
    testMode.child.kill("SIGTERM");
    expect(await testMode.exited).toBe(0);
    const warning = testMode
      .logs()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((line) => line.msg.startsWith("Payments are in test mode"));
    expect(warning?.level).toBe(40); // pino's "warn"
    expect(warning?.msg).toContain("takes no money");

    const live = await startServerProcess({
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: "sk_test_not_used",
      STRIPE_WEBHOOK_SECRET: "whsec_not_used",
    });
    live.child.kill("SIGTERM");
    expect(await live.exited).toBe(0);
    expect(live.logs()).not.toContain("Payments are in test mode");
  });
});

describe("the database scripts", { timeout: 120_000 }, () => {
  let dataDir: string;
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  const npmRun = (script: string, args: string[] = [], env: Record<string, string> = {}) =>
    spawnSync("npm", ["run", "--silent", script, ...(args.length > 0 ? ["--", ...args] : [])], {
      env: { ...process.env, DATA_DIR: dataDir, ...env },
      encoding: "utf8",
    });

  test("db:migrate and db:seed work on a new data directory, and seeding twice is harmless", async () => {
    dataDir = newDataDir("empty");
    const migrate = npmRun("db:migrate");
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain("Migrations applied (pglite).");
    for (let run = 0; run < 2; run++) {
      const seed = npmRun("db:seed");
      expect(seed.status, seed.stderr).toBe(0);
      expect(seed.stdout).toContain("Demo content is in place (pglite).");
    }
    // The server then finds a seeded database and does not seed it again.
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.logs()).not.toContain("seeded a new database");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  test("db:migrate refuses clearly while the server holds the embedded database", async () => {
    dataDir = newDataDir("seeded");
    const server = await startServerProcess({ DATA_DIR: dataDir });
    const migrate = npmRun("db:migrate");
    expect(migrate.status).toBe(1);
    expect(migrate.stderr).toContain("The embedded database is in use by another process");
    expect(migrate.stderr).not.toMatch(/\n\s+at /); // one clear message, no stack trace
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  test("admin:create makes an administrator, so the server issues no setup code", async () => {
    dataDir = newDataDir("seeded");
    const created = npmRun("admin:create", ["--email", "Owner@Example.com"], {
      ADMIN_PASSWORD: "owner passphrase at dawn",
    });
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain("Created admin owner@example.com.");
    const again = npmRun("admin:create", ["--email", "owner@example.com"], {
      ADMIN_PASSWORD: "owner passphrase at dawn",
    });
    expect(again.status).toBe(1);
    expect(again.stderr).toContain("A user with this e-mail already exists.");
    const weak = npmRun("admin:create", ["--email", "second@example.com"], { ADMIN_PASSWORD: "12345" });
    expect(weak.status).toBe(1);
    expect(weak.stderr).toContain("Password must be at least 15 characters");
    const breached = npmRun("admin:create", ["--email", "second@example.com"], { ADMIN_PASSWORD: "123456789qwerty" });
    expect(breached.status).toBe(1);
    expect(breached.stderr).toContain("This password is on a list of common or breached passwords.");

    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.logs()).not.toContain("setup code");
    // While it runs, the embedded database belongs to the server.
    const locked = npmRun("admin:create", ["--email", "third@example.com"], {
      ADMIN_PASSWORD: "third passphrase at dusk",
    });
    expect(locked.status).toBe(1);
    expect(locked.stderr).toContain("The embedded database is in use by another process");
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  test("a new site logs a one-time setup code for the first administrator", async () => {
    dataDir = newDataDir("seeded");
    const server = await startServerProcess({ DATA_DIR: dataDir });
    expect(server.logs()).toMatch(/one-time setup code: [A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/);
    server.child.kill("SIGTERM");
    expect(await server.exited).toBe(0);
  });

  test("each request is logged as one structured JSON line", async () => {
    dataDir = newDataDir("seeded");
    const server = await startServerProcess({ DATA_DIR: dataDir });
    await fetch(`${server.url}/no/such/page`);
    server.child.kill("SIGTERM");
    await server.exited;
    const lines = server
      .logs()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map(
        (line) =>
          JSON.parse(line) as {
            msg?: string;
            req?: { method: string; url: string; id: string };
            res?: { statusCode: number };
          },
      );
    const request = lines.find((line) => line.msg === "request completed" && line.req?.url === "/no/such/page");
    expect(request?.req?.method).toBe("GET");
    expect(request?.req?.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(request?.res?.statusCode).toBe(404);
    expect(lines.some((line) => line.msg === "page not found")).toBe(true);
  });
});
