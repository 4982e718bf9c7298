/**
 * The one publishing engine (app/server/publishing/publishable.server.ts): its rules are written
 * once below and run for every kind that publishes (content items, job openings, courses), each
 * read back through what the public site itself reads. A published item's draft stays off the
 * site until Publish; a new item is a draft; Unpublish keeps what was typed; the scheduler acts at
 * its time; every action keeps a revision and an audit entry. What only one kind has (slugs and the
 * publish date of content, the formatted description of job openings, the price the checkout
 * charges for a course) follows, kind by kind.
 */
import { and, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, careers, content, revisions, scheduledActions, trainingCourses } from "../../app/db/schema";
import { careerFormSchema } from "~/lib/schemas/careers";
import { contentFormSchema, SLUG_TAKEN } from "~/lib/schemas/content";
import { courseFormSchema } from "~/lib/schemas/courses";
import { careerPublishing, findCareer, getActiveCareers } from "~/server/careers/careers.server";
import { coursePublishing, findCoursesByIds, getCatalogue } from "~/server/commerce/courses.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import { getContentById, listPublishedTitles, toContentPageView } from "~/server/content/content.server";
import type { Actor } from "~/server/platform/audit.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { richDescriptionFromForm } from "~/server/publishing/editor-form.server";
import type { Publishable, PublishableRow } from "~/server/publishing/publishable-kind.server";
import {
  publish,
  publishingState,
  restoreRevision,
  saveDraft,
  scheduleItem,
  unpublish,
  workingCopyOf,
} from "~/server/publishing/publishable.server";
import { publicDescriptionHtml } from "~/server/publishing/public-description.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import { runDueScheduledActions, SCHEDULE_IN_PAST } from "~/server/publishing/scheduled-actions.server";
import { scheduledHandlers } from "~/server/publishing/scheduler.server";
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
  await database.db.delete(careers);
  await database.db.delete(trainingCourses);
  invalidateAll();
});

/** A kind of content as these tests drive it. */
interface KindUnderTest<Row extends PublishableRow, Fields extends Record<string, unknown>> {
  name: string;
  publishing: Publishable<Row, Fields>;
  /** A valid form whose label (title or name) is `label`; `item` tells items apart where a kind needs it (a slug). */
  form(label: string, item?: string): Record<string, unknown>;
  /** The label of a row or of a working copy. */
  labelOf(fields: Row | Fields): unknown;
  /** The labels the public site shows now, read as the public site reads them. */
  publicLabels(): Promise<string[]>;
}

/** A kind under test, its row and field types taken from its publishing declaration. */
function kindUnderTest<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  subject: KindUnderTest<Row, Fields>,
): KindUnderTest<Row, Fields> {
  return subject;
}

const contentItems = kindUnderTest({
  name: "a content item",
  publishing: contentPublishing,
  form: (label, item = "a-page") => contentFormSchema.parse({ title: label, slug: item, content: "<p>Body</p>" }),
  labelOf: (fields) => fields.title,
  publicLabels: async () => (await listPublishedTitles(database.db)).map((item) => item.title),
});

const jobOpenings = kindUnderTest({
  name: "a job opening",
  publishing: careerPublishing,
  form: (label) => careerFormSchema.parse({ title: label, description: "Plain words." }),
  labelOf: (fields) => fields.title,
  publicLabels: async () => (await getActiveCareers(getDb)).map((career) => career.title),
});

const courseForm = (values: Record<string, string> = {}) =>
  courseFormSchema.parse({
    name: "Cloud Foundations",
    description: "The basics.",
    duration: "2 days",
    level: "Beginner",
    price: "500",
    ...values,
  });

const courses = kindUnderTest({
  name: "a course",
  publishing: coursePublishing,
  form: (label) => courseForm({ name: label }),
  labelOf: (fields) => fields.name,
  publicLabels: async () => {
    const catalogue = await getCatalogue(getDb);
    // With no course published the training page shows the built-in catalogue, none of ours.
    return catalogue.source === "database" ? catalogue.courses.map((course) => course.name) : [];
  },
});

/** The audit actions recorded for this item, in order, each by the test's actor. */
async function auditActions(entity: string, id: string): Promise<string[]> {
  const rows = await database.db
    .select({ action: auditLog.action, userEmail: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, id)))
    .orderBy(auditLog.createdAt);
  for (const row of rows) expect(row.userEmail).toBe(actor.email);
  return rows.map((row) => row.action);
}

