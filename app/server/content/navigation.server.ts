/** Navigation items (navigation_items): the menus of the shared layout. */
import { and, asc, eq } from "drizzle-orm";
import { navigationItems } from "../../db/schema";
import { DEFAULT_NAV_ITEMS, type NavItem } from "../../lib/site/navigation";
import { cached } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";

export const NAVIGATION_CACHE_PREFIX = "navigation:";

/** The active items of one menu, by sort order (SPEC.md section 7). */
export async function listActiveNavigationItems(db: Database, menuPosition = "main"): Promise<NavItem[]> {
  return db
    .select({ title: navigationItems.title, url: navigationItems.url })
    .from(navigationItems)
    .where(and(eq(navigationItems.menuPosition, menuPosition), eq(navigationItems.isActive, true)))
    .orderBy(asc(navigationItems.sortOrder), asc(navigationItems.title));
}

/**
 * The menu to show: the stored items, or the defaults when there are none or the query fails
 * (the failure is logged; a visitor still gets a working menu).
 */
export async function getMenu(getDb: () => Promise<Database>, menuPosition = "main"): Promise<readonly NavItem[]> {
  try {
    const items = await cached(`${NAVIGATION_CACHE_PREFIX}${menuPosition}`, async () =>
      listActiveNavigationItems(await getDb(), menuPosition),
    );
    return items.length > 0 ? items : DEFAULT_NAV_ITEMS;
  } catch (error) {
    logger.error({ err: error, menuPosition }, "could not load navigation items; showing the defaults");
    return DEFAULT_NAV_ITEMS;
  }
}
