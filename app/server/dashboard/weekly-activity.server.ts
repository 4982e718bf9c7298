/**
 * The dashboard's weekly counts: enquiries and job applications, and cookie choices, per London
 * week (Monday to Sunday, as date_trunc('week') counts), summed by the database, not in memory.
 */
import { and, gte, lt, ne, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { contactSubmissions, cookieConsents } from "../../db/schema";
import type { Database } from "../platform/db/db.server";
import { weeksOf, type DateRange } from "./date-range.server";

/** The London week of a timestamp, as its Monday `YYYY-MM-DD` (the zone is a literal: GROUP BY repeats the text). */
export function londonWeek(column: AnyPgColumn): SQL<string> {
  return sql<string>`to_char(date_trunc('week', ${column} at time zone 'Europe/London'), 'YYYY-MM-DD')`;
}

/**
 * A job application, told apart from an enquiry as the notification mail tells them apart
 * (contact-mail.server.ts): it carries a CV, or its subject is the careers page's "Application for …".
 */
const isApplication = sql`(${contactSubmissions.attachmentFilename} is not null or ${contactSubmissions.subject} ~* '^\\s*application for ')`;

export interface SubmissionsWeek {
  week: string;
  enquiries: number;
  applications: number;
}

/** Enquiries and applications per week of the range; spam the anti-bot rules held back is not counted. */
export async function submissionsPerWeek(db: Database, range: DateRange): Promise<SubmissionsWeek[]> {
  const week = londonWeek(contactSubmissions.createdAt);
  const rows = await db
    .select({
      week,
      enquiries: sql<number>`(count(*) filter (where not ${isApplication}))::int`,
      applications: sql<number>`(count(*) filter (where ${isApplication}))::int`,
    })
    .from(contactSubmissions)
    .where(
      and(
        gte(contactSubmissions.createdAt, range.start),
        lt(contactSubmissions.createdAt, range.end),
        ne(contactSubmissions.status, "spam"),
      ),
    )
    .groupBy(week);
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeksOf(range).map((key) => ({
    week: key,
    enquiries: Number(byWeek.get(key)?.enquiries ?? 0),
    applications: Number(byWeek.get(key)?.applications ?? 0),
  }));
}

export interface ConsentWeek {
  week: string;
  accepted: number;
  rejected: number;
  customized: number;
}

/** Cookie choices per week of the range: accepted all, rejected all, or chose their own. */
export async function consentChoicesPerWeek(db: Database, range: DateRange): Promise<ConsentWeek[]> {
  const week = londonWeek(cookieConsents.createdAt);
  const choice = (name: string) => sql<number>`(count(*) filter (where ${cookieConsents.choice} = ${name}))::int`;
  const rows = await db
    .select({ week, accepted: choice("accepted"), rejected: choice("rejected"), customized: choice("customized") })
    .from(cookieConsents)
    .where(and(gte(cookieConsents.createdAt, range.start), lt(cookieConsents.createdAt, range.end)))
    .groupBy(week);
  const byWeek = new Map(rows.map((row) => [row.week, row]));
  return weeksOf(range).map((key) => ({
    week: key,
    accepted: Number(byWeek.get(key)?.accepted ?? 0),
    rejected: Number(byWeek.get(key)?.rejected ?? 0),
    customized: Number(byWeek.get(key)?.customized ?? 0),
  }));
}
