/**
 * Rate-limit windows in the database, so that every instance on one PostgreSQL counts against the
 * same limit (docs/decisions/011-shared-rate-limits.md). A hit is one statement: the insert starts
 * a window, or the conflict branch adds to the running one or restarts one that has ended, and it
 * returns the count and the time left; the row lock of `on conflict do update` keeps concurrent
 * hits from different instances exact. The database's clock decides when windows end, so the
 * instances' clocks need not agree.
 */
import { eq, lte, sql } from "drizzle-orm";
import { rateLimitWindows } from "../../../db/schema";
import type { Database } from "../db/db.server";
import { logger } from "../logger.server";
import type { RateLimitStore, RateLimitWindow } from "./rate-limit.server";

/** How often an instance deletes the rows of ended windows (a key that comes back reuses its row anyway). */
const SWEEP_INTERVAL_MS = 60_000;

const msUntilReset = sql<number>`greatest(0, extract(epoch from (${rateLimitWindows.resetAt} - now())) * 1000)::float8`;

export class DatabaseRateLimitStore implements RateLimitStore {
  private lastSweepAt = Date.now();
  private sweeping: Promise<unknown> | undefined;

  constructor(private readonly db: Database) {}

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const windowEnd = sql`now() + cast(${windowMs} as integer) * interval '1 millisecond'`;
    const windowEnded = sql`${rateLimitWindows.resetAt} <= now()`;
    const [row] = await this.db
      .insert(rateLimitWindows)
      .values({ key, hits: 1, resetAt: windowEnd })
      .onConflictDoUpdate({
        target: rateLimitWindows.key,
        // Both expressions read the row as it was before this statement.
        set: {
          hits: sql`case when ${windowEnded} then 1 else ${rateLimitWindows.hits} + 1 end`,
          resetAt: sql`case when ${windowEnded} then excluded.reset_at else ${rateLimitWindows.resetAt} end`,
        },
      })
      .returning({ hits: rateLimitWindows.hits, msUntilReset });
    this.sweepNowAndThen();
    return toWindow(row!);
  }

  async peek(key: string): Promise<RateLimitWindow | undefined> {
    const [row] = await this.db
      .select({ hits: rateLimitWindows.hits, msUntilReset })
      .from(rateLimitWindows)
      .where(sql`${rateLimitWindows.key} = ${key} and ${rateLimitWindows.resetAt} > now()`);
    return row ? toWindow(row) : undefined;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitWindows).where(eq(rateLimitWindows.key, key));
  }

  /** Deletes the rows of windows that have ended; returns how many. */
  async sweepExpired(): Promise<number> {
    const deleted = await this.db
      .delete(rateLimitWindows)
      .where(lte(rateLimitWindows.resetAt, sql`now()`))
      .returning({ key: rateLimitWindows.key });
    return deleted.length;
  }

  /** Sweeps in the background at most once a minute, so no visitor waits for it. */
  private sweepNowAndThen(): void {
    const now = Date.now();
    if (this.sweeping || now - this.lastSweepAt < SWEEP_INTERVAL_MS) return;
    this.lastSweepAt = now;
    this.sweeping = this.sweepExpired()
      .catch((error: unknown) => logger.warn({ err: error }, "could not delete ended rate-limit windows"))
      .finally(() => {
        this.sweeping = undefined;
      });
  }
}

/** node-postgres hands back float8 as a number, but be exact about it for both drivers. */
function toWindow(row: { hits: number; msUntilReset: number | string }): RateLimitWindow {
  return { hits: Number(row.hits), msUntilReset: Number(row.msUntilReset) };
}