function publishingRules<Row extends PublishableRow, Fields extends Record<string, unknown>>(
  subject: KindUnderTest<Row, Fields>,
): void {
  const { publishing: kind, form, labelOf, publicLabels } = subject;
  const { audit } = kind;
  const stored = async (id: string) => (await kind.find(database.db, id))!;

  describe(`${subject.name}: the publishing engine`, () => {
    it("a published item's draft leaves the site untouched until Publish, which applies it", async () => {
      const { row: live } = await publish(database.db, actor, kind, form("Live"));
      expect(publishingState(kind, live)).toBe("published");
      expect(await publicLabels()).toEqual(["Live"]);

      const { row: drafted, created } = await saveDraft(database.db, actor, kind, form("Draft"), live.id);
      expect(created).toBe(false);
      expect(publishingState(kind, drafted)).toBe("changed");
      // The row (what the public reads) is as it was; the editor reads the draft over it.
      expect(labelOf(drafted)).toBe("Live");
      expect(labelOf(workingCopyOf(kind, drafted))).toBe("Draft");
      expect(await publicLabels()).toEqual(["Live"]);

      const { row: published } = await publish(database.db, actor, kind, form("Draft"), live.id);
      expect(published).toMatchObject({ draft: null });
      expect(publishingState(kind, published)).toBe("published");
      expect(await publicLabels()).toEqual(["Draft"]);
      expect((await listRevisions(database.db, kind.kind, live.id)).map((row) => row.action)).toEqual([
        "published",
        "saved",
        "published",
      ]);
      expect(await auditActions(audit.entity, live.id)).toEqual([
        audit.actions.create,
        audit.actions.publish,
        audit.actions.update,
        audit.actions.publish,
      ]);
    });

    it("a new item is a draft, off the site; saving it again changes its row", async () => {
      const { row: item, created } = await saveDraft(database.db, actor, kind, form("Draft"));
      expect(created).toBe(true);
      expect(publishingState(kind, item)).toBe("draft");
      const { row: saved } = await saveDraft(database.db, actor, kind, form("Edited"), item.id);
      expect(labelOf(saved)).toBe("Edited");
      expect(saved.draft).toBeNull();
      expect(await publicLabels()).toEqual([]);
    });

    it("Unpublish takes it off the site with what was typed as its row", async () => {
      const { row: item } = await publish(database.db, actor, kind, form("Live"));
      await saveDraft(database.db, actor, kind, form("Pending"), item.id);
      const unpublished = await unpublish(database.db, actor, kind, form("Pending"), item.id);
      expect(publishingState(kind, unpublished)).toBe("draft");
      expect(labelOf(unpublished)).toBe("Pending");
      expect(unpublished.draft).toBeNull();
      expect(await publicLabels()).toEqual([]);
      expect(await auditActions(audit.entity, item.id)).toContain(audit.actions.unpublish);
    });

    it("Schedule saves the draft and records who scheduled what; scheduling again replaces it", async () => {
      const { row: item } = await publish(database.db, actor, kind, form("Live"));
      const publishAt = new Date(Date.now() + 3_600_000);
      const unpublishAt = new Date(Date.now() + 7_200_000);
      await scheduleItem(database.db, actor, kind, form("Later"), item.id, { publishAt, unpublishAt });
      const pending = await database.db.select().from(scheduledActions).where(eq(scheduledActions.entityId, item.id));
      expect(pending.map((row) => [row.action, row.runAt.toISOString(), row.createdByEmail]).sort()).toEqual([
        ["publish", publishAt.toISOString(), actor.email],
        ["unpublish", unpublishAt.toISOString(), actor.email],
      ]);
      expect(labelOf(workingCopyOf(kind, await stored(item.id)))).toBe("Later");
      expect(await publicLabels()).toEqual(["Live"]);
      const scheduledEntries = await database.db
        .select()
        .from(auditLog)
        .where(and(like(auditLog.action, "%.schedule"), eq(auditLog.entityId, item.id)));
      expect(scheduledEntries.map((row) => [row.userEmail, row.details.action]).sort()).toEqual([
        [actor.email, "publish"],
        [actor.email, "unpublish"],
      ]);

      await scheduleItem(database.db, actor, kind, form("Later"), item.id, {
        publishAt: new Date(Date.now() + 60_000),
        unpublishAt: null,
      });
      const again = await database.db.select().from(scheduledActions).where(eq(scheduledActions.entityId, item.id));
      expect(again.filter((row) => row.action === "publish")).toHaveLength(1);
    });

    it("the scheduler publishes at its time, not before, and unpublishes at its time", async () => {
      const { row: item } = await publish(database.db, actor, kind, form("Live"));
      const publishAt = new Date(Date.now() + 60_000);
      const unpublishAt = new Date(Date.now() + 3_600_000);
      await scheduleItem(database.db, actor, kind, form("Scheduled"), item.id, { publishAt, unpublishAt });

      const at = (time: Date, seconds: number) => ({ now: new Date(time.getTime() + seconds * 1000) });
      expect(await runDueScheduledActions(database.db, scheduledHandlers, at(publishAt, -1))).toEqual({
        done: 0,
        failed: 0,
      });
      expect(await runDueScheduledActions(database.db, scheduledHandlers, at(publishAt, 1))).toEqual({
        done: 1,
        failed: 0,
      });
      expect(await publicLabels()).toEqual(["Scheduled"]);
      expect((await stored(item.id)).draft).toBeNull();
      await runDueScheduledActions(database.db, scheduledHandlers, at(unpublishAt, 1));
      expect(await publicLabels()).toEqual([]);
    });

    it("Schedule refuses a time in the past and changes nothing", async () => {
      const { row: item } = await publish(database.db, actor, kind, form("Live"));
      const attempt = scheduleItem(database.db, actor, kind, form("Never"), item.id, {
        publishAt: new Date(Date.now() - 60_000),
        unpublishAt: null,
      });
      await expect(attempt).rejects.toThrow(SCHEDULE_IN_PAST);
      expect((await stored(item.id)).draft).toBeNull();
      expect(await database.db.select().from(scheduledActions)).toHaveLength(0);
    });

    it("restoring a published item's revision makes it the draft, the site untouched", async () => {
      const { row: item } = await publish(database.db, actor, kind, form("First"));
      await publish(database.db, actor, kind, form("Second"), item.id);
      const oldest = (await listRevisions(database.db, kind.kind, item.id)).at(-1)!;

      const restored = await restoreRevision(database.db, actor, kind, item.id, oldest.id);
      expect(labelOf(restored)).toBe("Second");
      expect(labelOf(workingCopyOf(kind, restored))).toBe("First");
      expect(await publicLabels()).toEqual(["Second"]);
      expect((await listRevisions(database.db, kind.kind, item.id))[0]?.action).toBe("restored");
      expect(await auditActions(audit.entity, item.id)).toContain(audit.actions.restoreRevision);
    });

    it("restoring an unpublished item's revision writes its row; another item's or an unknown one is refused", async () => {
      const { row: item } = await saveDraft(database.db, actor, kind, form("First", "one"));
      await saveDraft(database.db, actor, kind, form("Second", "one"), item.id);
      const oldest = (await listRevisions(database.db, kind.kind, item.id)).at(-1)!;
      const restored = await restoreRevision(database.db, actor, kind, item.id, oldest.id);
      expect(labelOf(restored)).toBe("First");
      expect(restored.draft).toBeNull();

      const { row: other } = await saveDraft(database.db, actor, kind, form("Other", "two"));
      await expect(restoreRevision(database.db, actor, kind, other.id, oldest.id)).rejects.toThrow(
        "This revision does not exist",
      );
      await expect(
        restoreRevision(database.db, actor, kind, item.id, "00000000-0000-4000-8000-000000000000"),
      ).rejects.toThrow("This revision does not exist");
    });
  });
}

