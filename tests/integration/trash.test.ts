/**
 * The trash and the Content list's bulk actions: deleting moves content, job openings
 * and courses to the trash, out of the public site, the sitemap's list, the assistant's index and
 * the CMS lists; the delete's toast carries an Undo that restores at once; the Trash view restores;
 * the retention job deletes what has been there 30 days. The list's bulk publish, unpublish and
 * delete, and its search of the body text.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, careers, content, trainingCourses } from "../../app/db/schema";
import { contentFormSchema, SLUG_IN_TRASH, type ContentFormInput } from "~/lib/schemas/content";
import type { Actor } from "~/server/platform/audit.server";
import type { Database } from "~/server/platform/db/db.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { collectSiteKnowledge } from "~/server/assistant/site-documents.server";
import { listCareers, listActiveCareers } from "~/server/careers/careers.server";
import { listActiveCourses, listCourses } from "~/server/commerce/courses.server";
import { findPublishedContent, listContent, listPublishedSlugs } from "~/server/content/content.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import * as publishing from "~/server/publishing/publishable.server";
import { purgeExpiredTrash } from "~/server/content/trash-retention.server";
import { routeArgs, toastOf } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "cms-trash" });
const actor = () => ({ id: cms.userId("admin"), email: "admin@example.com" });
const DAY = 24 * 60 * 60 * 1000;

beforeEach(async () => {
  await cms.db.delete(content);
  await cms.db.delete(careers);
  await cms.db.delete(trainingCourses);
  await cms.db.delete(auditLog);
  invalidateAll();
});

/** Saves as the editor's buttons do: Publish for a published status, else Save draft. */
async function saveContentAs(db: Database, actor: Actor, input: ContentFormInput, id?: string) {
  const save = input.status === "published" ? publishing.publish : publishing.saveDraft;
  return { item: (await save(db, actor, contentPublishing, input, id)).row };
}

async function publish(slug: string, body = "") {
  const input = contentFormSchema.parse({ title: `Page ${slug}`, slug, status: "published", content: body });
  return (await saveContentAs(cms.db, actor(), input))!.item;
}

type Answer = { data: { ok: boolean }; init: ResponseInit | null };

async function contentAction(fields: Record<string, string | string[]>) {
  const { action } = await import("~/routes/cms/content");
  const body = new URLSearchParams({ csrf: cms.csrf });
  for (const [name, value] of Object.entries(fields)) {
    for (const one of Array.isArray(value) ? value : [value]) body.append(name, one);
  }
  const request = cms.post("http://localhost/cms/content", {});
  const withBody = new Request(request.url, { method: "POST", headers: request.headers, body });
  return (await action(routeArgs(withBody))) as Answer;
}

async function trashAction(fields: Record<string, string>) {
  const { action } = await import("~/routes/cms/trash");
  return (await action(routeArgs(cms.post("http://localhost/cms/trash", fields)))) as Answer;
}

/** Posts the form the toast's Undo names, as the browser does when Undo is clicked. */
async function clickUndo(answer: Answer) {
  const toast = await toastOf(answer);
  expect(toast?.undo?.action).toBe("/cms/trash");
  return trashAction(toast!.undo!.fields);
}

const getDb = async () => cms.db;

