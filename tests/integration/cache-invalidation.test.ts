/**
 * Cache invalidation between instances that share PostgreSQL (LISTEN/NOTIFY). It needs a real
 * server, so it runs in the PostgreSQL pass of .ci/run (TEST_DATABASE_URL); PGlite is single-process.
 */
import net from "node:net";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { INVALIDATION_CHANNEL, listenForInvalidations } from "~/server/platform/cache/cache-invalidation.server";
import { createTestDatabase, testingOnPostgres } from "./database";

describe.runIf(testingOnPostgres)("invalidation between instances", () => {
  const url = process.env.TEST_DATABASE_URL!;

  it("delivers a key published by another connection, and stops listening when stopped", async () => {
    const received: string[] = [];
    const listener = await listenForInvalidations(
      url,
      (key) => received.push(key),
      () => received.push("<lost>"),
    );
    const other = new pg.Client({ connectionString: url });
    const witness = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await other.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "settings:public"]);
      await expect.poll(() => received).toEqual(["settings:public"]);
      await listener.stop();
      // A witness listening on the same channel: once it has the next key, the stopped listener
      // would have had it too, had it still been listening.
      await witness.connect();
      await witness.query(`listen ${INVALIDATION_CHANNEL}`);
      const witnessed = new Promise<void>((resolve) =>
        witness.on("notification", (message) => {
          if (message.payload === "navigation:") resolve();
        }),
      );
      await other.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "navigation:"]);
      await witnessed;
      expect(received).toEqual(["settings:public"]);
    } finally {
      await other.end();
      await witness.end();
    }
  });

  it("hears of every change made to page content in the database, which the application caches", async () => {
    const database = await createTestDatabase();
    const received: string[] = [];
    const listener = await listenForInvalidations(
      database.url!,
      (key) => received.push(key),
      () => received.push("<lost>"),
    );
    // Edited as an operator would, by hand, outside the application (migration 0019's trigger).
    const operator = new pg.Client({ connectionString: database.url });
    await operator.connect();
    try {
      await operator.query("insert into page_content (slug, title) values ('professional-training', 'Training')");
      await expect.poll(() => received).toEqual(["page-content:"]);
      await operator.query("update page_content set title = 'Courses' where slug = 'professional-training'");
      await operator.query("delete from page_content");
      await expect.poll(() => received).toEqual(["page-content:", "page-content:", "page-content:"]);
    } finally {
      await operator.end();
      await listener.stop();
      await database.destroy();
    }
  });

  it("empties the cache and reconnects when its connection is lost", async () => {
    const received: string[] = [];
    const listener = await listenForInvalidations(
      url,
      (key) => received.push(key),
      () => received.push("<lost>"),
    );
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // End the listener's backend, as a database restart or network cut would.
      await admin.query(
        "select pg_terminate_backend(pid) from pg_stat_activity where query ilike $1 and pid <> pg_backend_pid()",
        [`listen ${INVALIDATION_CHANNEL}`],
      );
      await expect.poll(() => received).toContain("<lost>");
      // Back again: a notification after the reconnect still arrives.
      await expect
        .poll(
          async () => {
            await admin.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "after-reconnect"]);
            return received.includes("after-reconnect");
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await listener.stop();
      await admin.end();
    }
  });

  it("keeps trying while the database stays unreachable, and listens again once it is back", async () => {
    // A loopback port in front of PostgreSQL that the test can close: connections are then refused,
    // as during a database restart, for longer than one retry.
    const target = new URL(url);
    const sockets = new Set<net.Socket>();
    let proxy: net.Server | undefined;
    const open = (port = 0) =>
      new Promise<number>((resolve) => {
        proxy = net.createServer((incoming) => {
          const outgoing = net.connect(Number(target.port || 5432), target.hostname);
          for (const socket of [incoming, outgoing]) {
            sockets.add(socket);
            socket.on("error", () => socket.destroy());
            socket.on("close", () => sockets.delete(socket));
          }
          incoming.pipe(outgoing).pipe(incoming);
        });
        proxy.listen(port, "127.0.0.1", () => resolve((proxy!.address() as net.AddressInfo).port));
      });
    const close = () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        proxy!.close(() => resolve());
      });

    const port = await open();
    const proxied = new URL(url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(port);
    const received: string[] = [];
    const listener = await listenForInvalidations(
      proxied.toString(),
      (key) => received.push(key),
      () => received.push("<lost>"),
    );
    const other = new pg.Client({ connectionString: url });
    await other.connect();
    try {
      await close();
      await expect.poll(() => received).toContain("<lost>");
      // At least two refused reconnection attempts: each failed attempt reports a lost connection.
      await expect
        .poll(() => received.filter((key) => key === "<lost>").length, { timeout: 10_000 })
        .toBeGreaterThanOrEqual(3);
      await open(port);
      await expect
        .poll(
          async () => {
            await other.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "back-again"]);
            return received.includes("back-again");
          },
          { timeout: 10_000 },
        )
        .toBe(true);
    } finally {
      await listener.stop();
      await other.end();
      await close();
    }
  });
});
