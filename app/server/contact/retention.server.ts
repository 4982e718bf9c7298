/**
 * Attachment retention (the privacy statement says how long CVs are kept): the stored files
 * of submissions marked resolved or spam that are older than `attachment_retention_days` (a site
 * setting, 180 days when absent or invalid) are deleted and the submission forgets them. Safe to
 * run again: a file already gone is not an error, and a cleared submission is not found again.
 */
import { and, eq, inArray, isNotNull, lt } from "drizzle-orm";
import { contactSubmissions, siteSettings } from "../../db/schema";
import type { Database } from "../platform/db/db.server";
import type { FileStorage } from "../platform/storage.server";
import { SETTING_KEYS } from "../../lib/site/site-setting-keys";

export const RETENTION_SETTING_KEY = SETTING_KEYS.attachmentRetentionDays;
export const DEFAULT_RETENTION_DAYS = 180;
export const RETAINED_STATUSES = ["resolved", "spam"] as const;

/** The retention period in whole days from the site settings; the default when missing or invalid. */
export async function getRetentionDays(db: Database): Promise<number> {
  const [row] = await db
    .select({ value: siteSettings.settingValue })
    .from(siteSettings)
    .where(eq(siteSettings.settingKey, RETENTION_SETTING_KEY));
  const value = row?.value?.trim() ?? "";
  if (!/^\d+$/.test(value)) return DEFAULT_RETENTION_DAYS;
  const days = Number(value);
  return Number.isSafeInteger(days) && days >= 0 ? days : DEFAULT_RETENTION_DAYS;
}

export interface RetentionResult {
  days: number;
  cutoff: Date;
  /** Submissions whose attachment was deleted. */
  removed: { id: string; key: string; filename: string | null }[];
  /** Submissions whose attachment could not be deleted; they keep it and are tried next time. */
  failed: { id: string; key: string; error: string }[];
}

/** Deletes the attachments of resolved and spam submissions created before now minus the retention period. */
export async function purgeExpiredAttachments(
  db: Database,
  storage: FileStorage,
  options: { now?: Date; days?: number } = {},
): Promise<RetentionResult> {
  const days = options.days ?? (await getRetentionDays(db));
  const cutoff = new Date((options.now ?? new Date()).getTime() - days * 24 * 60 * 60 * 1000);
  const expired = await db
    .select({
      id: contactSubmissions.id,
      key: contactSubmissions.attachmentUrl,
      filename: contactSubmissions.attachmentFilename,
    })
    .from(contactSubmissions)
    .where(
      and(
        inArray(contactSubmissions.status, [...RETAINED_STATUSES]),
        // updated_at: when the status last changed, i.e. when it was resolved or marked spam, which
        // is when the privacy statement's retention period starts.
        lt(contactSubmissions.updatedAt, cutoff),
        isNotNull(contactSubmissions.attachmentUrl),
      ),
    );
  const result: RetentionResult = { days, cutoff, removed: [], failed: [] };
  for (const row of expired) {
    const key = row.key!;
    try {
      await storage.remove(key);
      await db
        .update(contactSubmissions)
        .set({ attachmentUrl: null, attachmentFilename: null, updatedAt: new Date() })
        .where(and(eq(contactSubmissions.id, row.id), eq(contactSubmissions.attachmentUrl, key)));
      result.removed.push({ id: row.id, key, filename: row.filename });
    } catch (error) {
      result.failed.push({ id: row.id, key, error: error instanceof Error ? error.message : String(error) });
    }
  }
  return result;
}
