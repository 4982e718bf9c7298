/**
 * The database itself refuses rows the product does not understand (app/db/schema/): enumerations
 * from app/lib/enums.ts, unique keys, normalised e-mails, the published_at rule, sane course prices
 * and the other check constraints. It also fills in the documented defaults.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  careers,
  contactSubmissions,
  content,
  contentBlocks,
  cookieConsents,
  navigationItems,
  siteSettings,
  trainingCourses,
  users,
} from "../../app/db/schema";
import {
  BLOCK_TYPES,
  CAREER_TYPES,
  CONSENT_CHOICES,
  CONTACT_STATUSES,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  SETTING_TYPES,
  USER_ROLES,
} from "~/lib/enums";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** A value no other test in this file uses, for unique columns. */
let counter = 0;
const unique = (prefix: string) => `${prefix}${++counter}`;

/**
 * Awaits a query that must fail and checks which constraint refused it. Drizzle wraps the driver's
 * error; both PGlite and node-postgres put the constraint's name on the wrapped `cause`.
 */
async function expectRefusedBy(query: PromiseLike<unknown>, constraint: string): Promise<void> {
  const error: unknown = await Promise.resolve(query).then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error, `the database accepted a row that ${constraint} should refuse`).toBeInstanceOf(Error);
  const cause = (error as { cause?: { constraint?: string; message?: string } }).cause;
  expect(cause?.constraint ?? cause?.message ?? String(error)).toContain(constraint);
}

const contactRow = (overrides: Partial<typeof contactSubmissions.$inferInsert> = {}) => ({
  name: "Ada Lovelace",
  email: "ada@example.com",
  subject: "Hello",
  message: "A question about training.",
  ...overrides,
});

const contentRow = (overrides: Partial<typeof content.$inferInsert> = {}) => ({
  title: "A page",
  slug: unique("page-"),
  ...overrides,
});

const courseRow = (overrides: Partial<typeof trainingCourses.$inferInsert> = {}) => ({
  name: "A course",
  description: "What it teaches.",
  duration: "40 hours",
  level: "Beginner",
  price: 999,
  ...overrides,
});

const userRow = (overrides: Partial<typeof users.$inferInsert> = {}) => ({
  email: `${unique("user")}@example.com`,
  passwordHash: "not-a-real-hash",
  role: "editor",
  ...overrides,
});

const consentRow = (overrides: Partial<typeof cookieConsents.$inferInsert> = {}) => ({
  choice: "accepted",
  functional: true,
  performance: true,
  targeting: true,
  policyVersion: "2025-07-14",
  ...overrides,
});

describe("enumerated columns refuse values outside app/lib/enums.ts", () => {
  it("refuses an unknown contact submission status", async () => {
    await expectRefusedBy(
      database.db.insert(contactSubmissions).values(contactRow({ status: "archived" })),
      "contact_submissions_status_check",
    );
  });

  it("refuses an unknown content type", async () => {
    await expectRefusedBy(database.db.insert(content).values(contentRow({ type: "landing" })), "content_type_check");
  });

  it("refuses an unknown content status", async () => {
    await expectRefusedBy(
      database.db.insert(content).values(contentRow({ status: "deleted" })),
      "content_status_check",
    );
  });

  it("refuses an unknown block type", async () => {
    await expectRefusedBy(
      database.db.insert(contentBlocks).values({ name: "Block", blockType: "carousel" }),
      "content_blocks_block_type_check",
    );
  });

  it("refuses an unknown career type, including a differently cased known one", async () => {
    await expectRefusedBy(
      database.db.insert(careers).values({ title: "Job", type: "Freelance" }),
      "careers_type_check",
    );
    await expectRefusedBy(
      database.db.insert(careers).values({ title: "Job", type: "full-time" }),
      "careers_type_check",
    );
  });

  it("refuses an unknown consent choice", async () => {
    await expectRefusedBy(
      database.db.insert(cookieConsents).values(consentRow({ choice: "maybe" })),
      "cookie_consents_choice_check",
    );
  });

  it("refuses an unknown setting type", async () => {
    await expectRefusedBy(
      database.db.insert(siteSettings).values({ settingKey: unique("key_"), settingType: "colour" }),
      "site_settings_setting_type_check",
    );
  });

  it("refuses an unknown user role", async () => {
    await expectRefusedBy(database.db.insert(users).values(userRow({ role: "superuser" })), "users_role_check");
  });
});

