/**
 * Two editors on one item, for every kind (content items, job openings, courses): a save
 * over someone else's newer change is refused (409) and changes nothing, whatever came in between
 * (a save, a restore, a scheduled publication); a save from the new version goes through; the
 * editor's action answers with who saved, when, and how their version differs from the form
 * (publishing/edit-conflicts.server.ts, publishing/publishable.server.ts,
 * routes/cms/publishable-editor.server.ts, routes/cms/edit-conflict-answer.server.ts).
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, careers, content, revisions, scheduledActions, trainingCourses } from "../../app/db/schema";
import { BASE_VERSION_FIELD, EDIT_CONFLICT_MESSAGES, isEditConflict } from "~/lib/cms/edit-conflict";
import { careerFormSchema } from "~/lib/schemas/careers";
import { contentFormSchema } from "~/lib/schemas/content";
import { courseFormSchema } from "~/lib/schemas/courses";
import { careerPublishing } from "~/server/careers/careers.server";
import { coursePublishing } from "~/server/commerce/courses.server";
import { contentPublishing } from "~/server/content/content-publishing.server";
import type { Actor } from "~/server/platform/audit.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { EditConflictError, editVersion } from "~/server/publishing/edit-conflicts.server";
import {
  publish,
  restoreRevision,
  saveDraft,
  scheduleItem,
  unpublish,
  workingCopyOf,
} from "~/server/publishing/publishable.server";
import type { Publishable, PublishableRow } from "~/server/publishing/publishable-kind.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import { runDueScheduledActions, scheduleAction } from "~/server/publishing/scheduled-actions.server";
import { scheduledHandlers } from "~/server/publishing/scheduler.server";
import { setUpCmsHarness } from "./cms-harness";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const cms = setUpCmsHarness({ name: "cms-edit-conflicts" });
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  alice = await createTestActor(cms.db);
  bob = await createTestActor(cms.db);
});

beforeEach(async () => {
  invalidateAll();
  await cms.db.delete(scheduledActions);
  await cms.db.delete(revisions);
  await cms.db.delete(careers);
  await cms.db.delete(trainingCourses);
  await cms.db.delete(content);
});

type AnyPublishable = Publishable<PublishableRow, Record<string, unknown>>;

/** What differs between the two kinds: the model, the field a test changes, the form the editor posts. */
interface Kind {
  name: string;
  publishable: AnyPublishable;
  kind: "content" | "career" | "course";
  /** The field the editors type in (the title or the name). */
  titleField: "title" | "name";
  /** The item's fields as the model takes them, with this title. */
  fields: (title: string) => Record<string, unknown>;
  /** The editor's form as a browser posts it, with this title. */
  form: (title: string) => Record<string, string>;
  action: () => Promise<(request: Request, id: string | undefined) => Promise<unknown>>;
  path: string;
  /** How the row of an item that is not live reads. */
  notLive: Record<string, unknown>;
}

const COURSE_FORM = { description: "The basics.", duration: "2 days", level: "Beginner", price: "500" };

/** The content editor's page, as both editors open it. */
const PAGE_FORM = { slug: "shared-page", content: "<p>Opened body</p>", type: "page" };

const KINDS: Kind[] = [
  {
    name: "a content item",
    publishable: contentPublishing as unknown as AnyPublishable,
    kind: "content",
    titleField: "title",
    fields: (title) => contentFormSchema.parse({ title, ...PAGE_FORM }),
    form: (title) => ({ title, ...PAGE_FORM }),
    action: async () => (await import("~/routes/cms/content-editor.server")).saveContentAction,
    path: "/cms/content",
    notLive: { status: "draft" },
  },
  {
    name: "a job opening",
    publishable: careerPublishing as unknown as AnyPublishable,
    kind: "career",
    titleField: "title",
    fields: (title) => careerFormSchema.parse({ title, description: "Plain words." }),
    form: (title) => ({ title, description: "<p>Plain words.</p>" }),
    action: async () => (await import("~/routes/cms/career-editor.server")).careerEditorAction,
    path: "/cms/careers",
    notLive: { isActive: false },
  },
  {
    name: "a course",
    publishable: coursePublishing as unknown as AnyPublishable,
    kind: "course",
    titleField: "name",
    fields: (name) => courseFormSchema.parse({ name, ...COURSE_FORM }),
    form: (name) => ({ name, ...COURSE_FORM, description: "<p>The basics.</p>" }),
    action: async () => (await import("~/routes/cms/course-editor.server")).courseEditorAction,
    path: "/cms/courses",
    notLive: { isActive: false },
  },
];

