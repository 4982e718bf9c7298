import { describe, expect, it } from "vitest";
import { RateLimiter } from "./rate-limit.server";

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

describe("RateLimiter", () => {
  it("allows `limit` hits in a window, then refuses", () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(3, 60_000, clock.now);
    expect([1, 2, 3].map(() => limiter.hit("ip").allowed)).toEqual([true, true, true]);
    expect(limiter.hit("ip").allowed).toBe(false);
    expect(limiter.hit("ip").allowed).toBe(false);
  });

  it("still refuses just before the window ends and allows again once it has", () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(2, 60_000, clock.now);
    limiter.hit("ip");
    limiter.hit("ip");
    clock.advance(59_999);
    expect(limiter.hit("ip").allowed).toBe(false);
    clock.advance(1);
    expect(limiter.hit("ip").allowed).toBe(true);
    expect(limiter.hit("ip").allowed).toBe(true);
    expect(limiter.hit("ip").allowed).toBe(false);
  });

  it("counts each key on its own", () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(1, 60_000, clock.now);
    expect(limiter.hit("203.0.113.1").allowed).toBe(true);
    expect(limiter.hit("203.0.113.1").allowed).toBe(false);
    expect(limiter.hit("203.0.113.2").allowed).toBe(true);
    expect(limiter.hit("account:ada@example.com").allowed).toBe(true);
  });

  it("gives retryAfterSeconds as the whole seconds left in the window, at least 1", () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(1, 60_000, clock.now);
    expect(limiter.hit("ip").retryAfterSeconds).toBe(60);
    clock.advance(30_500);
    const refused = limiter.hit("ip");
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterSeconds).toBe(30);
    clock.advance(29_499);
    expect(limiter.hit("ip").retryAfterSeconds).toBe(1);
  });

  it("retryAfterSeconds never exceeds the window", () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(5, 15 * 60_000, clock.now);
    for (let i = 0; i < 10; i++) {
      const result = limiter.hit("ip");
      expect(result.retryAfterSeconds).toBeGreaterThanOrEqual(1);
      expect(result.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
      clock.advance(1_000);
    }
  });

  it("keeps counting correctly with many distinct keys", () => {
    const clock = fakeClock();
    const limiter = new RateLimiter(1, 1_000, clock.now);
    for (let i = 0; i < 10_050; i++) limiter.hit(`key-${i}`);
    expect(limiter.hit("key-10049").allowed).toBe(false);
    clock.advance(1_000);
    // Once the windows have ended, the sweep may drop them; every key starts afresh either way.
    for (let i = 0; i < 20; i++) expect(limiter.hit(`late-${i}`).allowed).toBe(true);
    expect(limiter.hit("key-0").allowed).toBe(true);
  });
});
