/**
 * Scheduled publishing (app/server/publishing/scheduled-actions.server.ts): due actions
 * are carried out once, even by two runners at the same moment on one database (PGlite here,
 * PostgreSQL in the CI pass with `tests/run.ts --database-only`), at the time of an injectable clock.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { auditLog, careers, content, revisions, scheduledActions, trainingCourses } from "../../app/db/schema";
import { careerFormSchema } from "~/lib/schemas/careers";
import { contentFormSchema } from "~/lib/schemas/content";
import { courseFormSchema } from "~/lib/schemas/courses";
import { careerPublishing, findCareer } from "~/server/careers/careers.server";
import { coursePublishing, findCourse } from "~/server/commerce/courses.server";
import { publish, saveDraft } from "~/server/publishing/publishable.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import { getContentById } from "~/server/content/content.server";
import type { Actor } from "~/server/platform/audit.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import {
  cancelScheduledAction,
  listPendingScheduledActions,
  runDueScheduledActions,
  scheduleAction,
} from "~/server/publishing/scheduled-actions.server";
import { scheduledHandlers } from "~/server/publishing/scheduler.server";
import { createTestDatabase, type TestDatabase } from "./database";
import { createTestActor } from "./test-actor";

let database: TestDatabase;
let actor: Actor;

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

const inAMinute = () => new Date(Date.now() + 60_000);
const inTwoMinutes = () => new Date(Date.now() + 120_000);

async function draftItem(slug: string) {
  const form = contentFormSchema.parse({ title: `Item ${slug}`, slug });
  return (await saveDraft(database.db, actor, contentPublishing, form)).row;
}

describe("runDueScheduledActions", () => {
  it("leaves an action alone before its time and carries it out at its time", async () => {
    const item = await draftItem("on-time");
    await scheduleAction(database.db, actor, { kind: "content", id: item.id, action: "publish", runAt: inAMinute() });

    expect(await runDueScheduledActions(database.db, scheduledHandlers)).toEqual({ done: 0, failed: 0 });
    expect((await getContentById(database.db, item.id))?.status).toBe("draft");

    expect(await runDueScheduledActions(database.db, scheduledHandlers, { now: inTwoMinutes() })).toEqual({
      done: 1,
      failed: 0,
    });
    expect((await getContentById(database.db, item.id))?.status).toBe("published");
    expect(await listPendingScheduledActions(database.db)).toEqual([]);
    // The audit log says who scheduled it.
    const [audit] = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "content.publish"), eq(auditLog.entityId, item.id)));
    expect(audit).toMatchObject({ userEmail: actor.email, details: expect.objectContaining({ scheduled: true }) });
  });

  it("carries out each due action exactly once when two runners claim at the same moment", async () => {
    const items = await Promise.all(Array.from({ length: 12 }, (_, index) => draftItem(`race-${index}`)));
    for (const item of items) {
      await scheduleAction(database.db, actor, { kind: "content", id: item.id, action: "publish", runAt: inAMinute() });
    }
    const now = inTwoMinutes();
    const [first, second] = await Promise.all([
      runDueScheduledActions(database.db, scheduledHandlers, { now }),
      runDueScheduledActions(database.db, scheduledHandlers, { now }),
    ]);
    expect(first!.done + second!.done).toBe(items.length);
    expect(first!.failed + second!.failed).toBe(0);
    const publications = await database.db.select().from(auditLog).where(eq(auditLog.action, "content.publish"));
    const ids = publications.map((row) => row.entityId).filter((id) => items.some((item) => item.id === id));
    expect(ids).toHaveLength(items.length);
    expect(new Set(ids).size).toBe(items.length);
    const published = await database.db.select().from(revisions).where(eq(revisions.action, "published"));
    expect(published).toHaveLength(items.length);
  });

  it("unpublishes at its time, applying any pending draft to the row", async () => {
    const form = contentFormSchema.parse({ title: "Live", slug: "going-away" });
    const { row: item } = await publish(database.db, actor, contentPublishing, form);
    await saveDraft(database.db, actor, contentPublishing, { ...form, title: "Pending" }, item.id);
    await scheduleAction(database.db, actor, { kind: "content", id: item.id, action: "unpublish", runAt: inAMinute() });
    await runDueScheduledActions(database.db, scheduledHandlers, { now: inTwoMinutes() });
    expect(await getContentById(database.db, item.id)).toMatchObject({
      status: "draft",
      title: "Pending",
      draft: null,
    });
  });

  it("marks an action it cannot carry out as done with its reason, and does not try it again", async () => {
    const item = await draftItem("gone");
    const scheduled = await scheduleAction(database.db, actor, {
      kind: "content",
      id: item.id,
      action: "publish",
      runAt: inAMinute(),
    });
    await database.db.delete(content).where(eq(content.id, item.id));
    expect(await runDueScheduledActions(database.db, scheduledHandlers, { now: inTwoMinutes() })).toEqual({
      done: 0,
      failed: 1,
    });
    const [row] = await database.db.select().from(scheduledActions).where(eq(scheduledActions.id, scheduled.id));
    expect(row?.doneAt).not.toBeNull();
    expect(row?.error).toMatch(/does not exist/);
    expect(await runDueScheduledActions(database.db, scheduledHandlers, { now: inTwoMinutes() })).toEqual({
      done: 0,
      failed: 0,
    });
  });
});

describe("job openings and courses", () => {
  it("are shown (is_active) and hidden at their time, each save and change keeping a revision", async () => {
    // Save draft creates an inactive item (decision 017).
    const { row: career } = await saveDraft(
      database.db,
      actor,
      careerPublishing,
      careerFormSchema.parse({ title: "Scheduled engineer", isActive: "false" }),
    );
    const { row: course } = await saveDraft(
      database.db,
      actor,
      coursePublishing,
      courseFormSchema.parse({
        name: "Scheduled course",
        description: "What it teaches.",
        duration: "1 day",
        level: "Beginner",
        price: "100",
        isActive: "false",
      }),
    );
    expect(career.isActive).toBe(false);
    expect(course.isActive).toBe(false);
    await scheduleAction(database.db, actor, { kind: "career", id: career.id, action: "publish", runAt: inAMinute() });
    await scheduleAction(database.db, actor, { kind: "course", id: course.id, action: "publish", runAt: inAMinute() });
    expect(await runDueScheduledActions(database.db, scheduledHandlers, { now: inTwoMinutes() })).toEqual({
      done: 2,
      failed: 0,
    });
    expect((await findCareer(database.db, career.id))?.isActive).toBe(true);
    expect((await findCourse(database.db, course.id))?.isActive).toBe(true);
    expect((await listRevisions(database.db, "career", career.id)).map((row) => row.action)).toEqual([
      "published",
      "saved",
    ]);
    expect((await listRevisions(database.db, "course", course.id)).map((row) => row.action)).toEqual([
      "published",
      "saved",
    ]);
    await database.db.delete(careers).where(eq(careers.id, career.id));
    await database.db.delete(trainingCourses).where(eq(trainingCourses.id, course.id));
  });
});

describe("cancelScheduledAction", () => {
  it("removes a pending action with an audit entry, and refuses one that already ran", async () => {
    const item = await draftItem("cancelled");
    const scheduled = await scheduleAction(database.db, actor, {
      kind: "content",
      id: item.id,
      action: "publish",
      runAt: inAMinute(),
    });
    expect((await listPendingScheduledActions(database.db)).map((row) => row.title)).toEqual(["Item cancelled"]);
    await cancelScheduledAction(database.db, actor, scheduled.id, { kind: "content" });
    expect(await listPendingScheduledActions(database.db)).toEqual([]);
    await expect(cancelScheduledAction(database.db, actor, scheduled.id, { kind: "content" })).rejects.toThrow(
      /already run or was cancelled/,
    );
    const audit = await database.db.select().from(auditLog).where(eq(auditLog.action, "content.schedule_cancel"));
    expect(audit.map((row) => row.userEmail)).toEqual([actor.email]);
    expect(await runDueScheduledActions(database.db, scheduledHandlers, { now: inTwoMinutes() })).toEqual({
      done: 0,
      failed: 0,
    });
  });

  it("cancels only an action of the kind, and of the item, it is told", async () => {
    const item = await draftItem("kept");
    const other = await draftItem("other");
    const scheduled = await scheduleAction(database.db, actor, {
      kind: "content",
      id: item.id,
      action: "publish",
      runAt: inAMinute(),
    });
    for (const of of [{ kind: "career" }, { kind: "course" }, { kind: "content", entityId: other.id }] as const) {
      await expect(cancelScheduledAction(database.db, actor, scheduled.id, of), JSON.stringify(of)).rejects.toThrow(
        /already run or was cancelled/,
      );
    }
    expect((await listPendingScheduledActions(database.db)).map((row) => row.id)).toEqual([scheduled.id]);
    await cancelScheduledAction(database.db, actor, scheduled.id, { kind: "content", entityId: item.id });
    expect(await listPendingScheduledActions(database.db)).toEqual([]);
  });
});