describe("enumerated columns accept every value of app/lib/enums.ts", () => {
  it.each(CONTACT_STATUSES)("contact status %s", async (status) => {
    await expect(database.db.insert(contactSubmissions).values(contactRow({ status }))).resolves.toBeDefined();
  });

  it.each(CONTENT_TYPES)("content type %s", async (type) => {
    await expect(database.db.insert(content).values(contentRow({ type }))).resolves.toBeDefined();
  });

  it.each(CONTENT_STATUSES)("content status %s", async (status) => {
    const publishedAt = status === "published" ? new Date() : null;
    await expect(database.db.insert(content).values(contentRow({ status, publishedAt }))).resolves.toBeDefined();
  });

  it.each(BLOCK_TYPES)("block type %s", async (blockType) => {
    await expect(database.db.insert(contentBlocks).values({ name: "Block", blockType })).resolves.toBeDefined();
  });

  it.each(CAREER_TYPES)("career type %s", async (type) => {
    await expect(database.db.insert(careers).values({ title: "Job", type })).resolves.toBeDefined();
  });

  it.each(CONSENT_CHOICES)("consent choice %s", async (choice) => {
    await expect(database.db.insert(cookieConsents).values(consentRow({ choice }))).resolves.toBeDefined();
  });

  it.each(SETTING_TYPES)("setting type %s", async (settingType) => {
    await expect(
      database.db.insert(siteSettings).values({ settingKey: unique("key_"), settingType }),
    ).resolves.toBeDefined();
  });

  it.each(USER_ROLES)("user role %s", async (role) => {
    await expect(database.db.insert(users).values(userRow({ role }))).resolves.toBeDefined();
  });
});

describe("unique keys", () => {
  it("refuses a second content item with the same slug", async () => {
    const slug = unique("shared-slug-");
    await database.db.insert(content).values(contentRow({ slug }));
    await expectRefusedBy(
      database.db.insert(content).values(contentRow({ slug, title: "Another page" })),
      "content_slug_unique",
    );
  });

  it("refuses a second site setting with the same setting_key", async () => {
    const settingKey = unique("shared_key_");
    await database.db.insert(siteSettings).values({ settingKey, settingValue: "first" });
    await expectRefusedBy(
      database.db.insert(siteSettings).values({ settingKey, settingValue: "second" }),
      "site_settings_setting_key_unique",
    );
  });

  it("refuses a second user with the same e-mail", async () => {
    const email = `${unique("twin")}@example.com`;
    await database.db.insert(users).values(userRow({ email }));
    await expectRefusedBy(database.db.insert(users).values(userRow({ email })), "users_email_unique");
  });
});

describe("user e-mails are stored normalised", () => {
  it("refuses an e-mail with upper-case letters", async () => {
    await expectRefusedBy(
      database.db.insert(users).values(userRow({ email: "Admin@Example.com" })),
      "users_email_normalised_check",
    );
  });

  it("refuses an e-mail with surrounding spaces", async () => {
    await expectRefusedBy(
      database.db.insert(users).values(userRow({ email: " admin@example.com " })),
      "users_email_normalised_check",
    );
  });
});

describe("content published_at: a published item has one, an unpublished one keeps its first publication's (decision 015)", () => {
  it("refuses a published item without published_at", async () => {
    await expectRefusedBy(
      database.db.insert(content).values(contentRow({ status: "published", publishedAt: null })),
      "content_published_at_check",
    );
  });

  it("accepts a draft or an archived item that keeps the date it was first published", async () => {
    for (const status of ["draft", "archived"]) {
      const [row] = await database.db
        .insert(content)
        .values(contentRow({ status, slug: `kept-date-${status}`, publishedAt: new Date() }))
        .returning({ publishedAt: content.publishedAt });
      expect(row?.publishedAt).toBeInstanceOf(Date);
    }
  });

  it("refuses pending changes that are not an object", async () => {
    await expectRefusedBy(
      database.db
        .insert(content)
        .values(contentRow({ slug: "bad-draft", draft: ["x"] as unknown as Record<string, unknown> })),
      "content_draft_object_check",
    );
  });

  it("refuses an update that publishes without setting published_at", async () => {
    const [row] = await database.db.insert(content).values(contentRow()).returning({ id: content.id });
    await expectRefusedBy(
      database.db.update(content).set({ status: "published" }).where(eq(content.id, row!.id)),
      "content_published_at_check",
    );
  });
});

