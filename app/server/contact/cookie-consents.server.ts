/**
 * Cookie consent records (cookie_consents): proof of what each visitor chose, under which version
 * of the cookie policy, and when. The CMS's Consent view searches them by id and date
 * and exports them (consents-export.server.ts).
 */
import { and, count, desc, eq, gte, lt, type SQL } from "drizzle-orm";
import { cookieConsents } from "../../db/schema";
import { COOKIE_POLICY_VERSION } from "../../lib/consent/cookie-consent";
import { PAGE_SIZE } from "../../lib/cms/pagination";
import type { ConsentRecordInput } from "../../lib/schemas/cookie-consent";
import type { Database } from "../platform/db/db.server";

/** The setting an administrator changes to ask every visitor again without a release. */
export const COOKIE_POLICY_VERSION_SETTING = "cookie_policy_version";

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The cookie policy's version the site serves: the later of the code's (the policy's "last
 * updated" date, COOKIE_POLICY_VERSION) and the `cookie_policy_version` setting, when that is a
 * date. A later date in the setting asks everyone again; an earlier one, or anything but a date,
 * cannot take back a version the code has moved past.
 */
export function currentCookiePolicyVersion(settings: Readonly<Record<string, string>>): string {
  const setting = settings[COOKIE_POLICY_VERSION_SETTING]?.trim() ?? "";
  return ISO_DAY.test(setting) && setting > COOKIE_POLICY_VERSION ? setting : COOKIE_POLICY_VERSION;
}

export type CookieConsent = typeof cookieConsents.$inferSelect;

/** Records a choice under the policy version the site serves now; answers the record's id and that version. */
export async function recordCookieConsent(
  db: Database,
  input: ConsentRecordInput,
  policyVersion: string,
): Promise<{ id: string; policyVersion: string }> {
  // Only "customized" carries the visitor's own toggles; the other two choices fix every category.
  const categories =
    input.choice === "customized"
      ? { functional: input.functional, performance: input.performance, targeting: input.targeting }
      : {
          functional: input.choice === "accepted",
          performance: input.choice === "accepted",
          targeting: input.choice === "accepted",
        };
  const [row] = await db
    .insert(cookieConsents)
    .values({ choice: input.choice, strictlyNecessary: true, ...categories, policyVersion })
    .returning({ id: cookieConsents.id, policyVersion: cookieConsents.policyVersion });
  if (!row) throw new Error("The consent record was not stored");
  return row;
}

/** What the Consent view searches by: one record's id, and/or a time range [from, until). */
export interface ConsentFilter {
  id?: string;
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

function whereOf(filter: ConsentFilter): SQL | undefined {
  return and(
    filter.id ? eq(cookieConsents.id, filter.id) : undefined,
    filter.from ? gte(cookieConsents.createdAt, filter.from) : undefined,
    filter.until ? lt(cookieConsents.createdAt, filter.until) : undefined,
  );
}

/** One page of matching records, newest first, with how many match in all. */
export async function searchCookieConsents(
  db: Database,
  filter: ConsentFilter,
  options: { page?: number; pageSize?: number } = {},
): Promise<{ consents: CookieConsent[]; total: number }> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const page = Math.max(1, options.page ?? 1);
  const where = whereOf(filter);
  const [consents, [counted]] = await Promise.all([
    db
      .select()
      .from(cookieConsents)
      .where(where)
      .orderBy(desc(cookieConsents.createdAt), desc(cookieConsents.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(cookieConsents).where(where),
  ]);
  return { consents, total: counted?.total ?? 0 };
}

/** Every matching record, newest first (the CSV export). */
export async function listCookieConsents(db: Database, filter: ConsentFilter): Promise<CookieConsent[]> {
  return db
    .select()
    .from(cookieConsents)
    .where(whereOf(filter))
    .orderBy(desc(cookieConsents.createdAt), desc(cookieConsents.id));
}
