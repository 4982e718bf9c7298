/**
 * An in-memory cache for read-mostly data used on every page (navigation, public settings).
 * Entries live until the code that changes the data calls `invalidate`. Concurrent misses share
 * one query; a failed load is not cached, so the next request tries again.
 */
const entries = new Map<string, Promise<unknown>>();

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let entry = entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    entries.set(key, entry);
    entry.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
    });
  }
  return entry;
}

/** Forgets one key, or every key that starts with `prefix:` when given a prefix ending in ":". */
export function invalidate(keyOrPrefix: string): void {
  if (keyOrPrefix.endsWith(":")) {
    for (const key of entries.keys()) if (key.startsWith(keyOrPrefix)) entries.delete(key);
  } else {
    entries.delete(keyOrPrefix);
  }
}

export function invalidateAll(): void {
  entries.clear();
}
