import { beforeEach, describe, expect, it, vi } from "vitest";
import {
  cached,
  EVERY_CACHED_KEY,
  invalidate,
  invalidateAll,
  invalidateLocally,
  setInvalidationBroadcast,
  watchCachedData,
  type CachedDataEvent,
} from "./cache.server";

beforeEach(() => invalidateAll());

/** A promise the test settles by hand, to hold a load "in flight". */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe("cached", () => {
  it("loads once and serves later calls from memory", async () => {
    const load = vi.fn(async () => "value");
    await expect(cached("key", load)).resolves.toBe("value");
    await expect(cached("key", load)).resolves.toBe("value");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shares one load between concurrent misses", async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const first = cached("key", load);
    const second = cached("key", load);
    const third = cached("key", load);
    expect(load).toHaveBeenCalledTimes(1);
    pending.resolve("shared");
    await expect(Promise.all([first, second, third])).resolves.toEqual(["shared", "shared", "shared"]);
  });

  it("keeps keys apart", async () => {
    await cached("a", async () => 1);
    await expect(cached("b", async () => 2)).resolves.toBe(2);
    await expect(cached("a", async () => 99)).resolves.toBe(1);
  });

  it("does not cache a failed load: every waiting caller gets the error, the next call loads again", async () => {
    const pending = deferred<string>();
    const first = cached("key", () => pending.promise);
    const second = cached("key", async () => "not called");
    pending.reject(new Error("database down"));
    await expect(first).rejects.toThrow("database down");
    await expect(second).rejects.toThrow("database down");

    const retry = vi.fn(async () => "recovered");
    await expect(cached("key", retry)).resolves.toBe("recovered");
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it("a load that fails after its key was invalidated and reloaded does not evict the newer entry", async () => {
    const old = deferred<string>();
    const stale = cached("key", () => old.promise);
    invalidate("key");
    await expect(cached("key", async () => "fresh")).resolves.toBe("fresh");
    old.reject(new Error("late failure"));
    await expect(stale).rejects.toThrow("late failure");

    const load = vi.fn(async () => "reloaded");
    await expect(cached("key", load)).resolves.toBe("fresh");
    expect(load).not.toHaveBeenCalled();
  });
});

describe("invalidate", () => {
  it("forgets one key and leaves the others", async () => {
    await cached("settings:public", async () => "old settings");
    await cached("navigation:main", async () => "menu");
    invalidate("settings:public");
    await expect(cached("settings:public", async () => "new settings")).resolves.toBe("new settings");
    await expect(cached("navigation:main", async () => "reloaded menu")).resolves.toBe("menu");
  });

  it("with a prefix ending in ':', forgets every key that starts with it", async () => {
    await cached("navigation:main", async () => "main");
    await cached("navigation:footer", async () => "footer");
    await cached("settings:public", async () => "settings");
    invalidate("navigation:");
    await expect(cached("navigation:main", async () => "main 2")).resolves.toBe("main 2");
    await expect(cached("navigation:footer", async () => "footer 2")).resolves.toBe("footer 2");
    await expect(cached("settings:public", async () => "settings 2")).resolves.toBe("settings");
  });

  it("without a trailing ':', matches the exact key only", async () => {
    await cached("navigation:main", async () => "main");
    invalidate("navigation");
    invalidate("navigation:ma");
    await expect(cached("navigation:main", async () => "main 2")).resolves.toBe("main");
  });

  it("invalidateAll forgets everything", async () => {
    await cached("a", async () => 1);
    await cached("b:c", async () => 2);
    invalidateAll();
    await expect(cached("a", async () => 10)).resolves.toBe(10);
    await expect(cached("b:c", async () => 20)).resolves.toBe(20);
  });
});

describe("the wildcard key", () => {
  it("forgets everything here, and is what other instances hear", async () => {
    const heard: string[] = [];
    setInvalidationBroadcast((key) => heard.push(key));
    try {
      await cached("a", async () => 1);
      await cached("b:c", async () => 2);
      invalidate(EVERY_CACHED_KEY);
      await expect(cached("a", async () => 10)).resolves.toBe(10);
      await expect(cached("b:c", async () => 20)).resolves.toBe(20);
      expect(heard).toEqual([EVERY_CACHED_KEY]);
    } finally {
      setInvalidationBroadcast(undefined);
    }
  });
});

describe("watchCachedData", () => {
  it("hears every invalidation, local or from another instance, and every failed load, until stopped", async () => {
    const events: CachedDataEvent[] = [];
    const stop = watchCachedData((event) => events.push(event));
    invalidate("settings:public");
    invalidateLocally("navigation:");
    invalidateLocally(EVERY_CACHED_KEY);
    invalidateAll();
    await expect(cached("key", async () => Promise.reject(new Error("database down")))).rejects.toThrow();
    expect(events).toEqual(["invalidated", "invalidated", "invalidated", "invalidated", "load-failed"]);

    stop();
    invalidate("settings:public");
    expect(events).toHaveLength(5);
  });

  it("says nothing about a load that succeeds", async () => {
    const listener = vi.fn();
    const stop = watchCachedData(listener);
    await cached("key", async () => "value");
    await cached("key", async () => "value");
    stop();
    expect(listener).not.toHaveBeenCalled();
  });
});
