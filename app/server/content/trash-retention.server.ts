/**
 * The trash's retention: content, job openings and courses deleted more than 30 days ago
 * are deleted for good. Run by `npm run retention` (scripts/retention.ts) with the attachments'
 * retention; safe to run again.
 */
import { TRASH_RETENTION_DAYS } from "../../lib/cms/trash";
import { purgeTrashedCareers } from "../careers/careers.server";
import { purgeTrashedCourses } from "../commerce/courses.server";
import type { Database } from "../platform/db/db.server";
import { purgeTrashedContent } from "./content.server";

export interface TrashPurgeResult {
  cutoff: Date;
  content: { id: string; title: string }[];
  careers: { id: string; title: string }[];
  courses: { id: string; title: string }[];
}

export async function purgeExpiredTrash(db: Database, now = new Date()): Promise<TrashPurgeResult> {
  const cutoff = new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60 * 1000);
  return {
    cutoff,
    content: await purgeTrashedContent(db, cutoff),
    careers: await purgeTrashedCareers(db, cutoff),
    courses: await purgeTrashedCourses(db, cutoff),
  };
}
