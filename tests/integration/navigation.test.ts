/**
 * Navigation items (app/server/content/navigation.server.ts): the active items of one menu in sort order,
 * and getMenu, which caches them and falls back to DEFAULT_NAV_ITEMS when there are none or the
 * database cannot be reached.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { navigationItems } from "../../app/db/schema";
import { DEFAULT_NAV_ITEMS } from "~/lib/site/navigation";
import { invalidate, invalidateAll } from "~/server/platform/cache/cache.server";
import type { Database } from "~/server/platform/db/db.server";
import { NAVIGATION_CACHE_PREFIX, getMenu, listActiveNavigationItems } from "~/server/content/navigation.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  // Inserted out of order, with inactive items and items of other menus mixed in.
  await database.db.insert(navigationItems).values([
    { title: "Contact", url: "/contact", menuPosition: "main", sortOrder: 30 },
    { title: "Home", url: "/", menuPosition: "main", sortOrder: 10 },
    { title: "Hidden", url: "/hidden", menuPosition: "main", sortOrder: 15, isActive: false },
    { title: "About", url: "/about", menuPosition: "main", sortOrder: 20 },
    { title: "Privacy", url: "/legal/privacy", menuPosition: "footer", sortOrder: 2 },
    { title: "Terms", url: "/legal/terms", menuPosition: "footer", sortOrder: 1 },
    { title: "Old terms", url: "/legal/old", menuPosition: "footer", sortOrder: 0, isActive: false },
    { title: "Retired", url: "/retired", menuPosition: "sidebar", sortOrder: 1, isActive: false },
  ]);
});
afterAll(() => database.destroy());

beforeEach(() => invalidateAll());

const workingDb = () => vi.fn(async (): Promise<Database> => database.db);

describe("listActiveNavigationItems", () => {
  it("returns only the active items of the main menu, ordered by sort_order", async () => {
    await expect(listActiveNavigationItems(database.db)).resolves.toEqual([
      { title: "Home", url: "/" },
      { title: "About", url: "/about" },
      { title: "Contact", url: "/contact" },
    ]);
  });

  it("returns only the items of the requested menu position", async () => {
    await expect(listActiveNavigationItems(database.db, "footer")).resolves.toEqual([
      { title: "Terms", url: "/legal/terms" },
      { title: "Privacy", url: "/legal/privacy" },
    ]);
  });

  it("returns nothing for a menu whose items are all inactive", async () => {
    await expect(listActiveNavigationItems(database.db, "sidebar")).resolves.toEqual([]);
  });
});

describe("getMenu", () => {
  it("returns the stored items", async () => {
    await expect(getMenu(workingDb())).resolves.toEqual([
      { title: "Home", url: "/" },
      { title: "About", url: "/about" },
      { title: "Contact", url: "/contact" },
    ]);
    await expect(getMenu(workingDb(), "footer")).resolves.toEqual([
      { title: "Terms", url: "/legal/terms" },
      { title: "Privacy", url: "/legal/privacy" },
    ]);
  });

  it("returns DEFAULT_NAV_ITEMS when the menu has no active items", async () => {
    await expect(getMenu(workingDb(), "empty")).resolves.toEqual(DEFAULT_NAV_ITEMS);
    await expect(getMenu(workingDb(), "sidebar")).resolves.toEqual(DEFAULT_NAV_ITEMS);
  });

  it("returns DEFAULT_NAV_ITEMS when the database cannot be reached", async () => {
    const failingDb = vi.fn(() => Promise.reject(new Error("connection refused")));
    await expect(getMenu(failingDb)).resolves.toEqual(DEFAULT_NAV_ITEMS);
    expect(failingDb).toHaveBeenCalledTimes(1);
  });

  it("returns DEFAULT_NAV_ITEMS when the query fails", async () => {
    const brokenDb = {
      select: () => {
        throw new Error("relation does not exist");
      },
    } as unknown as Database;
    await expect(getMenu(async () => brokenDb)).resolves.toEqual(DEFAULT_NAV_ITEMS);
  });

  it("does not cache a failure: the next call reads the database again", async () => {
    await getMenu(() => Promise.reject(new Error("connection refused")));
    const getDb = workingDb();
    await expect(getMenu(getDb)).resolves.toHaveLength(3);
    expect(getDb).toHaveBeenCalledTimes(1);
  });

  it("caches each menu: a second call does not reach the database until the menu is invalidated", async () => {
    const getDb = workingDb();
    await getMenu(getDb);
    await getMenu(getDb);
    await getMenu(getDb, "footer");
    expect(getDb).toHaveBeenCalledTimes(2);

    invalidate(NAVIGATION_CACHE_PREFIX);
    await getMenu(getDb);
    await getMenu(getDb, "footer");
    expect(getDb).toHaveBeenCalledTimes(4);
  });
});
