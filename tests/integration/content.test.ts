/**
 * Content items (app/server/content/content.server.ts, and content-publishing.server.ts for what
 * only content items have in the publishing model): the save rules of SPEC.md sections 4 and 5
 * (published_at, author, slug uniqueness), the CMS list's search, filters and pagination, the
 * published-only public reads, and placeholders filled from public settings only.
 */
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { content, siteSettings } from "../../app/db/schema";
import { contentFormSchema, SLUG_TAKEN, TITLE_AND_SLUG_REQUIRED, type ContentFormInput } from "~/lib/schemas/content";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import {
  changeContentAs,
  contentListPageQuery,
  escapeLikePattern,
  findPublishedContent,
  getContentById,
  getPublishedContentBySlug,
  getPublishedContentPage,
  isSlugTaken,
  listContent,
  publishedContentPageView,
  purgeTrashedContent,
  toContentPageView,
} from "~/server/content/content.server";
import { CONTENT_NOT_FOUND, contentPublishing } from "~/server/content/content-publishing.server";
import { publish, saveDraft, unpublish } from "~/server/publishing/publishable.server";
import { getPublicSettings, updateSettingValue } from "~/server/content/site-settings.server";
import { createUser } from "~/server/auth/users.server";
import { createTestDatabase, queryRows, type TestDatabase } from "./database";
import { ExpectedError } from "~/server/platform/errors.server";

let database: TestDatabase;
let authorId: string;
let otherAuthorId: string;

beforeAll(async () => {
  database = await createTestDatabase();
  authorId = (await createUser(database.db, { email: "editor@example.com", password: "secret-pass", role: "admin" }))
    .id;
  otherAuthorId = (
    await createUser(database.db, { email: "second@example.com", password: "secret-pass", role: "admin" })
  ).id;
});
afterAll(() => database.destroy());

beforeEach(async () => {
  await database.db.delete(content);
  invalidateAll();
});

const getDb = async () => database.db;

/** Saves as the editor's buttons do: Publish for a published status, else Save draft; `by` is the editor's id. */
async function save(form: ContentFormInput, by = authorId, id?: string) {
  const actor = { id: by, email: by === authorId ? "editor@example.com" : "second@example.com" };
  const saveAs = form.status === "published" ? publish : saveDraft;
  const saved = await saveAs(database.db, actor, contentPublishing, form, id);
  return { item: saved.row, created: saved.created };
}

function input(overrides: Partial<Record<keyof ContentFormInput, string>> = {}): ContentFormInput {
  return contentFormSchema.parse({ title: "A title", slug: "a-title", ...overrides });
}

describe("contentFormSchema", () => {
  it("requires a title and a slug with the spec's message", () => {
    for (const values of [{ title: "", slug: "x" }, { title: "   ", slug: "x" }, { title: "T", slug: "" }, {}]) {
      const result = contentFormSchema.safeParse(values);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toContain(TITLE_AND_SLUG_REQUIRED);
    }
  });

  it("defaults a new item to type page and status draft, and stores empty optional fields as null", () => {
    expect(contentFormSchema.parse({ title: "T", slug: "t", excerpt: " ", metaTitle: "" })).toMatchObject({
      type: "page",
      status: "draft",
      excerpt: null,
      metaTitle: null,
      metaDescription: null,
      featuredImageUrl: null,
      content: "",
    });
  });

  it("rejects a slug that is not lower-case words joined by single hyphens", () => {
    for (const slug of ["Hello", "hello world", "a--b", "-a", "a_b"]) {
      const result = contentFormSchema.safeParse({ title: "T", slug });
      expect(result.success, slug).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["slug"]);
    }
  });

  it("rejects unknown types and statuses, and image addresses that are not http(s) or a site path", () => {
    expect(contentFormSchema.safeParse({ title: "T", slug: "t", type: "video" }).success).toBe(false);
    expect(contentFormSchema.safeParse({ title: "T", slug: "t", status: "deleted" }).success).toBe(false);
    expect(
      contentFormSchema.safeParse({ title: "T", slug: "t", featuredImageUrl: "javascript:alert(1)" }).success,
    ).toBe(false);
    expect(
      contentFormSchema.safeParse({ title: "T", slug: "t", featuredImageUrl: "//evil.example/x.png" }).success,
    ).toBe(false);
    expect(contentFormSchema.safeParse({ title: "T", slug: "t", featuredImageUrl: "/images/a.png" }).success).toBe(
      true,
    );
    expect(
      contentFormSchema.safeParse({ title: "T", slug: "t", featuredImageUrl: "https://x.example/a.png" }).success,
    ).toBe(true);
  });
});