publishingRules(contentItems);
publishingRules(jobOpenings);
publishingRules(courses);

describe("content items: slugs and dates", () => {
  it("a draft with a slug another item uses is refused and changes nothing", async () => {
    await publish(database.db, actor, contentPublishing, contentItems.form("Taken", "taken"));
    const { row: item } = await publish(database.db, actor, contentPublishing, contentItems.form("Live"));
    const attempt = saveDraft(database.db, actor, contentPublishing, contentItems.form("Changed", "taken"), item.id);
    await expect(attempt).rejects.toThrow(SLUG_TAKEN);
    expect((await getContentById(database.db, item.id))?.draft).toBeNull();
  });

  it("the publish date stays the first publication's, with the latest as the page's Updated date", async () => {
    const first = new Date("2026-03-02T09:00:00.000Z");
    const later = new Date("2026-04-10T15:00:00.000Z");
    vi.useFakeTimers({ toFake: ["Date"], now: first });
    try {
      const { row: item } = await publish(database.db, actor, contentPublishing, contentItems.form("First"));
      expect(item.publishedAt).toEqual(first);
      expect(toContentPageView(item, {})).toMatchObject({ publishedLabel: "2 March 2026", updatedLabel: null });

      vi.setSystemTime(later);
      await unpublish(database.db, actor, contentPublishing, contentItems.form("First"), item.id);
      const { row: again } = await publish(database.db, actor, contentPublishing, contentItems.form("Second"), item.id);
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

/** What the editor posts for a description typed with a heading, bold text and a list. */
const EDITOR_DOCUMENT = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "About the role" }] },
    {
      type: "paragraph",
      content: [
        { type: "text", text: "You will run " },
        { type: "text", marks: [{ type: "bold" }], text: "our cloud" },
        { type: "text", text: "." },
      ],
    },
    {
      type: "bulletList",
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Terraform" }] }] },
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Kubernetes" }] }] },
      ],
    },
  ],
};

