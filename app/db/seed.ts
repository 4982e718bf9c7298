/**
 * Fills a database with the company's demo content. Idempotent: it only adds what is missing, so
 * running it twice changes nothing and it never overwrites what an administrator has edited.
 * - settings, content and page content are matched by their unique key (setting_key, slug);
 * - navigation, courses, careers and blocks have no natural key, so each is seeded only while
 *   its table is empty.
 */
import { count } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../server/platform/db/db.server";
import { careers, content, contentBlocks, navigationItems, pageContent, siteSettings, trainingCourses } from "./schema";
import {
  seedCareers,
  seedContent,
  seedContentBlocks,
  seedNavigationItems,
  seedSiteSettings,
  seedTrainingCourses,
  seedTrainingPageContent,
} from "./seed-data";

async function isEmpty(db: Database, table: PgTable): Promise<boolean> {
  const [row] = await db.select({ rows: count() }).from(table);
  return (row?.rows ?? 0) === 0;
}

/**
 * Seeds the demo content. With `onlyIfEmpty`, a database that already has site settings (one
 * that was seeded or set up before) is left alone; returns whether anything was seeded.
 */
export async function seedDatabase(db: Database, options: { onlyIfEmpty?: boolean } = {}): Promise<boolean> {
  if (options.onlyIfEmpty && !(await isEmpty(db, siteSettings))) return false;

  await db.transaction(async (tx) => {
    const transaction = tx as unknown as Database;
    await tx.insert(siteSettings).values(seedSiteSettings).onConflictDoNothing({ target: siteSettings.settingKey });
    await tx.insert(content).values(seedContent).onConflictDoNothing({ target: content.slug });
    await tx.insert(pageContent).values(seedTrainingPageContent).onConflictDoNothing({ target: pageContent.slug });
    if (await isEmpty(transaction, navigationItems)) await tx.insert(navigationItems).values(seedNavigationItems);
    if (await isEmpty(transaction, trainingCourses)) await tx.insert(trainingCourses).values(seedTrainingCourses);
    if (await isEmpty(transaction, careers)) await tx.insert(careers).values(seedCareers);
    if (await isEmpty(transaction, contentBlocks)) await tx.insert(contentBlocks).values(seedContentBlocks);
  });
  return true;
}
