import { siteIdentityFromSettings, type SiteIdentity } from "~/lib/site/site-identity";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { getPublicSettings } from "./site-settings.server";

/**
 * What a page's structured data is built from: the site's public address and identity (the same
 * the layout loader sends). Pages build their JSON-LD in their loader with it, not in `meta`, so
 * that lib/seo/structured-data.ts stays out of the browser's bundle (docs/decisions/028).
 */
export async function structuredDataSite(): Promise<{ publicUrl: string; identity: SiteIdentity }> {
  return { publicUrl: getEnv().publicUrl, identity: siteIdentityFromSettings(await getPublicSettings(getDb)) };
}
