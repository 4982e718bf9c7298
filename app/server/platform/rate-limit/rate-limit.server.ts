/**
 * Fixed-window rate limits. A limiter counts hits per key in a store: in memory on the embedded
 * database (one process by construction), or in PostgreSQL when several instances share it, so a
 * limit holds across all of them (docs/decisions/011-shared-rate-limits.md). If the store fails,
 * the limiter lets the request through and logs a warning: a lost limit is better than a site
 * that refuses everyone while its database is away.
 */
import { logger } from "../logger.server";

export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; for the Retry-After header. */
  retryAfterSeconds: number;
}

/** One key's current window as a store reports it. */
export interface RateLimitWindow {
  hits: number;
  msUntilReset: number;
}

export interface RateLimitStore {
  /** Counts one hit in the key's window (starting a new one when there is none or it has ended). */
  hit(key: string, windowMs: number): Promise<RateLimitWindow>;
  /** The key's window if one is running, without counting a hit. */
  peek(key: string): Promise<RateLimitWindow | undefined>;
  /** Forgets the key's window. */
  reset(key: string): Promise<void>;
}

/** Windows in this process's memory; the store of the embedded database and of the unit tests. */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, { hits: number; resetAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async hit(key: string, windowMs: number): Promise<RateLimitWindow> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { hits: 0, resetAt: now + windowMs };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.hits += 1;
    return { hits: window.hits, msUntilReset: window.resetAt - now };
  }

  async peek(key: string): Promise<RateLimitWindow | undefined> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return undefined;
    return { hits: window.hits, msUntilReset: window.resetAt - now };
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Drops finished windows so that many distinct keys cannot grow memory without bound. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}

// On globalThis so that a development hot reload of this module keeps the store the database chose.
const state = globalThis as typeof globalThis & { __rateLimitStore?: RateLimitStore };

/** The store every limiter without one of its own uses; the database module sets it at start-up. */
export function setRateLimitStore(store: RateLimitStore | undefined): void {
  state.__rateLimitStore = store;
}

/** The store every limiter without one of its own counts in (the backoffs of backoff.server.ts too). */
export function processStore(): RateLimitStore {
  state.__rateLimitStore ??= new MemoryRateLimitStore();
  return state.__rateLimitStore;
}

/** A warning per minute at most: while the database is down, every request would repeat it. */
const WARNING_INTERVAL_MS = 60_000;
let lastWarningAt = 0;

export function warnFailingOpen(error: unknown, limiter: string): void {
  const now = Date.now();
  if (now - lastWarningAt < WARNING_INTERVAL_MS) return;
  lastWarningAt = now;
  logger.warn({ err: error, limiter }, "the rate-limit store failed; letting requests through unlimited");
}

export const ALLOWED_UNCOUNTED: RateLimitResult = { allowed: true, retryAfterSeconds: 0 };

export class RateLimiter {
  /**
   * @param name unique among the limiters: it keeps their keys apart in a shared store
   * @param store a store of its own (tests); otherwise the process's, chosen by the database module
   */
  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly store?: RateLimitStore,
  ) {}

  private storeKey(key: string): string {
    return `${this.name}:${key}`;
  }

  private retryAfterSeconds(window: RateLimitWindow): number {
    return Math.min(Math.ceil(this.windowMs / 1000), Math.max(1, Math.ceil(window.msUntilReset / 1000)));
  }

  /** Counts a hit for `key`; allowed while the window holds at most `limit` hits. */
  async hit(key: string): Promise<RateLimitResult> {
    try {
      const window = await (this.store ?? processStore()).hit(this.storeKey(key), this.windowMs);
      return { allowed: window.hits <= this.limit, retryAfterSeconds: this.retryAfterSeconds(window) };
    } catch (error) {
      warnFailingOpen(error, this.name);
      return ALLOWED_UNCOUNTED;
    }
  }

  /** Whether `key` has used up its window, without counting this look as a hit. */
  async isLimited(key: string): Promise<RateLimitResult> {
    try {
      const window = await (this.store ?? processStore()).peek(this.storeKey(key));
      if (!window) return ALLOWED_UNCOUNTED;
      return { allowed: window.hits < this.limit, retryAfterSeconds: this.retryAfterSeconds(window) };
    } catch (error) {
      warnFailingOpen(error, this.name);
      return ALLOWED_UNCOUNTED;
    }
  }

  /** Forgets `key`, e.g. an account's failed sign-ins once it signs in successfully. */
  async reset(key: string): Promise<void> {
    try {
      await (this.store ?? processStore()).reset(this.storeKey(key));
    } catch (error) {
      warnFailingOpen(error, this.name);
    }
  }
}
