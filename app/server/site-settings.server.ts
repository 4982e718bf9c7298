/** Site settings (site_settings): the company's identity and other values an admin can change. */
import { asc, eq } from "drizzle-orm";
import { siteSettings } from "../../db/schema";
import { cached } from "./cache.server";
import type { Database } from "./db.server";
import { logger } from "./logger.server";

export const PUBLIC_SETTINGS_CACHE_KEY = "settings:public";

export type SettingsMap = Readonly<Record<string, string>>;

/** Every public setting as key → value, ordered by key (SPEC.md section 7). */
export async function listPublicSettings(db: Database): Promise<SettingsMap> {
  const rows = await db
    .select({ key: siteSettings.settingKey, value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.isPublic, true))
    .orderBy(asc(siteSettings.settingKey));
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/**
 * The public settings for a page. Only public ones: this map is sent to the browser. When they
 * cannot be read the page still renders, with the fallbacks of whoever reads them.
 */
export async function getPublicSettings(getDb: () => Promise<Database>): Promise<SettingsMap> {
  try {
    return await cached(PUBLIC_SETTINGS_CACHE_KEY, async () => listPublicSettings(await getDb()));
  } catch (error) {
    logger.error({ err: error }, "could not load site settings");
    return {};
  }
}
