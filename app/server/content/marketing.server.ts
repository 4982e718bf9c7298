/**
 * The marketing pages' copy as a page receives it: the typed data of `app/content/` with the
 * company's details ({{company_name}} and the like) filled in from the public site settings.
 */
import { data } from "react-router";
import { findFamilyPage, type FamilyPage } from "~/content/pages";
import { fillPlaceholdersDeep } from "~/lib/site/placeholders";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import { getDb } from "../platform/db/database.server";
import { getPublicSettings, type SettingsMap } from "./site-settings.server";
import { SETTING_KEYS } from "~/lib/site/site-setting-keys";

/**
 * Copy with the company's details filled in from these settings. Even when the settings cannot be
 * read, the copy names the company (the fallback name) rather than showing "{{company_name}}".
 */
export function fillCompanyDetails<T>(copy: T, settings: SettingsMap): T {
  return fillPlaceholdersDeep(copy, {
    ...settings,
    [SETTING_KEYS.companyName]: siteIdentityFromSettings(settings).companyName,
  });
}

/**
 * Filled copy per settings map: the public settings are cached as one object until the CMS changes
 * them, so each page's copy is filled once per change rather than once per request.
 */
const filledCopy = new WeakMap<SettingsMap, WeakMap<object, unknown>>();

export async function withCompanyDetails<T extends object>(copy: T): Promise<T> {
  const settings = await getPublicSettings(getDb);
  let forSettings = filledCopy.get(settings);
  if (!forSettings) {
    forSettings = new WeakMap();
    filledCopy.set(settings, forSettings);
  }
  const known = forSettings.get(copy);
  if (known) return known as T;
  const filled = fillCompanyDetails(copy, settings);
  forSettings.set(copy, filled);
  return filled;
}

type FamilyPageOf<Template extends FamilyPage["template"]> = Extract<FamilyPage, { template: Template }>["page"];

/**
 * The page of one family (overview, service page or case study) at the request's address, with
 * the company's details filled in; a 404 when the address shows no page of that family.
 */
export async function loadFamilyPage<Template extends FamilyPage["template"]>(
  request: Request,
  template: Template,
): Promise<FamilyPageOf<Template>> {
  const entry = findFamilyPage(new URL(request.url).pathname);
  if (entry?.template !== template) throw data(null, { status: 404 });
  // The template check above is what narrows the page's type; TypeScript cannot follow it.
  return (await withCompanyDetails(entry.page)) as FamilyPageOf<Template>;
}