describe("deleting content", () => {
  it("moves it to the trash: gone from the site, the sitemap, the assistant and the list; Undo brings it all back", async () => {
    const page = await publish("trash-me", "<p>Zanzibar</p>");
    const deleted = await contentAction({ intent: "delete", id: page.id });
    expect(deleted.data).toMatchObject({ ok: true });

    await expect(findPublishedContent(getDb, "trash-me")).resolves.toBeUndefined();
    await expect(listPublishedSlugs(cms.db)).resolves.toEqual([]);
    const documents = await collectSiteKnowledge(cms.db, {}, { courses: [], source: "built-in" });
    expect(JSON.stringify(documents)).not.toContain("Zanzibar");
    await expect(listContent(cms.db)).resolves.toMatchObject({ total: 0 });
    await expect(listContent(cms.db, { trashed: true })).resolves.toMatchObject({ total: 1 });

    const undone = await clickUndo(deleted);
    expect(undone.data).toMatchObject({ ok: true });
    await expect(toastOf(undone)).resolves.toMatchObject({ description: "Restored from the trash" });
    await expect(findPublishedContent(getDb, "trash-me")).resolves.toMatchObject({ id: page.id, status: "published" });
    await expect(listContent(cms.db)).resolves.toMatchObject({ total: 1 });
    const audit = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, page.id));
    expect(audit.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(["content.create", "content.delete", "content.restore"]),
    );
  });

  it("keeps a trashed item's slug reserved, with a message that says where it is", async () => {
    const page = await publish("reserved");
    await contentAction({ intent: "delete", id: page.id });
    const again = saveContentAs(cms.db, actor(), contentFormSchema.parse({ title: "Other", slug: "reserved" }));
    await expect(again).rejects.toMatchObject({ message: SLUG_IN_TRASH, field: "slug" });
  });

  it("refuses to restore what is not in the trash, changing nothing", async () => {
    const page = await publish("not-trashed");
    const answer = await trashAction({ intent: "restore", kind: "content", ids: page.id });
    expect(answer.init?.status).toBe(404);
    const malformed = await trashAction({ intent: "restore", kind: "spaceship", ids: page.id });
    expect(malformed.init?.status).toBe(400);
  });
});

describe("deleting job openings and courses", () => {
  it("moves a job opening to the trash and the Trash view restores it", async () => {
    const [job] = await cms.db.insert(careers).values({ title: "Tester", description: "Finds bugs" }).returning();
    const { action } = await import("~/routes/cms/careers");
    const deleted = (await action(
      routeArgs(cms.post("http://localhost/cms/careers", { intent: "delete", id: job!.id })),
    )) as Answer;
    expect((await toastOf(deleted))?.undo?.fields).toMatchObject({ kind: "career", ids: job!.id });
    await expect(listActiveCareers(cms.db)).resolves.toEqual([]);
    await expect(listCareers(cms.db)).resolves.toEqual([]);

    const { loader } = await import("~/routes/cms/trash");
    const view = await loader(routeArgs(cms.request("http://localhost/cms/trash")));
    expect(view.items).toEqual([expect.objectContaining({ kind: "career", id: job!.id, title: "Tester" })]);

    await trashAction({ intent: "restore", kind: "career", ids: job!.id });
    await expect(listActiveCareers(cms.db)).resolves.toEqual([expect.objectContaining({ id: job!.id })]);
  });

  it("moves a course to the trash, out of the catalogue, and Undo restores it", async () => {
    const [course] = await cms.db
      .insert(trainingCourses)
      .values({ name: "Rust", description: "Ownership", duration: "1 day", level: "Beginner", price: 100 })
      .returning();
    const { action } = await import("~/routes/cms/courses");
    const deleted = (await action(
      routeArgs(cms.post("http://localhost/cms/courses", { intent: "delete", id: course!.id })),
    )) as Response;
    await expect(listActiveCourses(cms.db)).resolves.toEqual([]);
    await expect(listCourses(cms.db)).resolves.toEqual([]);
    const cookie = deleted.headers.get("Set-Cookie")!.split(";")[0]!;
    const { getToast } = await import("~/server/platform/toast.server");
    const { toast } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
    await trashAction(toast!.undo!.fields);
    await expect(listActiveCourses(cms.db)).resolves.toEqual([expect.objectContaining({ id: course!.id })]);
  });
});

