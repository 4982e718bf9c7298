/**
 * The rate-limit store that several instances share through the database: on PGlite here, and on
 * PostgreSQL in CI's second pass, where the concurrent hits really arrive on different connections.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimitWindows } from "../../app/db/schema";
import { DatabaseRateLimitStore } from "~/server/platform/rate-limit/database-rate-limit-store.server";
import { openDatabase } from "~/server/platform/db/db.server";
import { RateLimiter } from "~/server/platform/rate-limit/rate-limit.server";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());
beforeEach(async () => {
  await database.db.delete(rateLimitWindows);
});

/** Moves a key's window into the past, as if its time had run out. */
async function endWindow(key: string): Promise<void> {
  await database.db.execute(
    sql`update rate_limit_windows set reset_at = now() - interval '1 second' where key = ${key}`,
  );
}

describe("DatabaseRateLimitStore", () => {
  it("counts hits in one row per key and refuses beyond the limit, with the time left", async () => {
    const limiter = new RateLimiter("contact", 3, 10 * 60_000, new DatabaseRateLimitStore(database.db));
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.hit("203.0.113.1"));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false]);
    expect(results[3]!.retryAfterSeconds).toBeGreaterThan(590);
    expect(results[3]!.retryAfterSeconds).toBeLessThanOrEqual(600);

    const rows = await queryRows<{ key: string; hits: number }>(
      database.db,
      sql`select key, hits from rate_limit_windows`,
    );
    expect(rows).toEqual([{ key: "contact:203.0.113.1", hits: 4 }]);
  });

  it("counts every one of many concurrent hits from two instances exactly once", async () => {
    // Two stores stand for two app instances; on PostgreSQL the hits run on several connections.
    const instances = [new DatabaseRateLimitStore(database.db), new DatabaseRateLimitStore(database.db)];
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => instances[i % 2]!.hit("chat:203.0.113.2", 60_000)),
    );
    expect(results.map((result) => result.hits).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 40 }, (_, i) => i + 1),
    );
    const limiters = instances.map((store) => new RateLimiter("checkout", 5, 60_000, store));
    const allowed = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => (await limiters[i % 2]!.hit("203.0.113.3")).allowed),
    );
    expect(allowed.filter(Boolean)).toHaveLength(5);
  });

  it("restarts a window that has ended at one hit, with a whole window ahead", async () => {
    const store = new DatabaseRateLimitStore(database.db);
    for (let i = 0; i < 3; i++) await store.hit("download:203.0.113.4", 60_000);
    await endWindow("download:203.0.113.4");
    expect(await store.peek("download:203.0.113.4")).toBeUndefined();

    const restarted = await store.hit("download:203.0.113.4", 60_000);
    expect(restarted.hits).toBe(1);
    expect(restarted.msUntilReset).toBeGreaterThan(55_000);
    expect(restarted.msUntilReset).toBeLessThanOrEqual(60_000);
  });

  it("peeks without counting and forgets a key on reset", async () => {
    const store = new DatabaseRateLimitStore(database.db);
    expect(await store.peek("sign-in-account:account:ann@example.com")).toBeUndefined();
    await store.hit("sign-in-account:account:ann@example.com", 60_000);
    for (let look = 0; look < 3; look++) {
      expect((await store.peek("sign-in-account:account:ann@example.com"))?.hits).toBe(1);
    }
    await store.reset("sign-in-account:account:ann@example.com");
    expect(await store.peek("sign-in-account:account:ann@example.com")).toBeUndefined();
  });

  it("sweeps the rows of ended windows and keeps the running ones", async () => {
    const store = new DatabaseRateLimitStore(database.db);
    await store.hit("chat:ended", 60_000);
    await store.hit("chat:running", 60_000);
    await endWindow("chat:ended");
    expect(await store.sweepExpired()).toBe(1);
    const rows = await queryRows<{ key: string }>(database.db, sql`select key from rate_limit_windows`);
    expect(rows.map((row) => row.key)).toEqual(["chat:running"]);
  });

  it("lets requests through when the database cannot be reached", async () => {
    // Nothing listens on port 1 of the loopback address: every connection is refused at once.
    const unreachable = await openDatabase({ kind: "postgres", url: "postgresql://nobody@127.0.0.1:1/none" });
    try {
      const limiter = new RateLimiter("contact", 1, 60_000, new DatabaseRateLimitStore(unreachable.db));
      const results = await Promise.all([limiter.hit("203.0.113.5"), limiter.hit("203.0.113.5")]);
      expect(results.map((result) => result.allowed)).toEqual([true, true]);
      expect((await limiter.isLimited("203.0.113.5")).allowed).toBe(true);
    } finally {
      await unreachable.close();
    }
  });
});
