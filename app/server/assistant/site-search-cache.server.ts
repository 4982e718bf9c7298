/**
 * The cache key of the assistant's site search, apart from the search itself so that the modules
 * that write published content can forget the index without importing what builds it.
 */
import { invalidate } from "../platform/cache/cache.server";

export const SITE_SEARCH_CACHE_KEY = "assistant:site-search";

/** Called by every write that changes what the site publishes; reaches every instance. */
export function invalidateSiteSearch(): void {
  invalidate(SITE_SEARCH_CACHE_KEY);
}