describe("training course prices and ratings", () => {
  it("refuses a price of zero", async () => {
    await expectRefusedBy(
      database.db.insert(trainingCourses).values(courseRow({ price: 0, originalPrice: null })),
      "training_courses_price_positive",
    );
  });

  it("refuses a negative price", async () => {
    await expectRefusedBy(
      database.db.insert(trainingCourses).values(courseRow({ price: -10, originalPrice: null })),
      "training_courses_price_positive",
    );
  });

  it("refuses an original price below the price", async () => {
    await expectRefusedBy(
      database.db.insert(trainingCourses).values(courseRow({ price: 1299, originalPrice: 1298.99 })),
      "training_courses_original_price_check",
    );
  });

  it("accepts an original price equal to the price, or none", async () => {
    await expect(
      database.db.insert(trainingCourses).values(courseRow({ price: 1299, originalPrice: 1299 })),
    ).resolves.toBeDefined();
    await expect(
      database.db.insert(trainingCourses).values(courseRow({ price: 1299, originalPrice: null })),
    ).resolves.toBeDefined();
  });

  it("refuses a rating above 5", async () => {
    await expectRefusedBy(
      database.db.insert(trainingCourses).values(courseRow({ rating: 5.1 })),
      "training_courses_rating_range",
    );
  });

  it("accepts ratings from 0 to 5", async () => {
    await expect(database.db.insert(trainingCourses).values(courseRow({ rating: 0 }))).resolves.toBeDefined();
    await expect(database.db.insert(trainingCourses).values(courseRow({ rating: 5 }))).resolves.toBeDefined();
  });

  it("refuses a negative number of students", async () => {
    await expectRefusedBy(
      database.db.insert(trainingCourses).values(courseRow({ students: -1 })),
      "training_courses_students_non_negative",
    );
  });

  it("keeps pounds and pence exactly", async () => {
    const [row] = await database.db
      .insert(trainingCourses)
      .values(courseRow({ price: 1299.99, originalPrice: 1599.5 }))
      .returning();
    expect(row?.price).toBe(1299.99);
    expect(row?.originalPrice).toBe(1599.5);
  });
});

describe("other row rules", () => {
  it("refuses a cookie consent record with strictly_necessary false", async () => {
    await expectRefusedBy(
      database.db.insert(cookieConsents).values(consentRow({ strictlyNecessary: false })),
      "cookie_consents_strictly_necessary_check",
    );
  });

  it("refuses content_data that is a JSON array", async () => {
    await expectRefusedBy(
      database.db
        .insert(contentBlocks)
        .values({ name: "Block", contentData: ["not", "an", "object"] as unknown as Record<string, unknown> }),
      "content_blocks_content_data_object_check",
    );
  });

  it("refuses content_data that is a JSON string", async () => {
    await expectRefusedBy(
      database.db
        .insert(contentBlocks)
        .values({ name: "Block", contentData: "text" as unknown as Record<string, unknown> }),
      "content_blocks_content_data_object_check",
    );
  });

  it("refuses a contact submission with an attachment_url but no attachment_filename", async () => {
    await expectRefusedBy(
      database.db.insert(contactSubmissions).values(contactRow({ attachmentUrl: "uploads/cv-123.pdf" })),
      "contact_submissions_attachment_pair_check",
    );
  });

  it("refuses a contact submission with an attachment_filename but no attachment_url", async () => {
    await expectRefusedBy(
      database.db.insert(contactSubmissions).values(contactRow({ attachmentFilename: "cv.pdf" })),
      "contact_submissions_attachment_pair_check",
    );
  });

  it("accepts a contact submission with both attachment columns", async () => {
    const [row] = await database.db
      .insert(contactSubmissions)
      .values(contactRow({ attachmentUrl: "uploads/cv-123.pdf", attachmentFilename: "cv.pdf" }))
      .returning();
    expect(row?.attachmentFilename).toBe("cv.pdf");
  });
});

