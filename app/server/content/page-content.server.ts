/**
 * Page content records (SPEC.md section 3): the editable title, excerpt, HTML body and featured
 * image of a fixed page, such as /training's "professional-training". A page always has something
 * to show: when the record is missing or the query fails, the page's own default copy is used
 * (SPEC.md section 8), and the visitor sees no error.
 *
 * Nothing in the application writes these rows: they are edited in the database. They are cached
 * all the same (a lookup on every render was a tenth of /training's CPU on the embedded database),
 * and a trigger on the table (migration 0019) tells every instance to forget them when a row
 * changes, on the channel cache invalidation listens on with PostgreSQL. The embedded database
 * cannot be written by another process while the site runs, so there an edit shows after a restart.
 */
import { eq } from "drizzle-orm";
import { pageContent } from "../../db/schema";
import type { PageContentCopy } from "../../content/training";
import { applyPlaceholders } from "../../lib/site/placeholders";
import { isWebAddress, sameSitePath } from "../../lib/text/safe-links";
import type { Database } from "../platform/db/db.server";
import { cached } from "../platform/cache/cache.server";
import { logger } from "../platform/logger.server";
import { sanitizeRichText } from "../platform/sanitize.server";

/** The cache keys of the records; migration 0019's trigger names this prefix. */
const PAGE_CONTENT_CACHE_PREFIX = "page-content:";

export type PageContentRecord = PageContentCopy & { slug: string };

export interface PageContentResult {
  record: PageContentRecord;
  /** "database", or "default" when the record is missing or could not be read. */
  source: "database" | "default";
}

/** The record with this slug, or undefined. */
export async function findPageContent(db: Database, slug: string): Promise<PageContentRecord | undefined> {
  const [row] = await db
    .select({
      slug: pageContent.slug,
      title: pageContent.title,
      excerpt: pageContent.excerpt,
      content: pageContent.content,
      featuredImageUrl: pageContent.featuredImageUrl,
    })
    .from(pageContent)
    .where(eq(pageContent.slug, slug));
  return row;
}

/** The record with this slug, or the page's default copy when it is missing or the query fails. */
export async function getPageContent(
  getDb: () => Promise<Database>,
  slug: string,
  fallback: PageContentCopy,
): Promise<PageContentResult> {
  try {
    const record = await cached(`${PAGE_CONTENT_CACHE_PREFIX}${slug}`, async () =>
      findPageContent(await getDb(), slug),
    );
    if (record) return { record, source: "database" };
    logger.warn({ slug }, "no page content record; showing the page's default copy");
  } catch (error) {
    logger.error({ err: error, slug }, "could not load a page content record; showing the page's default copy");
  }
  return { record: { ...fallback, slug }, source: "default" };
}

/** What a page renders from a record: placeholders filled, the body sanitised, the image checked. */
export interface PageContentView {
  title: string;
  excerpt: string | null;
  /** Sanitised HTML, safe for dangerouslySetInnerHTML; "" when the record has no body. */
  html: string;
  /** A site path or https address the Content-Security-Policy allows; null for none. */
  featuredImageUrl: string | null;
}

export function toPageContentView(
  record: PageContentCopy,
  publicSettings: Readonly<Record<string, string>>,
): PageContentView {
  const text = (value: string) => applyPlaceholders(value, publicSettings).trim();
  return {
    title: text(record.title),
    excerpt: record.excerpt ? text(record.excerpt) || null : null,
    html: sanitizeRichText(applyPlaceholders(record.content, publicSettings, { html: true })).trim(),
    featuredImageUrl: displayableImageUrl(record.featuredImageUrl),
  };
}

/**
 * An image address the page may show: a path on this site ("/images/x.webp") or an https address
 * (the Content-Security-Policy's img-src). Anything else (http:, javascript:, "//host/x",
 * a bare file name, blank) is null, so the page shows its shipped picture instead.
 */
export function displayableImageUrl(url: string | null | undefined): string | null {
  const value = url?.trim();
  if (!value) return null;
  if (value.startsWith("/")) return sameSitePath(value);
  return isWebAddress(value, ["https:"]) ? value : null;
}
