/**
 * Drafts and publishing of content items (the publishing model with content-publishing.server.ts
 * and decision 015): a published item's draft leaves the live row untouched until Publish, the
 * publish date stays the first publication's, each action keeps a revision and an audit entry.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, content, revisions, scheduledActions } from "../../app/db/schema";
import { contentFormSchema, SLUG_TAKEN, type ContentFormInput } from "~/lib/schemas/content";
import { contentPublishing } from "~/server/content/content-publishing.server";
import {
  publish,
  publishingState,
  restoreRevision,
  saveDraft,
  scheduleItem,
  unpublish,
  workingCopyOf,
} from "~/server/publishing/publishable.server";
import { findPublishedContent, getContentById, toContentPageView } from "~/server/content/content.server";
import type { Actor } from "~/server/platform/audit.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import { SCHEDULE_IN_PAST } from "~/server/publishing/scheduled-actions.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createTestActor } from "./test-actor";

let database: TestDatabase;
let actor: Actor;
const getDb = async () => database.db;

beforeAll(async () => {
  database = await createTestDatabase();
  actor = await createTestActor(database.db);
});
afterAll(() => database.destroy());

beforeEach(async () => {
  await database.db.delete(scheduledActions);
  await database.db.delete(revisions);
  await database.db.delete(content);
  invalidateAll();
});

function input(overrides: Partial<Record<keyof ContentFormInput, string>> = {}): ContentFormInput {
  return contentFormSchema.parse({ title: "Live title", slug: "a-page", content: "<p>Live body</p>", ...overrides });
}

async function auditActions(id: string): Promise<string[]> {
  const rows = await database.db
    .select({ action: auditLog.action, userEmail: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "content"), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);
  for (const row of rows) expect(row.userEmail).toBe(actor.email);
  return rows.map((row) => row.action);
}

describe("drafts of a published item", () => {
  it("leave the live page untouched until Publish, which applies them", async () => {
    const { row: published } = await publish(database.db, actor, contentPublishing, input());
    expect(publishingState(contentPublishing, published)).toBe("published");

    const { row: drafted } = await saveDraft(
      database.db,
      actor,
      contentPublishing,
      input({ title: "Draft title", content: "<p>Draft body</p>" }),
      published.id,
    );
    expect(publishingState(contentPublishing, drafted)).toBe("changed");
    // The row (what the public reads) is as it was; the editor sees the draft.
    expect(drafted).toMatchObject({ title: "Live title", content: "<p>Live body</p>", status: "published" });
    expect(workingCopyOf(contentPublishing, drafted)).toMatchObject({
      title: "Draft title",
      content: "<p>Draft body</p>",
    });
    expect((await findPublishedContent(getDb, "a-page"))?.title).toBe("Live title");

    const { row: republished } = await publish(
      database.db,
      actor,
      contentPublishing,
      input({ title: "Draft title", content: "<p>Draft body</p>" }),
      published.id,
    );
    expect(republished).toMatchObject({ title: "Draft title", draft: null, status: "published" });
    expect((await findPublishedContent(getDb, "a-page"))?.title).toBe("Draft title");
    expect(await auditActions(published.id)).toEqual([
      "content.create",
      "content.publish",
      "content.update",
      "content.publish",
    ]);
  });

  it("of an unpublished item are saved in its row", async () => {
    const { row: item, created } = await saveDraft(database.db, actor, contentPublishing, input());
    expect(created).toBe(true);
    const { row: saved } = await saveDraft(database.db, actor, contentPublishing, input({ title: "Edited" }), item.id);
    expect(saved).toMatchObject({ title: "Edited", status: "draft", draft: null, publishedAt: null });
    expect(publishingState(contentPublishing, saved)).toBe("draft");
    expect(await findPublishedContent(getDb, "a-page")).toBeUndefined();
  });

  it("refuse a slug another item uses and change nothing", async () => {
    await publish(database.db, actor, contentPublishing, input({ slug: "taken" }));
    const { row: item } = await publish(database.db, actor, contentPublishing, input());
    const attempt = saveDraft(
      database.db,
      actor,
      contentPublishing,
      input({ slug: "taken", title: "Changed" }),
      item.id,
    );
    await expect(attempt).rejects.toThrow(SLUG_TAKEN);
    expect((await getContentById(database.db, item.id))?.draft).toBeNull();
  });
});

describe("the publish date", () => {
  it("stays the first publication's, with the latest as the page's Updated date", async () => {
    const first = new Date("2026-03-02T09:00:00.000Z");
    const later = new Date("2026-04-10T15:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"], now: first });
    try {
      const { row: item } = await publish(database.db, actor, contentPublishing, input());
      expect(item.publishedAt).toEqual(first);
      expect(toContentPageView(item, {})).toMatchObject({ publishedLabel: "2 March 2026", updatedLabel: null });

      vi.setSystemTime(later);
      await unpublish(database.db, actor, contentPublishing, input(), item.id);
      const { row: again } = await publish(database.db, actor, contentPublishing, input({ title: "Second" }), item.id);
      expect(again.publishedAt).toEqual(first);
      expect(again.lastPublishedAt).toEqual(later);
      expect(toContentPageView(again, {})).toMatchObject({
        publishedLabel: "2 March 2026",
        updatedLabel: "10 April 2026",
        updatedAt: later.toISOString(),
      });
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("unpublishing", () => {
  it("takes the page off the site and keeps what was typed in the row", async () => {
    const { row: item } = await publish(database.db, actor, contentPublishing, input());
    await saveDraft(database.db, actor, contentPublishing, input({ title: "Pending" }), item.id);
    const unpublished = await unpublish(database.db, actor, contentPublishing, input({ title: "Pending" }), item.id);
    expect(unpublished).toMatchObject({ status: "draft", title: "Pending", draft: null });
    expect(unpublished.publishedAt).not.toBeNull();
    expect(await findPublishedContent(getDb, "a-page")).toBeUndefined();
    expect(await auditActions(item.id)).toContain("content.unpublish");
  });
});

describe("scheduling", () => {
  it("saves the draft and records who scheduled what, when", async () => {
    const { row: item } = await publish(database.db, actor, contentPublishing, input());
    const publishAt = new Date(Date.now() + 3_600_000);
    const unpublishAt = new Date(Date.now() + 7_200_000);
    await scheduleItem(database.db, actor, contentPublishing, input({ title: "Later" }), item.id, {
      publishAt,
      unpublishAt,
    });
    const pending = await database.db.select().from(scheduledActions).where(eq(scheduledActions.entityId, item.id));
    expect(pending.map((row) => [row.action, row.runAt.toISOString(), row.createdByEmail]).sort()).toEqual([
      ["publish", publishAt.toISOString(), actor.email],
      ["unpublish", unpublishAt.toISOString(), actor.email],
    ]);
    expect(workingCopyOf(contentPublishing, (await getContentById(database.db, item.id))!).title).toBe("Later");
    expect((await findPublishedContent(getDb, "a-page"))?.title).toBe("Live title");
    const audit = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.schedule"), eq(auditLog.entityId, item.id)));
    expect(audit.map((row) => [row.userEmail, row.details.action])).toEqual(
      expect.arrayContaining([
        [actor.email, "publish"],
        [actor.email, "unpublish"],
      ]),
    );

    // Scheduling again replaces the pending publication rather than adding a second one.
    await scheduleItem(database.db, actor, contentPublishing, input({ title: "Later" }), item.id, {
      publishAt: new Date(Date.now() + 60_000),
      unpublishAt: null,
    });
    const again = await database.db.select().from(scheduledActions).where(eq(scheduledActions.entityId, item.id));
    expect(again.filter((row) => row.action === "publish")).toHaveLength(1);
  });

  it("refuses a time in the past and changes nothing", async () => {
    const { row: item } = await publish(database.db, actor, contentPublishing, input());
    const attempt = scheduleItem(database.db, actor, contentPublishing, input({ title: "Never" }), item.id, {
      publishAt: new Date(Date.now() - 60_000),
      unpublishAt: null,
    });
    await expect(attempt).rejects.toThrow(SCHEDULE_IN_PAST);
    expect((await getContentById(database.db, item.id))?.draft).toBeNull();
    expect(await database.db.select().from(scheduledActions)).toHaveLength(0);
  });
});

describe("revisions", () => {
  it("every save keeps one, and restoring one makes it the draft (a new revision)", async () => {
    const { row: item } = await publish(database.db, actor, contentPublishing, input());
    await saveDraft(database.db, actor, contentPublishing, input({ title: "Second" }), item.id);
    await publish(database.db, actor, contentPublishing, input({ title: "Second" }), item.id);
    const history = await listRevisions(database.db, "content", item.id);
    expect(history.map((revision) => revision.action)).toEqual(["published", "saved", "published"]);
    expect(history.every((revision) => revision.userEmail === actor.email)).toBe(true);

    const firstPublished = history[2]!;
    const restored = await restoreRevision(database.db, actor, contentPublishing, item.id, firstPublished.id);
    // Published: the old version becomes the pending draft; the live page keeps "Second" until Publish.
    expect(restored.title).toBe("Second");
    expect(workingCopyOf(contentPublishing, restored).title).toBe("Live title");
    expect((await listRevisions(database.db, "content", item.id))[0]?.action).toBe("restored");
    expect(await auditActions(item.id)).toContain("content.restore");
  });

  it("refuses another item's revision", async () => {
    const { row: one } = await saveDraft(database.db, actor, contentPublishing, input({ slug: "one" }));
    const { row: two } = await saveDraft(database.db, actor, contentPublishing, input({ slug: "two" }));
    const [revision] = await listRevisions(database.db, "content", one.id);
    await expect(restoreRevision(database.db, actor, contentPublishing, two.id, revision!.id)).rejects.toBeInstanceOf(
      ExpectedError,
    );
  });
});
