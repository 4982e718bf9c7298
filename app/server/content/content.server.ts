/**
 * Content items (content): the CMS list and trash, and the published pages the public site reads
 * (SPEC.md sections 2, 3, 4, 5 and 7). The editor's saves, publications and schedules go through
 * the publishing model (content-publishing.server.ts).
 */
import { and, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql, type SQL } from "drizzle-orm";
import { content } from "../../db/schema";
import { contentItem } from "../../lib/content-kinds/content-item";
import { publicValuesOf, type PublicValues } from "../../lib/content-kinds/define-kind";
import type { ContentType } from "../../lib/enums";
import { PAGE_SIZE, pageWindow } from "../../lib/cms/pagination";
import { applyPlaceholders } from "../../lib/site/placeholders";
import type { ContentListFilter } from "../../lib/schemas/content";
import { recordAudit, type Actor } from "../platform/audit.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { sanitizeRichText } from "../platform/sanitize.server";
import type { SettingsMap } from "./site-settings.server";
import { formatDate } from "../../lib/text/format";
import { escapeLikePattern } from "../platform/db/like-pattern.server";
import { searchCondition } from "../publishing/list-search.server";

export type ContentItem = typeof content.$inferSelect;

const listColumns = {
  id: content.id,
  title: content.title,
  type: content.type,
  status: content.status,
  slug: content.slug,
  excerpt: content.excerpt,
  updatedAt: content.updatedAt,
  deletedAt: content.deletedAt,
};

export type ContentListItem = Pick<ContentItem, keyof typeof listColumns>;

export { escapeLikePattern };

/** The normal list shows what is not in the trash; the Trash view (`trashed: true`) only what is. */
function listConditions(filter: Partial<ContentListFilter> & { trashed?: boolean }): SQL | undefined {
  const conditions: SQL[] = [filter.trashed ? isNotNull(content.deletedAt) : isNull(content.deletedAt)];
  const matches = searchCondition(content, contentItem, filter.q);
  if (matches) conditions.push(matches);
  if (filter.type) conditions.push(eq(content.type, filter.type));
  if (filter.status) conditions.push(eq(content.status, filter.status));
  return and(...conditions);
}

/**
 * The query for one page of the CMS list, newest change first. "desc nulls last" matches the
 * content_updated_at_idx index exactly, so a page is read from the index, not by sorting the table;
 * the id breaks ties between items saved in the same instant.
 */
export function contentListPageQuery(
  db: Database,
  filter: Partial<ContentListFilter> & { trashed?: boolean } = {},
  page = 1,
  pageSize = PAGE_SIZE,
) {
  const { limit, offset } = pageWindow(page, pageSize);
  return db
    .select(listColumns)
    .from(content)
    .where(listConditions(filter))
    .orderBy(sql`${content.updatedAt} desc nulls last`, desc(content.id))
    .limit(limit)
    .offset(offset);
}

/** One page of the CMS list, with the number of matching items for the pagination. */
export async function listContent(
  db: Database,
  filter: Partial<ContentListFilter> & { trashed?: boolean } = {},
  page = 1,
  pageSize = PAGE_SIZE,
): Promise<{ items: ContentListItem[]; total: number }> {
  const [items, [totals]] = await Promise.all([
    contentListPageQuery(db, filter, page, pageSize),
    db.select({ total: count() }).from(content).where(listConditions(filter)),
  ]);
  return { items, total: totals?.total ?? 0 };
}

export async function getContentById(db: Database, id: string): Promise<ContentItem | undefined> {
  const [item] = await db.select().from(content).where(eq(content.id, id));
  return item;
}

/**
 * Whether another item has this slug: "trash" when that item is in the trash (a trashed item keeps
 * its slug, so restoring it never collides; docs/decisions/016), true, or false.
 */
export async function isSlugTaken(db: Database, slug: string, exceptId?: string): Promise<boolean | "trash"> {
  const [row] = await db
    .select({ id: content.id, deletedAt: content.deletedAt })
    .from(content)
    .where(exceptId ? and(eq(content.slug, slug), ne(content.id, exceptId)) : eq(content.slug, slug))
    .limit(1);
  if (!row) return false;
  return row.deletedAt ? "trash" : true;
}