describe("blank titles are refused", () => {
  it("refuses a content title of spaces", async () => {
    await expectRefusedBy(database.db.insert(content).values(contentRow({ title: "   " })), "content_title_not_blank");
  });

  it("refuses an empty career title", async () => {
    await expectRefusedBy(database.db.insert(careers).values({ title: "" }), "careers_title_not_blank");
  });

  it("refuses a navigation item title of spaces", async () => {
    await expectRefusedBy(
      database.db.insert(navigationItems).values({ title: "   ", url: "/x" }),
      "navigation_items_title_not_blank",
    );
  });

  it("refuses a blank content block name", async () => {
    await expectRefusedBy(database.db.insert(contentBlocks).values({ name: "  " }), "content_blocks_name_not_blank");
  });

  it("refuses a content title made only of tabs and line breaks", async () => {
    await expectRefusedBy(database.db.insert(content).values(contentRow({ title: "\t\n" })), "content_title_not_blank");
  });

  it("refuses a blank training course name", async () => {
    await expectRefusedBy(
      database.db.insert(trainingCourses).values(courseRow({ name: " " })),
      "training_courses_name_not_blank",
    );
  });
});

describe("valid rows get the documented defaults", () => {
  const isRecent = (value: Date | undefined) =>
    value instanceof Date && Math.abs(value.getTime() - Date.now()) < 5 * 60_000;

  it("a contact submission starts as new, with a created_at", async () => {
    const [row] = await database.db.insert(contactSubmissions).values(contactRow()).returning();
    expect(row?.status).toBe("new");
    expect(row?.phone).toBeNull();
    expect(row?.attachmentUrl).toBeNull();
    expect(isRecent(row?.createdAt)).toBe(true);
  });

  it("content defaults to type page and status draft, unpublished", async () => {
    const [row] = await database.db.insert(content).values(contentRow()).returning();
    expect(row?.type).toBe("page");
    expect(row?.status).toBe("draft");
    expect(row?.publishedAt).toBeNull();
    expect(row?.content).toBe("");
    expect(isRecent(row?.createdAt)).toBe(true);
    expect(isRecent(row?.updatedAt)).toBe(true);
  });

  it("a career defaults to Full-time, active, with no requirements", async () => {
    const [row] = await database.db.insert(careers).values({ title: "Engineer" }).returning();
    expect(row?.type).toBe("Full-time");
    expect(row?.isActive).toBe(true);
    expect(row?.requirements).toEqual([]);
    expect(isRecent(row?.createdAt)).toBe(true);
  });

  it("a content block defaults to testimonial, active, with content_data {}", async () => {
    const [row] = await database.db.insert(contentBlocks).values({ name: "Quote" }).returning();
    expect(row?.blockType).toBe("testimonial");
    expect(row?.isActive).toBe(true);
    expect(row?.contentData).toEqual({});
    expect(isRecent(row?.createdAt)).toBe(true);
  });

  it("a site setting defaults to type text and public", async () => {
    const [row] = await database.db
      .insert(siteSettings)
      .values({ settingKey: unique("default_key_") })
      .returning();
    expect(row?.settingType).toBe("text");
    expect(row?.isPublic).toBe(true);
    expect(row?.settingValue).toBe("");
    expect(isRecent(row?.createdAt)).toBe(true);
  });

  it("a navigation item defaults to the main menu, active", async () => {
    const [row] = await database.db.insert(navigationItems).values({ title: "Home", url: "/" }).returning();
    expect(row?.menuPosition).toBe("main");
    expect(row?.isActive).toBe(true);
    expect(row?.sortOrder).toBe(0);
  });

  it("a cookie consent record defaults strictly_necessary to true", async () => {
    const [stored] = await database.db.insert(cookieConsents).values(consentRow()).returning();
    expect(stored?.strictlyNecessary).toBe(true);
    expect(isRecent(stored?.createdAt)).toBe(true);
  });

  it("a user is active by default and has no default role: one is always chosen (decision 019)", async () => {
    const [row] = await database.db.insert(users).values(userRow()).returning();
    expect(row?.isActive).toBe(true);
    const { role: _role, ...withoutRole } = userRow();
    await expect(database.db.insert(users).values(withoutRole as typeof users.$inferInsert)).rejects.toThrow();
  });

  it("a training course defaults to active, no students, no features", async () => {
    const [row] = await database.db.insert(trainingCourses).values(courseRow()).returning();
    expect(row?.isActive).toBe(true);
    expect(row?.students).toBe(0);
    expect(row?.features).toEqual([]);
  });
});
