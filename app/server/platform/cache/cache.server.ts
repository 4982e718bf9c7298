/**
 * An in-memory cache for read-mostly data used on every page (navigation, public settings).
 * Entries live until the code that changes the data calls `invalidate`, which also reaches the
 * other instances when several share a PostgreSQL database (cache-invalidation.server.ts).
 * Concurrent misses share one query; a failed load is not cached, so the next request tries again.
 */
const entries = new Map<string, Promise<unknown>>();
let broadcast: ((keyOrPrefix: string) => void) | undefined;

/**
 * Invalidating this key forgets everything, on every instance: for writes that bypass the entity
 * modules, such as `npm run db:seed` against a PostgreSQL that running instances share.
 */
export const EVERY_CACHED_KEY = "*";

/**
 * Why data a page was rendered from may no longer be current: it was invalidated (here or by
 * another instance), or a load failed and the page showed a fallback. The page cache listens.
 */
export type CachedDataEvent = "invalidated" | "load-failed";
/** `keyOrPrefix` names what was invalidated (EVERY_CACHED_KEY for everything); absent on a failed load. */
export type CachedDataListener = (event: CachedDataEvent, keyOrPrefix?: string) => void;
const listeners = new Set<CachedDataListener>();

/**
 * Calls `listener` on every invalidation and failed load; returns the function that stops it. A
 * module whose data is derived from another's listens here instead of being called by it (the
 * assistant's search index follows the published content this way).
 */
export function watchCachedData(listener: CachedDataListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function tellListeners(event: CachedDataEvent, keyOrPrefix?: string): void {
  for (const listener of listeners) listener(event, keyOrPrefix);
}

export function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  let entry = entries.get(key) as Promise<T> | undefined;
  if (!entry) {
    entry = load();
    entries.set(key, entry);
    entry.catch(() => {
      if (entries.get(key) === entry) entries.delete(key);
      tellListeners("load-failed");
    });
  }
  return entry;
}

/** Forgets one key, or every key starting with a prefix that ends in ":", on this instance only. */
export function invalidateLocally(keyOrPrefix: string): void {
  if (keyOrPrefix === EVERY_CACHED_KEY) {
    invalidateAll();
    return;
  }
  if (keyOrPrefix.endsWith(":")) {
    for (const key of entries.keys()) if (key.startsWith(keyOrPrefix)) entries.delete(key);
  } else {
    entries.delete(keyOrPrefix);
  }
  tellListeners("invalidated", keyOrPrefix);
}

/** Forgets a key (or prefix ending in ":") here and on every other instance. */
export function invalidate(keyOrPrefix: string): void {
  invalidateLocally(keyOrPrefix);
  broadcast?.(keyOrPrefix);
}

export function invalidateAll(): void {
  entries.clear();
  tellListeners("invalidated", EVERY_CACHED_KEY);
}

/** Set by the database module when instances share PostgreSQL; unset, invalidation stays local. */
export function setInvalidationBroadcast(send: ((keyOrPrefix: string) => void) | undefined): void {
  broadcast = send;
}