async function refusal(promise: Promise<unknown>): Promise<EditConflictError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EditConflictError);
  return error as EditConflictError;
}

describe.each(KINDS)("two editors on $name", (kind) => {
  const { publishable } = kind;
  const find = async (id: string) => (await publishable.find(cms.db, id))!;
  const titleOf = async (id: string) => workingCopyOf(publishable, await find(id))[kind.titleField];
  /** The row and its revisions, to show a refused save changed nothing. */
  const stateOf = async (id: string) => ({
    row: await find(id),
    revisions: await listRevisions(cms.db, kind.kind, id),
  });

  /** An item both editors open: its row and the version their forms carry. */
  async function openedItem(live = false) {
    const save = live ? publish : saveDraft;
    const { row } = await save(cms.db, alice, publishable, kind.fields("Opened"));
    return { id: row.id, opened: editVersion(row) };
  }

  it("refuses the second save from the same version, changing nothing, and takes it from the new version", async () => {
    const { id, opened } = await openedItem();
    await saveDraft(cms.db, alice, publishable, kind.fields("Alice's"), id, opened);
    const before = await stateOf(id);

    const refused = await refusal(saveDraft(cms.db, bob, publishable, kind.fields("Bob's"), id, opened));
    expect(refused).toMatchObject({ status: 409, reason: "changed", version: editVersion(before.row) });
    expect(refused.theirs).toMatchObject({ [kind.titleField]: "Alice's" });
    expect(await stateOf(id)).toEqual(before);

    // Bob chose to keep his version: the same fields with the version now stored.
    await saveDraft(cms.db, bob, publishable, kind.fields("Bob's"), id, refused.version);
    expect(await titleOf(id)).toBe("Bob's");
  });

  it("refuses Publish, Unpublish and Schedule from the old version too, and a draft over a live item's draft", async () => {
    const { id, opened } = await openedItem(true);
    // A draft of a live item leaves the live row as it was, but moves the version.
    await saveDraft(cms.db, alice, publishable, kind.fields("Alice's draft"), id, opened);
    const before = await stateOf(id);

    await refusal(publish(cms.db, bob, publishable, kind.fields("Bob"), id, opened));
    await refusal(unpublish(cms.db, bob, publishable, kind.fields("Bob"), id, opened));
    const times = { publishAt: new Date(Date.now() + 3_600_000), unpublishAt: null };
    await refusal(scheduleItem(cms.db, bob, publishable, kind.fields("Bob"), id, times, opened));
    await refusal(saveDraft(cms.db, bob, publishable, kind.fields("Bob"), id, opened));

    expect(await stateOf(id)).toEqual(before);
    expect(await titleOf(id)).toBe("Alice's draft");
    expect(await cms.db.select().from(scheduledActions)).toEqual([]);
  });

  it("refuses Publish, Unpublish and Schedule from the version an item was published over", async () => {
    const { id, opened } = await openedItem();
    await publish(cms.db, alice, publishable, kind.fields("Published by Alice"), id, opened);
    const before = await stateOf(id);

    await refusal(publish(cms.db, bob, publishable, kind.fields("Bob"), id, opened));
    await refusal(unpublish(cms.db, bob, publishable, kind.fields("Bob"), id, opened));
    const times = { publishAt: new Date(Date.now() + 3_600_000), unpublishAt: null };
    await refusal(scheduleItem(cms.db, bob, publishable, kind.fields("Bob"), id, times, opened));

    expect(await stateOf(id)).toEqual(before);
    expect(await cms.db.select().from(scheduledActions)).toEqual([]);
  });

  it("counts a scheduled publication carried out by the server as a save in between", async () => {
    const { id, opened } = await openedItem();
    await scheduleAction(cms.db, alice, {
      kind: kind.kind,
      id,
      action: "publish",
      runAt: new Date(Date.now() + 60_000),
    });
    await runDueScheduledActions(cms.db, scheduledHandlers, { now: new Date(Date.now() + 120_000) });
    expect(publishable.live.isLive(await find(id))).toBe(true);
    await refusal(saveDraft(cms.db, bob, publishable, kind.fields("Bob"), id, opened));
  });

  it("counts a restored revision as a save in between; Restore itself and the list's Publish are not checked", async () => {
    const { id, opened } = await openedItem();
    const [first] = await listRevisions(cms.db, kind.kind, id);
    await restoreRevision(cms.db, alice, publishable, id, first!.id);
    await refusal(saveDraft(cms.db, bob, publishable, kind.fields("Bob"), id, opened));
    // No form, no version to protect: the list's Activate and the scheduler publish the draft as it is.
    await publish(cms.db, alice, publishable, undefined, id);
    expect(publishable.live.isLive(await find(id))).toBe(true);
  });

  it("lets exactly one of two saves from the same version at the same moment through", async () => {
    // On PostgreSQL the two transactions really overlap: without the row lock both would pass the check.
    const { id, opened } = await openedItem();
    const results = await Promise.allSettled([
      saveDraft(cms.db, alice, publishable, kind.fields("Alice at once"), id, opened),
      saveDraft(cms.db, bob, publishable, kind.fields("Bob at once"), id, opened),
    ]);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(EditConflictError);
    expect(await titleOf(id)).toBe(results[0]!.status === "fulfilled" ? "Alice at once" : "Bob at once");
    expect(await listRevisions(cms.db, kind.kind, id)).toHaveLength(2);
  });

  describe("the editor's action", () => {
    async function post(id: string, fields: Record<string, string>) {
      const action = await kind.action();
      const request = cms.post(`http://localhost${kind.path}/${id}`, { intent: "save", ...fields });
      return (await action(request, id)) as Response | { data: unknown; init: ResponseInit | null };
    }

    it("answers 409 with who saved, when and what differs, writes nothing, and saves when the editor keeps theirs", async () => {
      const { id, opened } = await openedItem();
      await saveDraft(cms.db, alice, publishable, kind.fields("Alice's title"), id, opened);
      const audits = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, id));
      const before = await stateOf(id);

      const answer = await post(id, { ...kind.form("Bob's title"), [BASE_VERSION_FIELD]: opened });
      expect(answer).not.toBeInstanceOf(Response);
      const { data: body, init } = answer as { data: unknown; init: ResponseInit | null };
      expect(init?.status).toBe(409);
      expect(isEditConflict(body)).toBe(true);
      if (!isEditConflict(body)) return;
      expect(body.errors.form).toBe(EDIT_CONFLICT_MESSAGES.changed);
      expect(body.conflict).toMatchObject({
        reason: "changed",
        version: editVersion(before.row),
        savedBy: alice.email,
        savedByYou: false,
        savedAction: "Saved draft",
      });
      // Only the title differs (the kind's compared fields); their words are "removed", the form's "added".
      expect(body.conflict.fields.map((field) => field.field)).toEqual([kind.titleField]);
      expect(body.conflict.fields[0]!.parts).toEqual([
        { value: "Alice", change: "removed" },
        { value: "Bob", change: "added" },
        { value: "'s title", change: "same" },
      ]);
      expect(await stateOf(id)).toEqual(before);
      expect(await cms.db.select().from(auditLog).where(eq(auditLog.entityId, id))).toEqual(audits);

      // Keep my version: the same form with the version the refusal gave.
      const kept = await post(id, { ...kind.form("Bob's title"), [BASE_VERSION_FIELD]: body.conflict.version });
      expect((kept as Response).status).toBe(302);
      expect(await titleOf(id)).toBe("Bob's title");
    });

    it("refuses a form without the version (an old tab) as an unknown base, changing nothing", async () => {
      const { id } = await openedItem();
      const answer = await post(id, { ...kind.form("From an old tab"), intent: "publish" });
      const { data: body, init } = answer as { data: unknown; init: ResponseInit | null };
      expect(init?.status).toBe(409);
      expect(body).toMatchObject({ errors: { form: EDIT_CONFLICT_MESSAGES.unknown }, conflict: { reason: "unknown" } });
      expect(await find(id)).toMatchObject({ [kind.titleField]: "Opened", ...kind.notLive });
    });

    it("checks nothing for a new item, which no one else can have saved", async () => {
      const answer = await post("new", kind.form("Brand new"));
      expect((answer as Response).status).toBe(302);
    });
  });
});
