/**
 * Drafts, publishing, scheduling and revisions of content items (issue 17, decision 015).
 *
 * The row is what the public reads. A PUBLISHED item's pending changes wait in its `draft` column
 * (the editable fields) until Publish, so the live page stays as it was; an item that is not
 * published is edited in its row directly. published_at is the first publication's time and is
 * never moved; last_published_at is the latest one (the page's "Updated" date). Every action keeps
 * a revision and writes its audit entry in the same transaction.
 *
 * Two editors on one item: an action that carries the editor's form also takes the version that
 * form was opened on (`opened`), and is refused, changing nothing, when the item was saved since
 * (publishing/edit-conflicts.server.ts). The row is read FOR UPDATE in the writing transaction, so
 * two saves from the same version cannot both pass the check.
 */
import { eq } from "drizzle-orm";
import { content } from "../../../db/schema";
import type { RevisionAction } from "../../lib/enums";
import { SLUG_IN_TRASH, SLUG_TAKEN, type ContentFormInput } from "../../lib/schemas/content";
import { recordAudit, type Actor, type AuditActor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { refuseIfChangedSince, type OpenedVersion } from "../publishing/edit-conflicts.server";
import { getRevision, recordRevision } from "../publishing/revisions.server";
import { scheduleAction, type ScheduledActionHandlers } from "../publishing/scheduled-actions.server";
import { contentChanged, getContentById, isSlugTaken, isUniqueViolation, type ContentItem } from "./content.server";
import { redirectMovedPage } from "./redirects.server";

/**
 * The fields an editor changes: what a draft and a revision hold. A column the editor gains (a
 * structured document, SEO fields) is added here, and drafts, revisions and restores carry it.
 */
export const CONTENT_EDITABLE_FIELDS = [
  "title",
  "slug",
  "content",
  // The rich-text editor's form of the body (null until first saved from the editor): drafts,
  // revisions and restores carry it with the HTML rendered from it.
  "document",
  "excerpt",
  "type",
  "featuredImageUrl",
  "metaTitle",
  "metaDescription",
] as const satisfies readonly (keyof ContentItem)[];

export type EditableContentFields = Pick<ContentItem, (typeof CONTENT_EDITABLE_FIELDS)[number]>;

export const CONTENT_NOT_FOUND = "This content item does not exist or has been deleted";
export const REVISION_NOT_FOUND = "This revision does not exist";

function pick(source: Record<string, unknown>): EditableContentFields {
  const fields: Record<string, unknown> = {};
  for (const key of CONTENT_EDITABLE_FIELDS) if (key in source) fields[key] = source[key];
  return fields as EditableContentFields;
}

/** What the editor shows: the pending draft over the live row (the row alone when there is none). */
export function workingCopy(item: ContentItem): EditableContentFields {
  return { ...pick(item), ...(item.draft ? pick(item.draft) : {}) };
}

/** Where an item stands, for the editor's status line. */
export type PublishingState = "draft" | "published" | "changed" | "archived";

export function publishingState(item: Pick<ContentItem, "status" | "draft">): PublishingState {
  if (item.status === "published") return item.draft ? "changed" : "published";
  return item.status === "archived" ? "archived" : "draft";
}

function fieldsOf(input: ContentFormInput): EditableContentFields {
  const { status: _status, ...fields } = input;
  return pick(fields);
}

/**
 * The item to act on, locked until the transaction ends (a concurrent save waits, then sees this
 * one's version); one in the trash is restored from the trash first, never edited there. With
 * `opened`, an item saved since that version is refused (EditConflictError).
 */
async function requireItem(db: Database, id: string, opened?: OpenedVersion): Promise<ContentItem> {
  const [item] = await db.select().from(content).where(eq(content.id, id)).for("update");
  if (!item || item.deletedAt) throw new ExpectedError(CONTENT_NOT_FOUND, { status: 404 });
  refuseIfChangedSince(item, opened, () => workingCopy(item));
  return item;
}

/** Writes the row, turning a slug another item took meanwhile into the same field error. */
async function writeRow(db: Database, id: string, values: Partial<typeof content.$inferInsert>): Promise<ContentItem> {
  try {
    const [row] = await db.update(content).set(values).where(eq(content.id, id)).returning();
    if (!row) throw new ExpectedError(CONTENT_NOT_FOUND, { status: 404 });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ExpectedError(SLUG_TAKEN, { field: "slug" });
    throw error;
  }
}

async function checkSlug(db: Database, slug: string, id?: string): Promise<void> {
  const taken = await isSlugTaken(db, slug, id);
  if (taken) throw new ExpectedError(taken === "trash" ? SLUG_IN_TRASH : SLUG_TAKEN, { field: "slug" });
}

/** What the audit log compares: the fields the editor shows, and whether the item is live. */
function auditedVersion(item: ContentItem) {
  return { ...workingCopy(item), status: item.status };
}

/** The revision and the audit entry (with the fields changed since `before`) of an action. */
async function keep(
  db: Database,
  actor: AuditActor,
  { before, item }: { before: ContentItem | null; item: ContentItem },
  action: RevisionAction,
  auditAction: string,
  extra: Record<string, unknown> = {},
): Promise<void> {
  await recordRevision(db, { kind: "content", entityId: item.id, action, snapshot: workingCopy(item), actor });
  await recordAudit(
    db,
    actor,
    auditAction,
    "content",
    item.id,
    { title: item.title, slug: item.slug, status: item.status, ...extra },
    { before: before && auditedVersion(before), after: auditedVersion(item) },
  );
}

/**
 * Save draft: a new item is created as a draft; a published one keeps its live row and gets the
 * fields as its pending draft; any other is updated in its row (its status unchanged).
 */
async function saveDraftIn(
  db: Database,
  actor: Actor,
  input: ContentFormInput,
  id: string | undefined,
  /** The revision to keep; null when the caller keeps its own (a new item published at once). */
  action: RevisionAction | null,
  opened?: OpenedVersion,
): Promise<{ item: ContentItem; created: boolean }> {
  const fields = fieldsOf(input);
  // Locked and checked before anything else, so a refused save has not even looked at the slug.
  const current = id ? await requireItem(db, id, opened) : undefined;
  await checkSlug(db, fields.slug, id);
  const now = new Date();
  if (!id || !current) {
    let item: ContentItem | undefined;
    try {
      [item] = await db
        .insert(content)
        .values({ ...fields, status: "draft", authorId: actor.id, updatedAt: now })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ExpectedError(SLUG_TAKEN, { field: "slug" });
      throw error;
    }
    if (!item) throw new Error("The content item was not created");
    if (action) await keep(db, actor, { before: null, item }, action, "content.create");
    else await recordAudit(db, actor, "content.create", "content", item.id, { title: item.title, slug: item.slug });
    return { item, created: true };
  }
  const item =
    current.status === "published"
      ? await writeRow(db, id, { draft: fields, updatedAt: now })
      : await writeRow(db, id, { ...fields, draft: null, authorId: actor.id, updatedAt: now });
  if (current.status !== "published") contentChanged();
  if (action)
    await keep(db, actor, { before: current, item }, action, "content.update", {
      draft: current.status === "published",
    });
  return { item, created: false };
}

export function saveContentDraft(
  db: Database,
  actor: Actor,
  input: ContentFormInput,
  id?: string,
  opened?: OpenedVersion,
): Promise<{ item: ContentItem; created: boolean }> {
  return db.transaction((tx) => saveDraftIn(tx, actor, input, id, "saved", opened));
}

/**
 * Publishes an item: the given fields (the editor's form), else its pending draft (a scheduled
 * publication). published_at stays the first publication's time; last_published_at is now.
 */
async function publishIn(
  db: Database,
  actor: AuditActor,
  id: string | undefined,
  input: ContentFormInput | undefined,
  extra: Record<string, unknown> = {},
  opened?: OpenedVersion,
): Promise<{ item: ContentItem; created: boolean }> {
  const now = new Date();
  let created = false;
  let current: ContentItem;
  if (!id) {
    if (!input || !actor.id) throw new ExpectedError(CONTENT_NOT_FOUND, { status: 404 });
    current = (await saveDraftIn(db, { id: actor.id, email: actor.email }, input, undefined, null)).item;
    created = true;
  } else {
    current = await requireItem(db, id, opened);
  }
  const fields = input ? fieldsOf(input) : workingCopy(current);
  await checkSlug(db, fields.slug, current.id);
  const item = await writeRow(db, current.id, {
    ...fields,
    status: "published",
    draft: null,
    publishedAt: current.publishedAt ?? now,
    lastPublishedAt: now,
    updatedAt: now,
    ...(actor.id ? { authorId: actor.id } : {}),
  });
  // A live page that moves keeps its old address working: a 301 to the new one.
  if (current.status === "published" && current.slug !== item.slug) {
    await redirectMovedPage(db, { fromPath: `/content/${current.slug}`, toPath: `/content/${item.slug}` }, actor.id);
  }
  contentChanged();
  await keep(db, actor, { before: created ? null : current, item }, "published", "content.publish", extra);
  return { item, created };
}

export function publishContent(
  db: Database,
  actor: Actor,
  input: ContentFormInput,
  id?: string,
  opened?: OpenedVersion,
): Promise<{ item: ContentItem; created: boolean }> {
  return db.transaction((tx) => publishIn(tx, actor, id, input, {}, opened));
}

/** Unpublishes an item: its pending draft (or the given fields) becomes the row, status draft. */
async function unpublishIn(
  db: Database,
  actor: AuditActor,
  id: string,
  input: ContentFormInput | undefined,
  extra: Record<string, unknown> = {},
  opened?: OpenedVersion,
): Promise<ContentItem> {
  const current = await requireItem(db, id, opened);
  const fields = input ? fieldsOf(input) : workingCopy(current);
  await checkSlug(db, fields.slug, id);
  const item = await writeRow(db, id, { ...fields, status: "draft", draft: null, updatedAt: new Date() });
  contentChanged();
  await keep(db, actor, { before: current, item }, "unpublished", "content.unpublish", extra);
  return item;
}

export function unpublishContent(
  db: Database,
  actor: Actor,
  input: ContentFormInput,
  id: string,
  opened?: OpenedVersion,
): Promise<ContentItem> {
  return db.transaction((tx) => unpublishIn(tx, actor, id, input, {}, opened));
}

/**
 * The list's bulk Publish and Unpublish: each selected item as its editor's button would do it
 * (a published item's pending draft goes live with it), with a revision and an audit entry each,
 * all in one transaction. Items already so, and items in the trash, are left alone; returns those changed.
 */
export function publishContentItems(db: Database, actor: Actor, ids: readonly string[]): Promise<ContentItem[]> {
  return db.transaction(async (tx) => {
    const changed: ContentItem[] = [];
    for (const id of ids) {
      const item = await getContentById(tx, id);
      if (!item || item.deletedAt || (item.status === "published" && !item.draft)) continue;
      changed.push((await publishIn(tx, actor, id, undefined)).item);
    }
    return changed;
  });
}

export function unpublishContentItems(db: Database, actor: Actor, ids: readonly string[]): Promise<ContentItem[]> {
  return db.transaction(async (tx) => {
    const changed: ContentItem[] = [];
    for (const id of ids) {
      const item = await getContentById(tx, id);
      if (!item || item.deletedAt || item.status !== "published") continue;
      changed.push(await unpublishIn(tx, actor, id, undefined));
    }
    return changed;
  });
}

/**
 * Schedule: saves the form as a draft (so the scheduled publication publishes what was typed), then
 * schedules a publication and/or an unpublication at the given instants (London times turned into
 * instants by the caller). At least one time is required.
 */
export function scheduleContent(
  db: Database,
  actor: Actor,
  input: ContentFormInput,
  id: string | undefined,
  times: { publishAt?: Date | null; unpublishAt?: Date | null },
  opened?: OpenedVersion,
): Promise<{ item: ContentItem; created: boolean }> {
  return db.transaction(async (tx) => {
    const saved = await saveDraftIn(tx, actor, input, id, "scheduled", opened);
    if (times.publishAt) {
      await scheduleAction(tx, actor, {
        kind: "content",
        id: saved.item.id,
        action: "publish",
        runAt: times.publishAt,
      });
    }
    if (times.unpublishAt) {
      await scheduleAction(tx, actor, {
        kind: "content",
        id: saved.item.id,
        action: "unpublish",
        runAt: times.unpublishAt,
      });
    }
    return saved;
  });
}

/** Restore: the revision's fields become the item's draft (its row when not published); a new revision. */
export function restoreContentRevision(
  db: Database,
  actor: Actor,
  id: string,
  revisionId: string,
): Promise<ContentItem> {
  return db.transaction(async (tx) => {
    const current = await requireItem(tx, id);
    const revision = await getRevision(tx, "content", id, revisionId);
    if (!revision) throw new ExpectedError(REVISION_NOT_FOUND, { status: 404 });
    const fields = { ...workingCopy(current), ...pick(revision.snapshot) };
    await checkSlug(tx, fields.slug, id);
    const now = new Date();
    const item =
      current.status === "published"
        ? await writeRow(tx, id, { draft: fields, updatedAt: now })
        : await writeRow(tx, id, { ...fields, draft: null, updatedAt: now });
    if (current.status !== "published") contentChanged();
    await keep(tx, actor, { before: current, item }, "restored", "content.restore", {
      revisionId,
      revisionAt: revision.createdAt.toISOString(),
    });
    return item;
  });
}

/** What the scheduler does to content items when their time comes (publishing/scheduler.server.ts). */
export const contentScheduledHandlers: ScheduledActionHandlers = {
  content: {
    publish: async (db, id, actor) => {
      await publishIn(db, actor, id, undefined, { scheduled: true });
    },
    unpublish: async (db, id, actor) => {
      await unpublishIn(db, actor, id, undefined, { scheduled: true });
    },
  },
};
