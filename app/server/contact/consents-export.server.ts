/**
 * The consent log as a CSV file (CMS, Consent view): proof of what was chosen, under which policy
 * version, and when, one row per record. Cells go through platform/csv.server.ts (quoting and the
 * formula-injection guard shared by every export).
 */
import { csvDocument } from "../platform/csv.server";
import type { Database } from "../platform/db/db.server";
import { isoDay } from "../../lib/text/format";
import { listCookieConsents, type ConsentFilter } from "./cookie-consents.server";

export const CONSENT_CSV_COLUMNS = [
  "consent_id",
  "recorded_at",
  "choice",
  "strictly_necessary",
  "functional",
  "performance",
  "targeting",
  "policy_version",
] as const;

const yesNo = (value: boolean) => (value ? "yes" : "no");

export async function exportConsentsCsv(db: Database, filter: ConsentFilter): Promise<string> {
  const rows = await listCookieConsents(db, filter);
  return csvDocument(
    CONSENT_CSV_COLUMNS,
    rows.map((row) => [
      row.id,
      row.createdAt.toISOString(),
      row.choice,
      yesNo(row.strictlyNecessary),
      yesNo(row.functional),
      yesNo(row.performance),
      yesNo(row.targeting),
      row.policyVersion,
    ]),
  );
}

export function consentsExportFilename(now = new Date()): string {
  return `cookie-consents-${isoDay(now)}.csv`;
}
