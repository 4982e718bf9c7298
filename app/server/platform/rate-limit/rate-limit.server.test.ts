import { describe, expect, it } from "vitest";
import { MemoryRateLimitStore, RateLimiter, type RateLimitStore } from "./rate-limit.server";

/** A clock the test moves by hand. */
function fakeClock(start = 1_700_000_000_000) {
  let time = start;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

/** A limiter on its own in-memory store, read by a clock the test moves. */
function limiterWithClock(limit: number, windowMs: number) {
  const clock = fakeClock();
  return { clock, limiter: new RateLimiter("test", limit, windowMs, new MemoryRateLimitStore(clock.now)) };
}

async function hits(limiter: RateLimiter, key: string, times: number): Promise<boolean[]> {
  const allowed: boolean[] = [];
  for (let i = 0; i < times; i++) allowed.push((await limiter.hit(key)).allowed);
  return allowed;
}

describe("RateLimiter", () => {
  it("allows `limit` hits in a window, then refuses", async () => {
    const { limiter } = limiterWithClock(3, 60_000);
    expect(await hits(limiter, "ip", 5)).toEqual([true, true, true, false, false]);
  });

  it("still refuses just before the window ends and allows again once it has", async () => {
    const { clock, limiter } = limiterWithClock(2, 60_000);
    await hits(limiter, "ip", 2);
    clock.advance(59_999);
    expect((await limiter.hit("ip")).allowed).toBe(false);
    clock.advance(1);
    expect(await hits(limiter, "ip", 3)).toEqual([true, true, false]);
  });

  it("counts each key on its own", async () => {
    const { limiter } = limiterWithClock(1, 60_000);
    expect((await limiter.hit("203.0.113.1")).allowed).toBe(true);
    expect((await limiter.hit("203.0.113.1")).allowed).toBe(false);
    expect((await limiter.hit("203.0.113.2")).allowed).toBe(true);
    expect((await limiter.hit("account:ada@example.com")).allowed).toBe(true);
  });

  it("keeps the windows of differently named limiters on one store apart", async () => {
    const store = new MemoryRateLimitStore();
    const contact = new RateLimiter("contact", 1, 60_000, store);
    const chat = new RateLimiter("chat", 1, 60_000, store);
    expect((await contact.hit("203.0.113.1")).allowed).toBe(true);
    expect((await chat.hit("203.0.113.1")).allowed).toBe(true);
    expect((await contact.hit("203.0.113.1")).allowed).toBe(false);
  });

  it("gives retryAfterSeconds as the whole seconds left in the window, at least 1", async () => {
    const { clock, limiter } = limiterWithClock(1, 60_000);
    expect((await limiter.hit("ip")).retryAfterSeconds).toBe(60);
    clock.advance(30_500);
    const refused = await limiter.hit("ip");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(30);
    clock.advance(29_499);
    expect((await limiter.hit("ip")).retryAfterSeconds).toBe(1);
  });

  it("retryAfterSeconds never exceeds the window", async () => {
    const { clock, limiter } = limiterWithClock(5, 15 * 60_000);
    for (let i = 0; i < 10; i++) {
      const result = await limiter.hit("ip");
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      clock.advance(1_000);
    }
  });

  it("isLimited looks without counting, and reset forgets the key", async () => {
    const { limiter } = limiterWithClock(2, 60_000);
    expect(await limiter.isLimited("ip")).toEqual({ allowed: true, retryAfterSeconds: 0 });
    await limiter.hit("ip");
    for (let i = 0; i < 5; i++) expect((await limiter.isLimited("ip")).allowed).toBe(true);
    await limiter.hit("ip");
    const limited = await limiter.isLimited("ip");
    expect(limited.allowed).toBe(false);
    expect(limited.retryAfterSeconds).toBe(60);
    await limiter.reset("ip");
    expect((await limiter.isLimited("ip")).allowed).toBe(true);
    expect((await limiter.hit("ip")).allowed).toBe(true);
  });

  it("keeps counting correctly with many distinct keys", async () => {
    const { clock, limiter } = limiterWithClock(1, 1_000);
    for (let i = 0; i < 10_050; i++) await limiter.hit(`key-${i}`);
    expect((await limiter.hit("key-10049")).allowed).toBe(false);
    clock.advance(1_000);
    // Once the windows have ended, the sweep may drop them; every key starts afresh either way.
    for (let i = 0; i < 20; i++) expect((await limiter.hit(`late-${i}`)).allowed).toBe(true);
    expect((await limiter.hit("key-0")).allowed).toBe(true);
  });

  it("lets requests through when its store fails, rather than refusing everyone", async () => {
    const unreachable: RateLimitStore = {
      hit: () => Promise.reject(new Error("connection refused")),
      peek: () => Promise.reject(new Error("connection refused")),
      reset: () => Promise.reject(new Error("connection refused")),
    };
    const limiter = new RateLimiter("test", 1, 60_000, unreachable);
    expect(await hits(limiter, "ip", 3)).toEqual([true, true, true]);
    expect((await limiter.isLimited("ip")).allowed).toBe(true);
    await expect(limiter.reset("ip")).resolves.toBeUndefined();
  });
});