describe("the rich-text description of job openings and courses", () => {
  it("is kept as sanitised HTML and as its text, from the editor's document", () => {
    const description = richDescriptionFromForm({
      description: "<p>ignored when a document is posted</p>",
      descriptionDocument: JSON.stringify(EDITOR_DOCUMENT),
    });
    expect(description.descriptionHtml).toBe(
      "<h2>About the role</h2><p>You will run <strong>our cloud</strong>.</p><ul><li><p>Terraform</p></li><li><p>Kubernetes</p></li></ul>",
    );
    expect(description.description).toBe("About the role\n\nYou will run our cloud.\n\nTerraform\nKubernetes");
    expect(description.document).toEqual(EDITOR_DOCUMENT);
  });

  it("posted as HTML alone (no JavaScript), goes through the sanitiser: nothing that runs is kept", () => {
    const description = richDescriptionFromForm({
      description: '<p onclick="alert(1)">Hi <script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
    });
    expect(description.descriptionHtml).not.toMatch(/onclick|<script|javascript:/i);
    expect(description.document).toBeNull();
  });

  it("an unreadable document is refused on its field, not replaced by the HTML", () => {
    expect(() => richDescriptionFromForm({ description: "<p>x</p>", descriptionDocument: "{not json" })).toThrow(
      "The editor's document could not be read",
    );
  });

  it("a never-edited item has no HTML, so its page renders its plain text as before", () => {
    expect(publicDescriptionHtml(null, {})).toBeNull();
    expect(publicDescriptionHtml("<p>{{company_name}} hires</p>", { company_name: "A & B" })).toBe(
      "<p>A &amp; B hires</p>",
    );
  });

  it("a job opening's formatted description reaches its public page with Publish, not before", async () => {
    const { row: live } = await publish(database.db, actor, careerPublishing, jobOpenings.form("Cloud Engineer"));
    const rich = richDescriptionFromForm({ description: "", descriptionDocument: JSON.stringify(EDITOR_DOCUMENT) });
    await saveDraft(database.db, actor, careerPublishing, { ...jobOpenings.form("Cloud Engineer"), ...rich }, live.id);
    expect((await getActiveCareers(getDb))[0]).toMatchObject({ description: "Plain words.", descriptionHtml: null });
    expect(workingCopyOf(careerPublishing, (await findCareer(database.db, live.id))!)).toMatchObject({
      descriptionHtml: rich.descriptionHtml,
    });

    await publish(database.db, actor, careerPublishing, undefined, live.id);
    expect((await getActiveCareers(getDb))[0]).toMatchObject({
      description: rich.description,
      descriptionHtml: rich.descriptionHtml,
    });
  });
});

describe("courses: the price the checkout charges", () => {
  it("stays the live row's until Publish, whatever the draft says", async () => {
    const { row: live } = await publish(database.db, actor, coursePublishing, courseForm());
    await saveDraft(database.db, actor, coursePublishing, courseForm({ price: "900" }), live.id);
    expect((await getCatalogue(getDb)).courses).toEqual([expect.objectContaining({ id: live.id, price: 500 })]);
    expect((await findCoursesByIds(database.db, [live.id]))[0]).toMatchObject({ price: 500 });

    await publish(database.db, actor, coursePublishing, undefined, live.id);
    expect((await findCoursesByIds(database.db, [live.id]))[0]).toMatchObject({ price: 900 });
  });
});
