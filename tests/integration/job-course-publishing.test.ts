/**
 * Job openings and courses in the draft, publishing, scheduling and revision model
 * (decision 017; app/server/publishing/publishable.server.ts): an active item's draft stays off the
 * site (and out of the checkout's prices) until Publish, the scheduler publishes it at its time, a
 * revision can be restored, and the rich-text description is stored as text and as sanitised HTML.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { careers, revisions, scheduledActions, trainingCourses } from "../../app/db/schema";
import { careerFormSchema } from "~/lib/schemas/careers";
import { courseFormSchema } from "~/lib/schemas/courses";
import { careerPublishing, findCareer, getActiveCareers } from "~/server/careers/careers.server";
import { coursePublishing, findCourse, findCoursesByIds, getCatalogue } from "~/server/commerce/courses.server";
import type { Actor } from "~/server/platform/audit.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { richDescriptionFromForm } from "~/server/publishing/editor-form.server";
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
import { runDueScheduledActions } from "~/server/publishing/scheduled-actions.server";
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
  await database.db.delete(careers);
  await database.db.delete(trainingCourses);
  invalidateAll();
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

function careerForm(title: string, values: Record<string, string> = {}) {
  return careerFormSchema.parse({ title, description: "Plain words.", ...values });
}

function courseForm(values: Record<string, string> = {}) {
  return courseFormSchema.parse({
    name: "Cloud Foundations",
    description: "The basics.",
    duration: "2 days",
    level: "Beginner",
    price: "500",
    ...values,
  });
}

describe("the rich-text description", () => {
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
});

describe("a job opening's draft", () => {
  it("leaves the live opening untouched until Publish, which applies it and the formatted description", async () => {
    const { row: live } = await publish(database.db, actor, careerPublishing, careerForm("Cloud Engineer"));
    expect((await getActiveCareers(getDb)).map((career) => career.title)).toEqual(["Cloud Engineer"]);

    const rich = richDescriptionFromForm({ description: "", descriptionDocument: JSON.stringify(EDITOR_DOCUMENT) });
    const edit = { ...careerForm("Senior Cloud Engineer"), ...rich };
    const { row: drafted, created } = await saveDraft(database.db, actor, careerPublishing, edit, live.id);
    expect(created).toBe(false);
    expect(publishingState(careerPublishing, drafted)).toBe("changed");
    // The public list and job page still read the live row.
    const [shown] = await getActiveCareers(getDb);
    expect(shown).toMatchObject({ title: "Cloud Engineer", description: "Plain words.", descriptionHtml: null });
    // The editor reads the draft over it.
    expect(workingCopyOf(careerPublishing, (await findCareer(database.db, live.id))!)).toMatchObject({
      title: "Senior Cloud Engineer",
      descriptionHtml: rich.descriptionHtml,
    });

    await publish(database.db, actor, careerPublishing, undefined, live.id);
    const [published] = await getActiveCareers(getDb);
    expect(published).toMatchObject({
      title: "Senior Cloud Engineer",
      description: rich.description,
      descriptionHtml: rich.descriptionHtml,
      draft: null,
      isActive: true,
    });
    expect((await listRevisions(database.db, "career", live.id)).map((row) => row.action)).toEqual([
      "published",
      "saved",
      "published",
    ]);
  });

  it("of a new opening is a draft: saved inactive, off the careers page", async () => {
    const { row, created } = await saveDraft(database.db, actor, careerPublishing, careerForm("Draft role"));
    expect(created).toBe(true);
    expect(row.isActive).toBe(false);
    expect(await getActiveCareers(getDb)).toEqual([]);
  });
});

describe("a course's draft", () => {
  it("changes neither the catalogue nor the price the checkout charges until Publish", async () => {
    const { row: live } = await publish(database.db, actor, coursePublishing, courseForm());
    await saveDraft(database.db, actor, coursePublishing, courseForm({ price: "900", name: "Cloud Mastery" }), live.id);

    expect((await getCatalogue(getDb)).courses).toEqual([
      expect.objectContaining({ id: live.id, name: "Cloud Foundations", price: 500 }),
    ]);
    expect((await findCoursesByIds(database.db, [live.id]))[0]).toMatchObject({ price: 500 });
    expect(workingCopyOf(coursePublishing, (await findCourse(database.db, live.id))!)).toMatchObject({ price: 900 });

    await publish(database.db, actor, coursePublishing, undefined, live.id);
    expect((await getCatalogue(getDb)).courses).toEqual([
      expect.objectContaining({ id: live.id, name: "Cloud Mastery", price: 900 }),
    ]);
  });

  it("Unpublish takes the course off the catalogue with its pending draft as the row", async () => {
    const { row: live } = await publish(database.db, actor, coursePublishing, courseForm());
    await saveDraft(database.db, actor, coursePublishing, courseForm({ duration: "3 days" }), live.id);
    const hidden = await unpublish(database.db, actor, coursePublishing, undefined, live.id);
    expect(hidden).toMatchObject({ isActive: false, draft: null, duration: "3 days" });
  });
});

describe("scheduling", () => {
  it("saves the form as the draft, and the scheduler publishes it at its time (London wall clock → instant)", async () => {
    const { row: live } = await publish(database.db, actor, careerPublishing, careerForm("Data Engineer"));
    const publishAt = new Date(Date.now() + 60_000);
    await scheduleItem(database.db, actor, careerPublishing, careerForm("Lead Data Engineer"), live.id, {
      publishAt,
      unpublishAt: null,
    });
    expect((await getActiveCareers(getDb))[0]?.title).toBe("Data Engineer");

    const early = await runDueScheduledActions(database.db, scheduledHandlers, { now: new Date(Date.now() + 1_000) });
    expect(early).toEqual({ done: 0, failed: 0 });
    const due = await runDueScheduledActions(database.db, scheduledHandlers, { now: new Date(Date.now() + 120_000) });
    expect(due).toEqual({ done: 1, failed: 0 });
    expect(await findCareer(database.db, live.id)).toMatchObject({ title: "Lead Data Engineer", draft: null });
    expect((await getActiveCareers(getDb))[0]?.title).toBe("Lead Data Engineer");
  });

  it("a course scheduled to unpublish leaves the catalogue at its time", async () => {
    const { row: live } = await publish(database.db, actor, coursePublishing, courseForm());
    await scheduleItem(database.db, actor, coursePublishing, courseForm(), live.id, {
      publishAt: null,
      unpublishAt: new Date(Date.now() + 60_000),
    });
    await runDueScheduledActions(database.db, scheduledHandlers, { now: new Date(Date.now() + 120_000) });
    expect((await findCourse(database.db, live.id))?.isActive).toBe(false);
    expect((await getCatalogue(getDb)).source).toBe("built-in");
  });
});

describe("restoring a revision", () => {
  it("makes an active opening's older revision its draft, the live row untouched", async () => {
    const { row: live } = await publish(database.db, actor, careerPublishing, careerForm("First title"));
    await publish(database.db, actor, careerPublishing, careerForm("Second title"), live.id);
    const oldest = (await listRevisions(database.db, "career", live.id)).at(-1)!;

    const restored = await restoreRevision(database.db, actor, careerPublishing, live.id, oldest.id);
    expect(restored).toMatchObject({ title: "Second title", draft: expect.objectContaining({ title: "First title" }) });
    expect((await getActiveCareers(getDb))[0]?.title).toBe("Second title");
    expect((await listRevisions(database.db, "career", live.id))[0]?.action).toBe("restored");
  });

  it("writes an inactive course's older revision into its row; an unknown revision is refused", async () => {
    const { row } = await saveDraft(database.db, actor, coursePublishing, courseForm({ level: "Beginner" }));
    await saveDraft(database.db, actor, coursePublishing, courseForm({ level: "Advanced" }), row.id);
    const oldest = (await listRevisions(database.db, "course", row.id)).at(-1)!;
    await expect(restoreRevision(database.db, actor, coursePublishing, row.id, oldest.id)).resolves.toMatchObject({
      level: "Beginner",
      draft: null,
    });
    await expect(
      restoreRevision(database.db, actor, coursePublishing, row.id, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toThrow("This revision does not exist");
  });
});
