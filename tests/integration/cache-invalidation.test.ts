/**
 * Cache invalidation between instances that share PostgreSQL (LISTEN/NOTIFY). It needs a real
 * server, so it runs in the PostgreSQL pass of .ci/run (TEST_DATABASE_URL); PGlite is single-process.
 */
import pg from "pg";
import { describe, expect, it } from "vitest";
import { INVALIDATION_CHANNEL, listenForInvalidations } from "~/server/cache-invalidation.server";
import { testingOnPostgres } from "./database";

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
    await other.connect();
    try {
      await other.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "settings:public"]);
      await expect.poll(() => received).toEqual(["settings:public"]);
      await listener.stop();
      await other.query("select pg_notify($1, $2)", [INVALIDATION_CHANNEL, "navigation:"]);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(received).toEqual(["settings:public"]);
    } finally {
      await other.end();
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
});
