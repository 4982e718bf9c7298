/**
 * Redirects: old addresses that answer 301 with a new one. Administrators add and remove
 * them in the CMS's Redirects view; the content editor adds one when a published page's slug
 * changes. The rules keep every redirect one step long: no loops, no chains, never off-site, never
 * over a live page, never over an address the site serves itself (its files, feeds and other
 * routes). The public side reads them through `findRedirect`, cached until they change.
 */
import { and, asc, eq, isNull, like, ne, sql } from "drizzle-orm";
import { careers, content, redirects } from "../../db/schema";
import { careerIdPrefix } from "../../lib/site/careers";
import { FAMILY_PAGE_ADDRESSES } from "../../content/pages";
import { PUBLIC_PAGE_PATHS } from "../../lib/seo/public-pages";
import { isReservedPath, normaliseRedirectPath, REDIRECT_MESSAGES } from "../../lib/schemas/redirects";
import { auditedChange, type Actor } from "../platform/audit.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { ownerOfAddress } from "../platform/http/own-addresses.server";

export type Redirect = typeof redirects.$inferSelect;

export const REDIRECTS_CACHE_KEY = "redirects:all";

/** Addresses the site answers without the database (the fixed pages and their aliases, checkout). */
const FIXED_PAGES = new Set<string>([...PUBLIC_PAGE_PATHS, ...FAMILY_PAGE_ADDRESSES, "/checkout/success"]);

/**
 * The routes whose pages come and go with the content: `isLivePage` says whether a visitor gets one
 * today, and the address of one that is gone may redirect (a page's former slug, a closed job).
 */
const CONTENT_PAGE_ROUTES = new Set(["/content/:slug", "/careers/:job"]);

/**
 * Whether the site answers this address itself whatever the redirects say: a route of its own other
 * than a content page's, a public file, or an address Express answers (own-addresses.server.ts).
 */
export async function isServedBySite(path: string): Promise<boolean> {
  const owner = await ownerOfAddress(path);
  return owner !== null && !CONTENT_PAGE_ROUTES.has(owner);
}

/** The slug of a content page's address, or null when the path is not one. */
function contentSlug(path: string): string | null {
  return /^\/content\/([a-z0-9]+(?:-[a-z0-9]+)*)$/.exec(path)?.[1] ?? null;
}

/** Whether a published, not trashed, content item has this slug. */
export async function isPublishedSlug(db: Database, slug: string): Promise<boolean> {
  const [row] = await db
    .select({ id: content.id })
    .from(content)
    .where(and(eq(content.slug, slug), eq(content.status, "published"), isNull(content.deletedAt)))
    .limit(1);
  return Boolean(row);
}

/** Whether a visitor gets a page at this path today: a fixed page, a published item or an open job. */
export async function isLivePage(db: Database, path: string): Promise<boolean> {
  if (FIXED_PAGES.has(path)) return true;
  const slug = contentSlug(path);
  if (slug) return isPublishedSlug(db, slug);
  const job = /^\/careers\/([^/]+)$/.exec(path)?.[1];
  const prefix = job ? careerIdPrefix(job) : null;
  if (!prefix) return false;
  const [row] = await db
    .select({ id: careers.id })
    .from(careers)
    .where(and(eq(careers.isActive, true), isNull(careers.deletedAt), like(sql`${careers.id}::text`, `${prefix}%`)))
    .limit(1);
  return Boolean(row);
}

/** Every redirect, oldest first (the Redirects view). */
export function listRedirects(db: Database): Promise<Redirect[]> {
  return db.select().from(redirects).orderBy(asc(redirects.fromPath));
}

async function redirectFrom(db: Database, path: string): Promise<Redirect | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.fromPath, path)).limit(1);
  return row;
}

async function redirectTo(db: Database, path: string): Promise<Redirect | undefined> {
  const [row] = await db.select().from(redirects).where(eq(redirects.toPath, path)).limit(1);
  return row;
}

function pathOrThrow(typed: string, origin: string, field: "fromPath" | "toPath"): string {
  const result = normaliseRedirectPath(typed, origin);
  if (!result.ok) throw new ExpectedError(result.message, { field });
  return result.path;
}

/**
 * Checks a redirect an administrator typed and returns its two paths; a refusal is an ExpectedError
 * on the field at fault, with a message that says what to do instead.
 */
