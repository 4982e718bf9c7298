/**
 * A fixed-window rate limiter kept in memory. Each instance counts its own requests, which bounds
 * abuse per instance; that is enough for the endpoints that use it (consent records, sign-in).
 */
export interface RateLimitResult {
  allowed: boolean;
  /** Seconds until the window resets; for the Retry-After header. */
  retryAfterSeconds: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateLimitResult {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
      this.sweep(now);
    }
    window.count += 1;
    return {
      allowed: window.count <= this.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Whether `key` has used up its window, without counting this look as a hit. */
  isLimited(key: string): RateLimitResult {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetAt <= now) return { allowed: true, retryAfterSeconds: 0 };
    return {
      allowed: window.count < this.limit,
      retryAfterSeconds: Math.max(1, Math.ceil((window.resetAt - now) / 1000)),
    };
  }

  /** Forgets `key`, e.g. an account's failed sign-ins once it signs in successfully. */
  reset(key: string): void {
    this.windows.delete(key);
  }

  /** Drops finished windows so that many distinct keys cannot grow memory without bound. */
  private sweep(now: number): void {
    if (this.windows.size < 10_000) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
