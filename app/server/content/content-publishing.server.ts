/**
 * Content items in the one publishing model (publishing/publishable.server.ts): their declared
 * fields (lib/content-kinds/content-item.ts), their `status` as the live switch, and what only
 * they have: a slug unique among items, and a redirect when a live page's slug changes.
 *
 * published_at is the first publication's time and is never moved; last_published_at is the latest
 * one (the page's "Updated" date); the author is whoever last saved the row or published it.
 */
import { and, eq, isNull } from "drizzle-orm";
import { content } from "../../db/schema";
import { contentItem } from "../../lib/content-kinds/content-item";
import { versionedFieldsOf, type VersionedFields } from "../../lib/content-kinds/define-kind";
import { SLUG_IN_TRASH, SLUG_TAKEN } from "../../lib/schemas/content";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { scheduledHandlersOf } from "../publishing/publishable.server";
import type { LiveSwitch, Publishable } from "../publishing/publishable-kind.server";
import type { ScheduledActionHandlers } from "../publishing/scheduled-actions.server";
import { contentChanged, isSlugTaken, isUniqueViolation, type ContentItem } from "./content.server";
import { redirectMovedPage } from "./redirects.server";

/** What a draft and a revision of a content item hold. */
export type EditableContentFields = VersionedFields<typeof contentItem>;

export const CONTENT_NOT_FOUND = "This content item does not exist or has been deleted";

/** Runs a write, turning a slug another item took meanwhile into the same field error as the check. */
async function slugSafe<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new ExpectedError(SLUG_TAKEN, { field: "slug" });
    throw error;
  }
}

async function checkSlug(db: Database, slug: string, id: string | undefined): Promise<void> {
  const taken = await isSlugTaken(db, slug, id);
  if (taken) throw new ExpectedError(taken === "trash" ? SLUG_IN_TRASH : SLUG_TAKEN, { field: "slug" });
}

/** Live is "published"; unpublishing makes a draft, whatever the item was. */
const statusSwitch: LiveSwitch<ContentItem> = {
  isLive: (row) => row.status === "published",
  isArchived: (row) => row.status === "archived",
  state: (row) => ({ status: row.status }),
  on: (current, actor, now) => ({
    status: "published",
    publishedAt: current?.publishedAt ?? now,
    lastPublishedAt: now,
    ...(actor.id ? { authorId: actor.id } : {}),
  }),
  off: { status: "draft" },
};

export const contentPublishing: Publishable<ContentItem, EditableContentFields> = {
  kind: contentItem.kind,
  fields: versionedFieldsOf(contentItem),
  live: statusSwitch,
  notFound: CONTENT_NOT_FOUND,
  audit: {
    entity: "content",
    actions: {
      create: "content.create",
      update: "content.update",
      publish: "content.publish",
      unpublish: "content.unpublish",
      restoreRevision: "content.restore",
    },
    details: ({ title, slug }) => ({ title, slug }),
  },
  find: async (db, id, options) => {
    const query = db
      .select()
      .from(content)
      .where(and(eq(content.id, id), isNull(content.deletedAt)));
    const [row] = options?.forUpdate ? await query.for("update") : await query;
    return row;
  },
  insert: (db, values) =>
    slugSafe(async () => {
      const [row] = await db
        .insert(content)
        .values({ ...values, updatedAt: new Date() })
        .returning();
      if (!row) throw new Error("The content item was not created");
      return row;
    }),
  update: (db, id, values) =>
    slugSafe(async () => {
      const [row] = await db
        .update(content)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(content.id, id), isNull(content.deletedAt)))
        .returning();
      return row;
    }),
  changed: contentChanged,
  edited: (actor) => ({ authorId: actor.id }),
  checkFields: (db, fields, id) => checkSlug(db, fields.slug, id),
  // A live page that moves keeps its old address working: a 301 to the new one.
  published: async (db, before, after, actor) => {
    if (before?.status !== "published" || before.slug === after.slug) return;
    await redirectMovedPage(db, { fromPath: `/content/${before.slug}`, toPath: `/content/${after.slug}` }, actor.id);
  },
};

/** What the scheduler does to content items when their time comes (publishing/scheduler.server.ts). */
export const contentScheduledHandlers: ScheduledActionHandlers = scheduledHandlersOf(contentPublishing);