describe("the retention job", () => {
  it("deletes for good what has been in the trash for 30 days, and keeps the rest", async () => {
    const old = await publish("old-trash");
    const recent = await publish("recent-trash");
    const kept = await publish("not-trashed");
    await cms.db
      .update(content)
      .set({ deletedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(content.id, old.id));
    await cms.db
      .update(content)
      .set({ deletedAt: new Date(Date.now() - 29 * DAY) })
      .where(eq(content.id, recent.id));
    const [job] = await cms.db
      .insert(careers)
      .values({ title: "Gone", deletedAt: new Date(Date.now() - 40 * DAY) })
      .returning();

    const result = await purgeExpiredTrash(cms.db);
    expect(result.content.map((item) => item.id)).toEqual([old.id]);
    expect(result.careers.map((item) => item.id)).toEqual([job!.id]);
    const left = await cms.db.select({ id: content.id }).from(content);
    expect(left.map((row) => row.id).sort()).toEqual([recent.id, kept.id].sort());
    await expect(purgeExpiredTrash(cms.db)).resolves.toMatchObject({ content: [], careers: [], courses: [] });
  });
});

describe("the Content list's bulk actions", () => {
  it("publishes, unpublishes and deletes the selected items, one audit entry each", async () => {
    const drafts = await Promise.all(
      ["bulk-a", "bulk-b", "bulk-c"].map(
        async (slug) => (await saveContentAs(cms.db, actor(), contentFormSchema.parse({ title: slug, slug })))!.item,
      ),
    );
    const ids = drafts.slice(0, 2).map((item) => item.id);

    const published = await contentAction({ intent: "bulk", bulkAction: "publish", ids });
    await expect(toastOf(published)).resolves.toMatchObject({ description: "2 items published" });
    await expect(listPublishedSlugs(cms.db)).resolves.toHaveLength(2);

    const unpublished = await contentAction({ intent: "bulk", bulkAction: "unpublish", ids: [ids[0]!] });
    await expect(toastOf(unpublished)).resolves.toMatchObject({ description: "1 item unpublished" });
    await expect(listPublishedSlugs(cms.db)).resolves.toEqual([expect.objectContaining({ slug: "bulk-b" })]);

    const deleted = await contentAction({ intent: "bulk", bulkAction: "delete", ids });
    const toast = await toastOf(deleted);
    expect(toast).toMatchObject({ description: "2 items moved to the trash" });
    await expect(listContent(cms.db)).resolves.toMatchObject({ total: 1, items: [{ slug: "bulk-c" }] });
    await clickUndo(deleted);
    await expect(listContent(cms.db)).resolves.toMatchObject({ total: 3 });

    const audit = await cms.db.select({ action: auditLog.action }).from(auditLog);
    const count = (action: string) => audit.filter((entry) => entry.action === action).length;
    expect([
      count("content.publish"),
      count("content.unpublish"),
      count("content.delete"),
      count("content.restore"),
    ]).toEqual([2, 1, 2, 2]);
  });

  it("refuses an empty selection or an unknown action, changing nothing", async () => {
    const draft = (await saveContentAs(cms.db, actor(), contentFormSchema.parse({ title: "x", slug: "x" })))!.item;
    const none = await contentAction({ intent: "bulk", bulkAction: "publish" });
    expect(none.init?.status).toBe(400);
    await expect(toastOf(none)).resolves.toMatchObject({
      type: "error",
      description: "Select at least one item first.",
    });
    const unknown = await contentAction({ intent: "bulk", bulkAction: "explode", ids: [draft.id] });
    expect(unknown.init?.status).toBe(400);
    await expect(listPublishedSlugs(cms.db)).resolves.toEqual([]);
  });
});

describe("the Content list's search", () => {
  it("finds a word that is only in the body text, and not the names of its tags", async () => {
    await publish("plain-title", '<p>Our <strong class="quokka-box">marsupial</strong> friends</p>');
    await expect(listContent(cms.db, { q: "marsupial" })).resolves.toMatchObject({ total: 1 });
    await expect(listContent(cms.db, { q: "quokka" })).resolves.toMatchObject({ total: 0 });
    await expect(listContent(cms.db, { q: "strong" })).resolves.toMatchObject({ total: 0 });
  });

  it("finds a word in a job's or a course's description", async () => {
    await cms.db.insert(careers).values({ title: "Engineer", description: "Work with wombats" });
    await cms.db
      .insert(trainingCourses)
      .values({ name: "Go", description: "Gophers and wombats", duration: "1 day", level: "Beginner", price: 10 });
    await expect(listCareers(cms.db, { q: "wombats" })).resolves.toHaveLength(1);
    await expect(listCourses(cms.db, { q: "wombats" })).resolves.toHaveLength(1);
    await expect(listCourses(cms.db, { q: "koalas" })).resolves.toHaveLength(0);
  });
});
