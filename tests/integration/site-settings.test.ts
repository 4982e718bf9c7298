/**
 * Public site settings (app/server/content/site-settings.server.ts): only settings marked public reach a
 * page, they are cached until invalidated, and a database failure leaves an empty map.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { siteSettings } from "../../app/db/schema";
import { invalidate, invalidateAll } from "~/server/platform/cache/cache.server";
import type { Database } from "~/server/platform/db/db.server";
import {
  PUBLIC_SETTINGS_CACHE_KEY,
  getPublicSettings,
  listPublicSettings,
} from "~/server/content/site-settings.server";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.insert(siteSettings).values([
    { settingKey: "company_name", settingValue: "Example Ltd", isPublic: true },
    { settingKey: "site_title", settingValue: "Example" },
    { settingKey: "notification_email", settingValue: "notify@example.com", settingType: "email", isPublic: false },
    { settingKey: "api_token", settingValue: "secret", isPublic: false },
  ]);
});
afterAll(() => database.destroy());

beforeEach(() => invalidateAll());

describe("listPublicSettings", () => {
  it("returns the public settings only, as key → value", async () => {
    await expect(listPublicSettings(database.db)).resolves.toEqual({
      company_name: "Example Ltd",
      site_title: "Example",
    });
  });
});

describe("getPublicSettings", () => {
  it("returns only the public settings", async () => {
    const settings = await getPublicSettings(async () => database.db);
    expect(settings).toEqual({ company_name: "Example Ltd", site_title: "Example" });
    expect(settings).not.toHaveProperty("notification_email");
    expect(settings).not.toHaveProperty("api_token");
  });

  it("returns {} when the database cannot be reached", async () => {
    await expect(getPublicSettings(() => Promise.reject(new Error("connection refused")))).resolves.toEqual({});
  });

  it("does not cache a failure", async () => {
    await getPublicSettings(() => Promise.reject(new Error("connection refused")));
    await expect(getPublicSettings(async () => database.db)).resolves.toHaveProperty("company_name", "Example Ltd");
  });

  it("serves a second call from the cache until PUBLIC_SETTINGS_CACHE_KEY is invalidated", async () => {
    const getDb = vi.fn(async (): Promise<Database> => database.db);
    await expect(getPublicSettings(getDb)).resolves.toHaveProperty("site_title", "Example");

    await database.db
      .update(siteSettings)
      .set({ settingValue: "Renamed" })
      .where(eq(siteSettings.settingKey, "site_title"));
    try {
      await expect(getPublicSettings(getDb)).resolves.toHaveProperty("site_title", "Example");
      expect(getDb).toHaveBeenCalledTimes(1);

      invalidate(PUBLIC_SETTINGS_CACHE_KEY);
      await expect(getPublicSettings(getDb)).resolves.toHaveProperty("site_title", "Renamed");
      expect(getDb).toHaveBeenCalledTimes(2);
    } finally {
      await database.db
        .update(siteSettings)
        .set({ settingValue: "Example" })
        .where(eq(siteSettings.settingKey, "site_title"));
    }
  });
});
