/**
 * The demo content (app/db/seed.ts, app/db/seed-data.ts): a new database gets every table filled with the
 * spec's data, and seeding again adds nothing and never overwrites what an administrator changed.
 */
import { asc, count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  careers,
  content,
  contentBlocks,
  navigationItems,
  pageContent,
  siteSettings,
  trainingCourses,
} from "../../app/db/schema";
import { seedDatabase } from "../../app/db/seed";
import { CONTENT_TYPES } from "~/lib/enums";
import type { Database } from "~/server/platform/db/db.server";
import { createTestDatabase, type TestDatabase } from "./database";

const SEEDED_TABLES = {
  site_settings: siteSettings,
  content,
  page_content: pageContent,
  navigation_items: navigationItems,
  training_courses: trainingCourses,
  careers,
  content_blocks: contentBlocks,
} satisfies Record<string, PgTable>;

async function rowCounts(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(SEEDED_TABLES)) {
    const [row] = await db.select({ rows: count() }).from(table);
    counts[name] = row?.rows ?? 0;
  }
  return counts;
}

describe("seeding a new database", () => {
  let database: TestDatabase;
  let seeded: boolean;
  beforeAll(async () => {
    database = await createTestDatabase();
    seeded = await seedDatabase(database.db, { onlyIfEmpty: true });
  });
  afterAll(() => database.destroy());

  it("returns true: onlyIfEmpty seeds a database without settings", () => {
    expect(seeded).toBe(true);
  });

  it("fills every table it owns", async () => {
    const counts = await rowCounts(database.db);
    for (const [table, rows] of Object.entries(counts)) {
      expect(rows, `rows in ${table}`).toBeGreaterThan(0);
    }
  });

  it("adds the six training courses with the spec's prices and original prices", async () => {
    const courses = await database.db
      .select({ price: trainingCourses.price, originalPrice: trainingCourses.originalPrice })
      .from(trainingCourses)
      .orderBy(asc(trainingCourses.price));
    const expected = [
      [1299, 1599],
      [1599, 1999],
      [999, 1299],
      [1399, 1799],
      [899, 1199],
      [1699, 2199],
    ].sort((a, b) => a[0]! - b[0]!);
    expect(courses.map((course) => [course.price, course.originalPrice])).toEqual(expected);
  });

  it("fills every field of each course", async () => {
    const courses = await database.db.select().from(trainingCourses);
    expect(courses).toHaveLength(6);
    for (const course of courses) {
      const label = course.name;
      expect(course.name.trim(), label).not.toBe("");
      expect(course.description.trim(), label).not.toBe("");
      expect(course.duration, label).toMatch(/\d+ hours/);
      expect(course.level.trim(), label).not.toBe("");
      expect(course.instructor?.trim(), label).toBeTruthy();
      expect(course.lastUpdated, label).toMatch(/^[A-Z][a-z]+ \d{4}$/);
      expect(course.emoji.trim(), label).not.toBe("");
      expect(course.features.length, label).toBeGreaterThan(3);
      expect(
        course.features.every((feature) => feature.trim() !== ""),
        label,
      ).toBe(true);
      expect(course.rating, label).toBeGreaterThan(0);
      expect(course.rating, label).toBeLessThanOrEqual(5);
      expect(course.students, label).toBeGreaterThan(0);
      expect(course.isActive, label).toBe(true);
    }
  });

  it("adds three or four careers, at least one of them inactive", async () => {
    const rows = await database.db.select({ isActive: careers.isActive }).from(careers);
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.length).toBeLessThanOrEqual(4);
    expect(rows.some((row) => !row.isActive)).toBe(true);
    expect(rows.some((row) => row.isActive)).toBe(true);
  });

  it.each(CONTENT_TYPES)("adds published and draft content of type %s", async (type) => {
    const rows = await database.db
      .select({ status: content.status, publishedAt: content.publishedAt })
      .from(content)
      .where(eq(content.type, type));
    const statuses = rows.map((row) => row.status);
    expect(statuses).toContain("published");
    expect(statuses).toContain("draft");
    for (const row of rows) expect(row.publishedAt !== null).toBe(row.status === "published");
  });

  it("adds content blocks of at least four distinct types", async () => {
    const rows = await database.db.select({ blockType: contentBlocks.blockType }).from(contentBlocks);
    expect(new Set(rows.map((row) => row.blockType)).size).toBeGreaterThanOrEqual(4);
  });

  it("adds the main menu Home, About, Services, Training, Contact, Legal in that order", async () => {
    const rows = await database.db
      .select({ title: navigationItems.title })
      .from(navigationItems)
      .where(eq(navigationItems.menuPosition, "main"))
      .orderBy(asc(navigationItems.sortOrder));
    expect(rows.map((row) => row.title)).toEqual(["Home", "About", "Services", "Training", "Contact", "Legal"]);
  });

  it("adds the company identity settings, with values", async () => {
    const rows = await database.db
      .select({ key: siteSettings.settingKey, value: siteSettings.settingValue, isPublic: siteSettings.isPublic })
      .from(siteSettings);
    const byKey = new Map(rows.map((row) => [row.key, row]));
    for (const key of [
      "site_title",
      "site_description",
      "company_name",
      "contact_email",
      "phone_primary",
      "address_uk",
      "address_us",
      "social_facebook_url",
      "social_linkedin_url",
      "social_twitter_url",
    ]) {
      expect(byKey.get(key)?.value.trim(), key).toBeTruthy();
      // The layout reads these from the public settings, so they must be public.
      expect(byKey.get(key)?.isPublic, key).toBe(true);
    }
  });

  it("adds the professional-training page content", async () => {
    const rows = await database.db.select().from(pageContent).where(eq(pageContent.slug, "professional-training"));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.title.trim()).not.toBe("");
    expect(rows[0]?.content.trim()).not.toBe("");
  });
});

describe("seeding again", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDatabase(database.db);
  });
  afterAll(() => database.destroy());

  it("changes no table's row count", async () => {
    const before = await rowCounts(database.db);
    await expect(seedDatabase(database.db)).resolves.toBe(true);
    expect(await rowCounts(database.db)).toEqual(before);
  });

  it("keeps a setting value an administrator edited", async () => {
    await database.db
      .update(siteSettings)
      .set({ settingValue: "Renamed Ltd" })
      .where(eq(siteSettings.settingKey, "company_name"));
    await seedDatabase(database.db);
    const [row] = await database.db
      .select({ value: siteSettings.settingValue })
      .from(siteSettings)
      .where(eq(siteSettings.settingKey, "company_name"));
    expect(row?.value).toBe("Renamed Ltd");
  });

  it("with onlyIfEmpty, returns false and adds nothing when settings exist", async () => {
    // Empty one table the seed would otherwise refill, to see that onlyIfEmpty really skips it.
    await database.db.delete(navigationItems);
    const before = await rowCounts(database.db);
    expect(before.navigation_items).toBe(0);

    await expect(seedDatabase(database.db, { onlyIfEmpty: true })).resolves.toBe(false);
    expect(await rowCounts(database.db)).toEqual(before);

    // Without the option, the missing menu comes back.
    await seedDatabase(database.db);
    expect((await rowCounts(database.db)).navigation_items).toBe(6);
  });
});