describe("saving through the publishing model", () => {
  it("creates a draft with the author, no published_at and updated_at now", async () => {
    const before = Date.now();
    const saved = await save(input(), authorId);
    expect(saved.created).toBe(true);
    const item = await getContentById(database.db, saved.item.id);
    expect(item).toMatchObject({ title: "A title", slug: "a-title", type: "page", status: "draft", authorId });
    expect(item?.publishedAt).toBeNull();
    expect(item!.updatedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("sets published_at at the first publication and keeps it through later saves and unpublishing (decision 015)", async () => {
    // The clock is the test's: the second save comes a minute after the first.
    const firstSave = new Date("2025-06-02T09:00:00.000Z");
    const secondSave = new Date("2025-06-02T09:01:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"], now: firstSave });
    try {
      const first = await save(input({ status: "published" }), authorId);
      expect(first.item.publishedAt).toEqual(firstSave);
      expect(first.item.lastPublishedAt).toEqual(firstSave);

      vi.setSystemTime(secondSave);
      const again = await save(input({ status: "published", title: "New" }), authorId, first.item.id);
      expect(again.created).toBe(false);
      expect(again.item.publishedAt).toEqual(firstSave);
      expect(again.item.lastPublishedAt).toEqual(secondSave);
      expect(again.item.updatedAt.getTime()).toBeGreaterThan(first.item.updatedAt.getTime());

      const unpublished = await unpublish(
        database.db,
        { id: authorId, email: "editor@example.com" },
        contentPublishing,
        input(),
        first.item.id,
      );
      expect(unpublished.status).toBe("draft");
      expect(unpublished.publishedAt).toEqual(firstSave);
    } finally {
      vi.useRealTimers();
    }
  });

  it("records whoever saved last as the author", async () => {
    const saved = await save(input(), authorId);
    const updated = await save(input({ title: "Edited" }), otherAuthorId, saved.item.id);
    expect(updated.item.authorId).toBe(otherAuthorId);
    expect(updated.item.title).toBe("Edited");
  });

  it("refuses a slug another item uses with a field error, and changes nothing", async () => {
    const first = await save(input({ slug: "taken", title: "First" }), authorId);
    const second = await save(input({ slug: "free", title: "Second" }), authorId);

    await expect(save(input({ slug: "taken" }), authorId)).rejects.toMatchObject({
      name: "ExpectedError",
      field: "slug",
      message: SLUG_TAKEN,
    });
    await expect(
      save(input({ slug: "taken", title: "Second edited" }), authorId, second.item.id),
    ).rejects.toBeInstanceOf(ExpectedError);
    expect((await getContentById(database.db, second.item.id))?.slug).toBe("free");
    expect((await listContent(database.db)).total).toBe(2);

    // An item keeps its own slug when saved again.
    const resaved = await save(input({ slug: "taken", title: "First again" }), authorId, first.item.id);
    expect(resaved.item.title).toBe("First again");
  });

  it("turns a unique violation from a concurrent save into the same field error", async () => {
    const { item } = await save(input({ slug: "raced" }));
    // As if another save had taken the slug between the check and the write: the row is written
    // without the check, and the database's unique index refuses it.
    const { id: _id, ...row } = item;
    await expect(contentPublishing.insert(database.db, row)).rejects.toMatchObject({
      field: "slug",
      message: SLUG_TAKEN,
    });
  });

  it("refuses an item that no longer exists", async () => {
    await expect(save(input(), authorId, "00000000-0000-4000-8000-000000000000")).rejects.toMatchObject({
      status: 404,
      message: CONTENT_NOT_FOUND,
    });
  });

  it("isSlugTaken ignores the item being edited", async () => {
    const saved = await save(input({ slug: "mine" }), authorId);
    await expect(isSlugTaken(database.db, "mine")).resolves.toBe(true);
    await expect(isSlugTaken(database.db, "mine", saved.item.id)).resolves.toBe(false);
    await expect(isSlugTaken(database.db, "other")).resolves.toBe(false);
  });
});

describe("deleting", () => {
  it("moves the item to the trash, and the retention job deletes it for good", async () => {
    const saved = await save(input());
    const actor = { id: authorId, email: "editor@example.com" };
    await expect(changeContentAs(database.db, actor, "trash", [saved.item.id])).resolves.toMatchObject([
      { slug: "a-title" },
    ]);
    await expect(changeContentAs(database.db, actor, "trash", [saved.item.id])).resolves.toEqual([]);
    await purgeTrashedContent(database.db, new Date(Date.now() + 1000));
    await expect(getContentById(database.db, saved.item.id)).resolves.toBeUndefined();
  });
});

async function insertMany(count: number, make: (index: number) => Partial<typeof content.$inferInsert> = () => ({})) {
  const base = Date.UTC(2025, 0, 1);
  await database.db.insert(content).values(
    Array.from({ length: count }, (_, index) => ({
      title: `Item ${index}`,
      slug: `item-${index}`,
      updatedAt: new Date(base + index * 60_000),
      ...make(index),
    })),
  );
}

describe("listContent", () => {
  it("orders by updated_at, newest first, 25 to a page, with the total", async () => {
    await insertMany(30);
    const first = await listContent(database.db, {}, 1);
    expect(first.total).toBe(30);
    expect(first.items).toHaveLength(25);
    expect(first.items[0]?.title).toBe("Item 29");
    expect(first.items[24]?.title).toBe("Item 5");
    const second = await listContent(database.db, {}, 2);
    expect(second.items.map((item) => item.title)).toEqual(["Item 4", "Item 3", "Item 2", "Item 1", "Item 0"]);
    expect(second.total).toBe(30);
    expect((await listContent(database.db, {}, 3)).items).toEqual([]);
  });

  it("searches title or slug case-insensitively", async () => {
    await database.db.insert(content).values([
      { title: "Cloud Migration Guide", slug: "guide-one" },
      { title: "Security", slug: "cloud-security" },
      { title: "Unrelated", slug: "other" },
    ]);
    const result = await listContent(database.db, { q: "CLOUD" });
    expect(result.items.map((item) => item.slug).sort()).toEqual(["cloud-security", "guide-one"]);
    expect(result.total).toBe(2);
  });

  it("matches % and _ literally, not as wildcards", async () => {
    await database.db.insert(content).values([
      { title: "100% uptime", slug: "uptime" },
      { title: "1000 users", slug: "users" },
      { title: "snake_case names", slug: "snake" },
      { title: "snakeXcase", slug: "snake-x" },
    ]);
    expect((await listContent(database.db, { q: "100%" })).items.map((item) => item.slug)).toEqual(["uptime"]);
    expect((await listContent(database.db, { q: "%" })).items.map((item) => item.slug)).toEqual(["uptime"]);
    expect((await listContent(database.db, { q: "e_c" })).items.map((item) => item.slug)).toEqual(["snake"]);
    expect(escapeLikePattern("a%b_c\\d")).toBe("a\\%b\\_c\\\\d");
  });

  it("filters by type and by status, combined with the search", async () => {
    await database.db.insert(content).values([
      { title: "Post A", slug: "post-a", type: "blog_post", status: "draft" },
      { title: "Post B", slug: "post-b", type: "blog_post", status: "published", publishedAt: new Date() },
      { title: "Page A", slug: "page-a", type: "page", status: "published", publishedAt: new Date() },
      { title: "Case", slug: "case", type: "case_study", status: "archived" },
    ]);
    const slugs = async (filter: Parameters<typeof listContent>[1]) =>
      (await listContent(database.db, filter)).items.map((item) => item.slug).sort();
    expect(await slugs({ type: "blog_post" })).toEqual(["post-a", "post-b"]);
    expect(await slugs({ status: "published" })).toEqual(["page-a", "post-b"]);
    expect(await slugs({ type: "blog_post", status: "published" })).toEqual(["post-b"]);
    expect(await slugs({ status: "archived", q: "case" })).toEqual(["case"]);
    expect(await slugs({ q: "post", status: "archived" })).toEqual([]);
  });

  it("reads a page of 10,000 items through the updated_at index, not by sorting the table", async () => {
    for (let batch = 0; batch < 10; batch += 1) {
      await insertMany(1000, (index) => ({
        slug: `bulk-${batch}-${index}`,
        updatedAt: new Date(Date.UTC(2024, 0, 1) + (batch * 1000 + index) * 1000),
      }));
    }
    await database.db.execute(sql`analyze content`);
    const explain = async (page: number) =>
      (
        await queryRows<Record<string, string>>(
          database.db,
          sql`explain ${contentListPageQuery(database.db, {}, page)}`,
        )
      )
        .map((row) => Object.values(row).join(" "))
        .join("\n");
    expect(await explain(1)).toContain("Index Scan using content_updated_at_idx");
    expect(await explain(40)).toContain("Index Scan using content_updated_at_idx");
    const { items, total } = await listContent(database.db, {}, 400);
    expect(total).toBe(10_000);
    expect(items.map((item) => item.slug)).toContain("bulk-0-0");
  });
});

describe("published content", () => {
  beforeEach(async () => {
    await database.db.insert(content).values([
      {
        title: "Old post",
        slug: "old-post",
        type: "blog_post",
        status: "published",
        publishedAt: new Date("2025-01-01"),
      },
      {
        title: "New post",
        slug: "new-post",
        type: "blog_post",
        status: "published",
        publishedAt: new Date("2025-06-01"),
      },
      { title: "Draft post", slug: "draft-post", type: "blog_post", status: "draft" },
      { title: "Archived post", slug: "archived-post", type: "blog_post", status: "archived" },
      { title: "A page", slug: "a-page", type: "page", status: "published", publishedAt: new Date("2025-03-01") },
    ]);
  });

  it("finds a published item by slug, and never a draft or an archived one", async () => {
    await expect(getPublishedContentBySlug(database.db, "new-post")).resolves.toMatchObject({ title: "New post" });
    await expect(getPublishedContentBySlug(database.db, "draft-post")).resolves.toBeUndefined();
    await expect(getPublishedContentBySlug(database.db, "archived-post")).resolves.toBeUndefined();
    await expect(getPublishedContentBySlug(database.db, "missing")).resolves.toBeUndefined();
  });

  it("lists published items newest first, optionally of one type, paginated", async () => {
    const all = await getPublishedContentPage(getDb);
    expect(all.items.map((item) => item.slug)).toEqual(["new-post", "a-page", "old-post"]);
    const posts = await getPublishedContentPage(getDb, { type: "blog_post" });
    expect(posts.items.map((item) => item.slug)).toEqual(["new-post", "old-post"]);
    expect(posts.total).toBe(2);
    const secondPage = await getPublishedContentPage(getDb, { type: "blog_post", page: 2, pageSize: 1 });
    expect(secondPage.items.map((item) => item.slug)).toEqual(["old-post"]);
    expect(secondPage.total).toBe(2);
  });

  it("findPublishedContent answers a published item, never a draft, an archived or an unknown one", async () => {
    await expect(findPublishedContent(getDb, "new-post")).resolves.toMatchObject({ title: "New post" });
    for (const slug of ["draft-post", "archived-post", "missing"]) {
      await expect(findPublishedContent(getDb, slug), slug).resolves.toBeUndefined();
    }
  });

  it("serves the public reads from memory until the CMS saves or deletes an item", async () => {
    await expect(findPublishedContent(getDb, "new-post")).resolves.toMatchObject({ title: "New post" });
    // Rows changed behind the entity module's back are not seen: the answers come from memory.
    await database.db.update(content).set({ title: "Changed directly" }).where(eq(content.slug, "new-post"));
    await database.db
      .update(content)
      .set({ status: "published", publishedAt: new Date() })
      .where(eq(content.slug, "draft-post"));
    await expect(findPublishedContent(getDb, "new-post")).resolves.toMatchObject({ title: "New post" });
    await expect(findPublishedContent(getDb, "draft-post")).resolves.toBeUndefined();

    const saved = await save(input({ title: "Brand new", slug: "brand-new", status: "published" }), authorId);
    await expect(findPublishedContent(getDb, "new-post")).resolves.toMatchObject({ title: "Changed directly" });
    await expect(findPublishedContent(getDb, "draft-post")).resolves.toMatchObject({ title: "Draft post" });
    expect((await getPublishedContentPage(getDb)).items.map((item) => item.slug)).toContain("brand-new");

    await changeContentAs(database.db, { id: authorId, email: "editor@example.com" }, "trash", [saved.item.id]);
    await expect(findPublishedContent(getDb, "brand-new")).resolves.toBeUndefined();
    expect((await getPublishedContentPage(getDb)).items.map((item) => item.slug)).not.toContain("brand-new");
  });
});

describe("toContentPageView", () => {
  beforeEach(async () => {
    await database.db.delete(siteSettings);
    await database.db.insert(siteSettings).values([
      { settingKey: "company_name", settingValue: "Example & Co", isPublic: true },
      { settingKey: "notification_email", settingValue: "notify@internal.example", isPublic: false },
    ]);
  });

  it("fills placeholders from public settings only, leaves the others as written, and sanitises the body", async () => {
    const saved = await save(
      input({
        title: "About {{company_name}}",
        slug: "about",
        status: "published",
        type: "case_study",
        excerpt: "By {{company_name}}",
        content:
          '<p>{{company_name}} / {{notification_email}} / {{nope}}</p><script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">x</a>',
      }),
      authorId,
    );
    const settings = await getPublicSettings(async () => database.db);
    const view = toContentPageView(saved.item, settings);
    expect(view.title).toBe("About Example & Co");
    expect(view.excerpt).toBe("By Example & Co");
    expect(view.typeLabel).toBe("CASE STUDY");
    expect(view.hasAuthor).toBe(true);
    expect(view.publishedAt).not.toBeNull();
    expect(view.html).toContain("<p>Example &amp; Co / {{notification_email}} / {{nope}}</p>");
    expect(view.html).not.toContain("notify@internal.example");
    expect(view.html).not.toMatch(/<script|onerror|javascript:/i);
  });

  it("shows no date for an unpublished item and no author once the author is gone", async () => {
    const saved = await save(input(), authorId);
    const view = toContentPageView({ ...saved.item, authorId: null }, {});
    expect(view.publishedAt).toBeNull();
    expect(view.publishedLabel).toBeNull();
    expect(view.hasAuthor).toBe(false);
    expect(view.typeLabel).toBe("PAGE");
  });

  it("publishedContentPageView makes a view once per cached item and settings, and again after either changes", async () => {
    await save(input({ title: "By {{company_name}}", slug: "by-us", status: "published" }), authorId);
    const item = await findPublishedContent(getDb, "by-us");
    const settings = await getPublicSettings(getDb);
    const first = publishedContentPageView(item!, settings);
    expect(first.title).toBe("By Example & Co");
    expect(publishedContentPageView((await findPublishedContent(getDb, "by-us"))!, settings)).toBe(first);

    await updateSettingValue(database.db, { id: authorId, email: "editor@example.com" }, "company_name", "Renamed Ltd");
    const renamed = publishedContentPageView(item!, await getPublicSettings(getDb));
    expect(renamed.title).toBe("By Renamed Ltd");
  });
});
