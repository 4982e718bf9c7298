/**
 * Growing delays after repeated failures (OWASP Authentication Cheat Sheet, "account lockout"):
 * a key may fail `freeFailures` times; each further failure makes it wait before the next try,
 * `firstDelayMs` at first and twice as long each time, up to `maxDelayMs`. A key's failures are
 * forgotten `forgetAfterMs` after its first one, or at once on `reset` (a success).
 *
 * Built on the rate-limit store (decision 011), so it holds across instances on PostgreSQL and
 * needs no table of its own: one window counts the failures, a second one, started with the delay
 * as its length, is the wait. Like the limiters it fails open when the store fails.
 */
import {
  ALLOWED_UNCOUNTED,
  processStore,
  warnFailingOpen,
  type RateLimitResult,
  type RateLimitStore,
} from "./rate-limit.server";

export interface BackoffPolicy {
  freeFailures: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

export class FailureBackoff {
  /**
   * @param name unique among limiters and backoffs: it keeps their keys apart in a shared store
   * @param store a store of its own (tests, with a clock they move); otherwise the process's
   */
  constructor(
    readonly name: string,
    readonly policy: BackoffPolicy,
    private readonly store?: RateLimitStore,
  ) {}

  private get activeStore(): RateLimitStore {
    return this.store ?? processStore();
  }

  /** The wait after `failures` failures, in milliseconds (0 while still within the free ones). */
  delayAfter(failures: number): number {
    const { freeFailures, firstDelayMs, maxDelayMs } = this.policy;
    if (failures < freeFailures) return 0;
    // Capped before it can overflow: 2^31 times any delay is far past any sensible cap.
    const doublings = Math.min(failures - freeFailures, 31);
    return Math.min(maxDelayMs, firstDelayMs * 2 ** doublings);
  }

  /** Whether `key` may try now, and if not, in how many seconds. Counts nothing. */
  async check(key: string): Promise<RateLimitResult> {
    try {
      const wait = await this.activeStore.peek(`${this.name}:wait:${key}`);
      if (!wait) return ALLOWED_UNCOUNTED;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait.msUntilReset / 1000)) };
    } catch (error) {
      warnFailingOpen(error, this.name);
      return ALLOWED_UNCOUNTED;
    }
  }

  /** Counts a failure of `key` and starts its wait when it has used up its free failures. */
  async fail(key: string): Promise<RateLimitResult> {
    try {
      const store = this.activeStore;
      const { hits } = await store.hit(`${this.name}:failures:${key}`, this.policy.forgetAfterMs);
      const delay = this.delayAfter(hits);
      if (delay === 0) return ALLOWED_UNCOUNTED;
      await store.hit(`${this.name}:wait:${key}`, delay);
      return { allowed: false, retryAfterSeconds: Math.ceil(delay / 1000) };
    } catch (error) {
      warnFailingOpen(error, this.name);
      return ALLOWED_UNCOUNTED;
    }
  }

  /** Forgets `key`'s failures and wait (after a success). */
  async reset(key: string): Promise<void> {
    try {
      const store = this.activeStore;
      await Promise.all([store.reset(`${this.name}:failures:${key}`), store.reset(`${this.name}:wait:${key}`)]);
    } catch (error) {
      warnFailingOpen(error, this.name);
    }
  }
}
