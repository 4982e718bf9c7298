/** Site settings (site_settings): the company's identity and other values an admin can change. */
import { asc, eq } from "drizzle-orm";
import { siteSettings } from "../../db/schema";
import type { SettingType } from "../../lib/enums";
import { checkSettingValue, SETTING_KEY_MESSAGE, SETTING_KEY_PATTERN } from "../../lib/schemas/site-settings";
import { auditedChange, type Actor } from "../platform/audit.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { ExpectedError } from "../platform/errors.server";

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

/* ------------------------------------------------------------------------------------------------
 * Administration (the CMS Site Settings tab). Every write forgets the cached public map, so public
 * pages show the new value on their next request.
 * ---------------------------------------------------------------------------------------------- */

export type SiteSetting = typeof siteSettings.$inferSelect;

function settingsChanged(): void {
  invalidate(PUBLIC_SETTINGS_CACHE_KEY);
}

/** Every setting, public and private, ordered by key (for administrators only). */
export async function listSettings(db: Database): Promise<SiteSetting[]> {
  return db.select().from(siteSettings).orderBy(asc(siteSettings.settingKey));
}

/** Every setting (public and private) as key → value, for the e-mails the site sends. */
export async function settingsForMail(db: Database): Promise<SettingsMap> {
  const rows = await listSettings(db);
  return Object.fromEntries(rows.map((row) => [row.settingKey, row.settingValue]));
}

export async function findSetting(db: Database, settingKey: string): Promise<SiteSetting | undefined> {
  const [setting] = await db.select().from(siteSettings).where(eq(siteSettings.settingKey, settingKey));
  return setting;
}

const ENTITY = "site_settings";

/** A private setting's value may be sensitive: the audit log says that it changed, not what to. */
const valueIfPublic = (setting: SiteSetting) => (setting.isPublic ? { settingValue: setting.settingValue } : {});

/** A setting as the audit history may show it: a private setting's value is left out (see valueIfPublic). */
const auditable = (setting: SiteSetting) => (setting.isPublic ? setting : { ...setting, settingValue: undefined });

/**
 * Runs one administrator's change to a setting with its audit entry, then forgets the public map.
 * `before` is the row as it was (a change of value keeps its before and after in the log).
 */
async function changeSetting(
  db: Database,
  actor: Actor,
  action: string,
  change: (tx: Database) => Promise<SiteSetting>,
  details: (setting: SiteSetting) => Record<string, unknown>,
  before?: () => SiteSetting | undefined,
): Promise<SiteSetting> {
  const setting = await auditedChange(db, actor, change, (row) => {
    const previous = before?.();
    return {
      action,
      entity: ENTITY,
      entityId: row.id,
      details: details(row),
      ...(previous ? { before: auditable(previous), after: auditable(row) } : {}),
    };
  });
  settingsChanged();
  return setting;
}

/** Adds a setting; its value must fit its type, and the key must be new. */
export function createSetting(
  db: Database,
  actor: Actor,
  input: {
    settingKey: string;
    settingValue: string;
    settingType: SettingType;
    description?: string | null;
    isPublic?: boolean;
  },
): Promise<SiteSetting> {
  if (!SETTING_KEY_PATTERN.test(input.settingKey)) {
    return Promise.reject(new ExpectedError(SETTING_KEY_MESSAGE, { field: "settingKey" }));
  }
  const checked = checkSettingValue(input.settingType, input.settingValue, input.settingKey);
  if (!checked.success) return Promise.reject(new ExpectedError(checked.error, { field: "settingValue" }));
  return changeSetting(
    db,
    actor,
    "site_setting.create",
    async (tx) => {
      const [setting] = await tx
        .insert(siteSettings)
        .values({
          settingKey: input.settingKey,
          settingValue: checked.value,
          settingType: input.settingType,
          description: input.description ?? null,
          isPublic: input.isPublic ?? true,
        })
        .onConflictDoNothing({ target: siteSettings.settingKey })
        .returning();
      if (!setting) {
        throw new ExpectedError(`A setting with the key "${input.settingKey}" already exists.`, {
          field: "settingKey",
        });
      }
      return setting;
    },
    (setting) => ({
      settingKey: setting.settingKey,
      settingType: setting.settingType,
      isPublic: setting.isPublic,
      ...valueIfPublic(setting),
    }),
  );
}

const notFound = () => new ExpectedError("Setting not found.", { status: 404, field: "settingValue" });

/** Changes one setting's value (SPEC.md section 7: by setting_key), checked against its stored type. */
export function updateSettingValue(
  db: Database,
  actor: Actor,
  settingKey: string,
  value: string,
): Promise<SiteSetting> {
  let existing: SiteSetting | undefined;
  return changeSetting(
    db,
    actor,
    "site_setting.update",
    async (tx) => {
      existing = await findSetting(tx, settingKey);
      if (!existing) throw notFound();
      const checked = checkSettingValue(existing.settingType as SettingType, value, settingKey);
      if (!checked.success) throw new ExpectedError(checked.error, { field: "settingValue" });
      const [setting] = await tx
        .update(siteSettings)
        .set({ settingValue: checked.value, updatedAt: new Date() })
        .where(eq(siteSettings.settingKey, settingKey))
        .returning();
      if (!setting) throw notFound();
      return setting;
    },
    (setting) => ({ settingKey: setting.settingKey, ...valueIfPublic(setting) }),
    () => existing,
  );
}

export function deleteSetting(db: Database, actor: Actor, settingKey: string): Promise<SiteSetting> {
  return changeSetting(
    db,
    actor,
    "site_setting.delete",
    async (tx) => {
      const [setting] = await tx.delete(siteSettings).where(eq(siteSettings.settingKey, settingKey)).returning();
      if (!setting) throw notFound();
      return setting;
    },
    (setting) => ({ settingKey: setting.settingKey }),
  );
}