export async function checkNewRedirect(
  db: Database,
  typed: { fromPath: string; toPath: string },
  origin: string,
): Promise<{ fromPath: string; toPath: string }> {
  const fromPath = pathOrThrow(typed.fromPath, origin, "fromPath");
  const toPath = pathOrThrow(typed.toPath, origin, "toPath");
  if (fromPath === toPath) throw new ExpectedError(REDIRECT_MESSAGES.same, { field: "toPath" });
  if (fromPath === "/" || isReservedPath(fromPath)) {
    throw new ExpectedError(REDIRECT_MESSAGES.reserved(fromPath), { field: "fromPath" });
  }
  const existing = await redirectFrom(db, fromPath);
  if (existing) throw new ExpectedError(REDIRECT_MESSAGES.taken(fromPath, existing.toPath), { field: "fromPath" });
  const onward = await redirectFrom(db, toPath);
  if (onward?.toPath === fromPath) {
    throw new ExpectedError(REDIRECT_MESSAGES.loop(fromPath, toPath), { field: "toPath" });
  }
  if (onward) throw new ExpectedError(REDIRECT_MESSAGES.chainTo(toPath, onward.toPath), { field: "toPath" });
  const inbound = await redirectTo(db, fromPath);
  if (inbound) throw new ExpectedError(REDIRECT_MESSAGES.chainFrom(fromPath, inbound.fromPath), { field: "fromPath" });
  if (await isLivePage(db, fromPath))
    throw new ExpectedError(REDIRECT_MESSAGES.livePage(fromPath), { field: "fromPath" });
  if (await isServedBySite(fromPath)) {
    throw new ExpectedError(REDIRECT_MESSAGES.servedBySite(fromPath), { field: "fromPath" });
  }
  return { fromPath, toPath };
}

function redirectsChanged(): void {
  invalidate(REDIRECTS_CACHE_KEY);
}

/** An administrator adds a redirect (checked as above), with its "redirect.create" audit entry. */
export async function addRedirect(
  db: Database,
  actor: Actor,
  typed: { fromPath: string; toPath: string },
  origin: string,
): Promise<Redirect> {
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const paths = await checkNewRedirect(tx, typed, origin);
      const [created] = await tx
        .insert(redirects)
        .values({ ...paths, automatic: false, createdBy: actor.id })
        .returning();
      if (!created) throw new Error("The redirect was not created");
      return created;
    },
    (created) => ({
      action: "redirect.create",
      entity: "redirects",
      entityId: created.id,
      details: { fromPath: created.fromPath, toPath: created.toPath },
      before: null,
      after: { fromPath: created.fromPath, toPath: created.toPath },
    }),
  );
  redirectsChanged();
  return row;
}

/** An administrator removes a redirect; undefined when it was already gone. */
export async function removeRedirect(db: Database, actor: Actor, id: string): Promise<Redirect | undefined> {
  const row = await auditedChange(
    db,
    actor,
    async (tx) => (await tx.delete(redirects).where(eq(redirects.id, id)).returning())[0],
    (removed) =>
      removed
        ? {
            action: "redirect.delete",
            entity: "redirects",
            entityId: removed.id,
            details: { fromPath: removed.fromPath, toPath: removed.toPath },
            before: { fromPath: removed.fromPath, toPath: removed.toPath },
            after: null,
          }
        : null,
  );
  redirectsChanged();
  return row;
}

/**
 * A published page moved from `fromPath` to `toPath` (its slug changed): the old address redirects
 * to the new one, and so does every redirect that led to the old one, so no chain forms. A redirect
 * from the new address goes, as that address is a live page again (moving a page back and forth
 * would otherwise make a loop). Runs inside the editor's save transaction, whose audit entry
 * records the slug change.
 */
export async function redirectMovedPage(
  db: Database,
  move: { fromPath: string; toPath: string },
  authorId: string | null,
): Promise<void> {
  const { fromPath, toPath } = move;
  await db.delete(redirects).where(eq(redirects.fromPath, toPath));
  await db
    .update(redirects)
    .set({ toPath })
    .where(and(eq(redirects.toPath, fromPath), ne(redirects.fromPath, toPath)));
  await db
    .insert(redirects)
    .values({ fromPath, toPath, automatic: true, createdBy: authorId })
    .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath, automatic: true } });
  redirectsChanged();
}

/**
 * Where a visitor asking for `path` should go instead, or null. Redirects are read once and kept
 * in memory until one changes (on any instance), so most requests cost one Map lookup. A content
 * page published again at an address that still has a redirect wins over the redirect, and so does
 * an address the site serves itself (a redirect stored before the rules refused one there).
 */
export async function findRedirect(getDb: () => Promise<Database>, path: string): Promise<string | null> {
  const all = await cached(REDIRECTS_CACHE_KEY, async () => {
    const rows = await (
      await getDb()
    )
      .select({ fromPath: redirects.fromPath, toPath: redirects.toPath })
      .from(redirects);
    return new Map(rows.map((row) => [row.fromPath, row.toPath]));
  });
  const to = all.get(path);
  if (!to || (await isServedBySite(path))) return null;
  const slug = contentSlug(path);
  if (slug && (await isPublishedSlug(await getDb(), slug))) return null;
  return to;
}