export function isUniqueViolation(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    if (typeof current === "object" && "code" in current && current.code === "23505") return true;
    current = typeof current === "object" && "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** Public pages and the assistant's site search show the change on their next request. */
export function contentChanged(): void {
  invalidate(PUBLISHED_CONTENT_CACHE_PREFIX);
}

/** Moves items to the trash (not already there); returns those moved. */
export async function trashContent(db: Database, ids: readonly string[], actorId: string): Promise<ContentItem[]> {
  if (ids.length === 0) return [];
  const items = await db
    .update(content)
    .set({ deletedAt: new Date(), deletedBy: actorId })
    .where(and(inArray(content.id, [...ids]), isNull(content.deletedAt)))
    .returning();
  contentChanged();
  return items;
}

/** Takes items out of the trash, as they were; returns those restored. */
export async function restoreContent(db: Database, ids: readonly string[]): Promise<ContentItem[]> {
  if (ids.length === 0) return [];
  const items = await db
    .update(content)
    .set({ deletedAt: null, deletedBy: null })
    .where(and(inArray(content.id, [...ids]), isNotNull(content.deletedAt)))
    .returning();
  contentChanged();
  return items;
}

/** The retention job: deletes for good the items in the trash since before `cutoff`. */
export async function purgeTrashedContent(db: Database, cutoff: Date): Promise<{ id: string; title: string }[]> {
  const items = await db
    .delete(content)
    .where(lt(content.deletedAt, cutoff))
    .returning({ id: content.id, title: content.title });
  if (items.length > 0) contentChanged();
  return items;
}

/**
 * What the list's delete (one or the selected rows) and the trash's restore do, and the audit action
 * of each. Bulk publish and unpublish go through the publishing model, as the editor's do.
 */
const LIST_ACTIONS = {
  trash: {
    action: "content.delete",
    run: (tx: Database, ids: readonly string[], actor: Actor) => trashContent(tx, ids, actor.id),
  },
  restore: { action: "content.restore", run: (tx: Database, ids: readonly string[]) => restoreContent(tx, ids) },
} as const;

export type ContentListAction = keyof typeof LIST_ACTIONS;

/**
 * An administrator trashes or restores items, one audit entry per item
 * changed, all in one transaction. Returns the items changed (none when all were already so).
 */
export function changeContentAs(
  db: Database,
  actor: Actor,
  what: ContentListAction,
  ids: readonly string[],
): Promise<ContentItem[]> {
  const { action, run } = LIST_ACTIONS[what];
  return db.transaction(async (tx) => {
    const items = await run(tx, ids, actor);
    for (const item of items) {
      await recordAudit(tx, actor, action, "content", item.id, {
        title: item.title,
        slug: item.slug,
        status: item.status,
      });
    }
    return items;
  });
}

/** The published item with this slug, or undefined (drafts and archived items are not public). */
export async function getPublishedContentBySlug(db: Database, slug: string): Promise<ContentItem | undefined> {
  const [item] = await db
    .select()
    .from(content)
    .where(and(eq(content.slug, slug), eq(content.status, "published"), isNull(content.deletedAt)))
    .limit(1);
  return item;
}

/** What the public site shows: published items (the schema makes sure they have a published_at). */
function isPublished(): SQL | undefined {
  return and(eq(content.status, "published"), isNotNull(content.publishedAt), isNull(content.deletedAt));
}

const publishedListColumns = {
  id: content.id,
  title: content.title,
  slug: content.slug,
  excerpt: content.excerpt,
  type: content.type,
  featuredImageUrl: content.featuredImageUrl,
  publishedAt: content.publishedAt,
};

export type PublishedContentSummary = Pick<ContentItem, keyof typeof publishedListColumns>;

/** Every published item's address and last change, for the sitemap. */
export async function listPublishedSlugs(db: Database): Promise<{ slug: string; updatedAt: Date }[]> {
  // The live page's last publication, not updated_at, which a saved draft moves too.
  return db
    .select({
      slug: content.slug,
      updatedAt: sql<Date>`coalesce(${content.lastPublishedAt}, ${content.updatedAt})`.mapWith(content.updatedAt),
    })
    .from(content)
    .where(isPublished())
    .orderBy(desc(content.publishedAt));
}

/** The published items' titles and slugs, by title: the rich-text editor's link picker. */
export async function listPublishedTitles(db: Database): Promise<{ title: string; slug: string }[]> {
  return db
    .select({ title: content.title, slug: content.slug })
    .from(content)
    .where(isPublished())
    .orderBy(content.title);
}

/* ------------------------------------------------------------------------------------------------
 * Cached reads for public pages. Every write of an item (the publishing model, the trash, the
 * retention job) calls contentChanged, which forgets every key under this prefix (on every instance).
 * ---------------------------------------------------------------------------------------------- */

export const PUBLISHED_CONTENT_CACHE_PREFIX = "content:";
const PUBLISHED_SUMMARIES_CACHE_KEY = `${PUBLISHED_CONTENT_CACHE_PREFIX}published`;

/** Every published item without its body, newest publication first: small, whatever the bodies weigh. */
function publishedSummaries(getDb: () => Promise<Database>): Promise<PublishedContentSummary[]> {
  return cached(PUBLISHED_SUMMARIES_CACHE_KEY, async () =>
    (await getDb())
      .select(publishedListColumns)
      .from(content)
      .where(isPublished())
      .orderBy(desc(content.publishedAt), desc(content.id)),
  );
}

/** One page of the published items, optionally of one type (the blog lists blog_post), newest first. */
export async function getPublishedContentPage(
  getDb: () => Promise<Database>,
  options: { type?: ContentType; page?: number; pageSize?: number } = {},
): Promise<{ items: PublishedContentSummary[]; total: number }> {
  const summaries = await publishedSummaries(getDb);
  const matching = options.type ? summaries.filter((item) => item.type === options.type) : summaries;
  const { limit, offset } = pageWindow(options.page ?? 1, options.pageSize ?? PAGE_SIZE);
  return { items: matching.slice(offset, offset + limit), total: matching.length };
}

/**
 * The published item with this slug, cached. A slug the cached list does not name answers
 * undefined without a query, so made-up addresses neither reach the database nor fill the cache.
 */
export async function findPublishedContent(
  getDb: () => Promise<Database>,
  slug: string,
): Promise<ContentItem | undefined> {
  const summaries = await publishedSummaries(getDb);
  if (!summaries.some((summary) => summary.slug === slug)) return undefined;
  return cached(`${PUBLISHED_CONTENT_CACHE_PREFIX}item:${slug}`, async () =>
    getPublishedContentBySlug(await getDb(), slug),
  );
}

/**
 * What a content page shows: plain data, the body already substituted and sanitised, and the
 * declared fields marked `public` as they are stored (lib/content-kinds/content-item.ts).
 */
export type ContentPageView = PageViewOfItem & PublicValues<typeof contentItem>;

interface PageViewOfItem {
  id: string;
  slug: string;
  status: string;
  typeLabel: string;
  title: string;
  excerpt: string | null;
  featuredImageUrl: string | null;
  /** ISO time and the date as the page shows it (formatted on the server, so hydration agrees). */
  publishedAt: string | null;
  publishedLabel: string | null;
  /** The latest publication when it came after the first: "Updated <date>" (decision 015). */
  updatedAt: string | null;
  updatedLabel: string | null;
  hasAuthor: boolean;
  html: string;
  metaTitle: string | null;
  metaDescription: string | null;
}

/**
 * An item made ready for a page: `{{key}}` placeholders replaced by the given settings (pass only
 * the public ones), then the body sanitised, so nothing a setting or the body holds can run.
 */
export function toContentPageView(
  item: ContentItem,
  publicSettings: Readonly<Record<string, string>>,
): ContentPageView {
  const text = (value: string) => applyPlaceholders(value, publicSettings);
  return {
    id: item.id,
    slug: item.slug,
    status: item.status,
    typeLabel: item.type.replace(/_/g, " ").toUpperCase(),
    title: text(item.title),
    excerpt: item.excerpt ? text(item.excerpt) : null,
    featuredImageUrl: item.featuredImageUrl,
    publishedAt: item.publishedAt ? item.publishedAt.toISOString() : null,
    publishedLabel: item.publishedAt ? formatDate(item.publishedAt, "long") : null,
    ...updatedDate(item),
    hasAuthor: item.authorId !== null,
    html: sanitizeRichText(applyPlaceholders(item.content, publicSettings, { html: true })),
    metaTitle: item.metaTitle ? text(item.metaTitle) : null,
    metaDescription: item.metaDescription ? text(item.metaDescription) : null,
    ...publicValuesOf(contentItem, item),
  };
}

function updatedDate(item: ContentItem): { updatedAt: string | null; updatedLabel: string | null } {
  const { publishedAt, lastPublishedAt } = item;
  if (!publishedAt || !lastPublishedAt || lastPublishedAt.getTime() <= publishedAt.getTime()) {
    return { updatedAt: null, updatedLabel: null };
  }
  return { updatedAt: lastPublishedAt.toISOString(), updatedLabel: formatDate(lastPublishedAt, "long") };
}

/**
 * toContentPageView, made once per cached item and settings map (both stay the same objects until
 * the CMS changes them), so the body is sanitised once per change rather than once per request.
 */
const pageViews = new WeakMap<SettingsMap, WeakMap<ContentItem, ContentPageView>>();

export function publishedContentPageView(item: ContentItem, publicSettings: SettingsMap): ContentPageView {
  let forSettings = pageViews.get(publicSettings);
  if (!forSettings) {
    forSettings = new WeakMap();
    pageViews.set(publicSettings, forSettings);
  }
  let view = forSettings.get(item);
  if (!view) {
    view = toContentPageView(item, publicSettings);
    forSettings.set(item, view);
  }
  return view;
}
