/**
 * Two editors on one page (issue 17): a save over someone else's newer change is refused (409) and
 * changes nothing, whatever came in between (a save, a restore, a scheduled publication); a save
 * from the new version goes through; the refusal says who saved, when, and how their version
 * differs from the form (app/server/publishing/edit-conflicts.server.ts, content-editor.server.ts).
 */
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, content, revisions, scheduledActions } from "../../db/schema";
import { BASE_VERSION_FIELD, EDIT_CONFLICT_MESSAGES, isEditConflict } from "~/lib/edit-conflict";
import { contentFormSchema, type ContentFormInput } from "~/lib/schemas/content";
import {
  publishContent,
  restoreContentRevision,
  saveContentDraft,
  scheduleContent,
  unpublishContent,
  workingCopy,
} from "~/server/content/content-publishing.server";
import { getContentById, type ContentItem } from "~/server/content/content.server";
import type { Actor } from "~/server/platform/audit.server";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { EditConflictError, editVersion } from "~/server/publishing/edit-conflicts.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import { scheduleAction, runDueScheduledActions } from "~/server/publishing/scheduled-actions.server";
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
  await cms.db.delete(content);
});

function form(overrides: Partial<Record<keyof ContentFormInput, string>> = {}): ContentFormInput {
  return contentFormSchema.parse({
    title: "Opened title",
    slug: "shared-page",
    content: "<p>Opened body</p>",
    ...overrides,
  });
}

/** An item both editors open: its row and the version their forms carry. */
async function openedItem(): Promise<{ item: ContentItem; opened: string }> {
  const { item } = await saveContentDraft(cms.db, alice, form());
  return { item, opened: editVersion(item) };
}

/** The row and its revisions, to show a refused save changed nothing. */
async function stateOf(id: string) {
  return { row: await getContentById(cms.db, id), revisions: await listRevisions(cms.db, "content", id) };
}

async function refusal(promise: Promise<unknown>): Promise<EditConflictError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(EditConflictError);
  return error as EditConflictError;
}

describe("two saves from the same version", () => {
  it("refuse the second, changing nothing, and accept it again from the new version", async () => {
    const { item, opened } = await openedItem();
    await saveContentDraft(cms.db, alice, form({ title: "Alice's title" }), item.id, opened);
    const before = await stateOf(item.id);

    const refused = await refusal(saveContentDraft(cms.db, bob, form({ title: "Bob's title" }), item.id, opened));
    expect(refused).toMatchObject({ status: 409, reason: "changed", version: editVersion(before.row!) });
    expect(refused.theirs).toMatchObject({ title: "Alice's title" });
    expect(await stateOf(item.id)).toEqual(before);

    // Bob chose to keep his version: the same form with the version now stored.
    await saveContentDraft(cms.db, bob, form({ title: "Bob's title" }), item.id, refused.version);
    expect((await getContentById(cms.db, item.id))?.title).toBe("Bob's title");
  });

  it("refuse Publish, Schedule and Unpublish from the old version too", async () => {
    const { item, opened } = await openedItem();
    await publishContent(cms.db, alice, form({ title: "Published by Alice" }), item.id, opened);
    const before = await stateOf(item.id);

    await refusal(publishContent(cms.db, bob, form({ title: "Bob" }), item.id, opened));
    await refusal(unpublishContent(cms.db, bob, form({ title: "Bob" }), item.id, opened));
    const inAnHour = new Date(Date.now() + 3_600_000);
    await refusal(scheduleContent(cms.db, bob, form({ title: "Bob" }), item.id, { publishAt: inAnHour }, opened));

    expect(await stateOf(item.id)).toEqual(before);
    expect(await cms.db.select().from(scheduledActions)).toEqual([]);
  });

  it("refuse a save of a published page's draft over another draft saved since", async () => {
    const { item: published } = await publishContent(cms.db, alice, form());
    const opened = editVersion(published);
    // Saving a draft leaves the live row as it was, but moves the version.
    await saveContentDraft(cms.db, alice, form({ title: "Alice's draft" }), published.id, opened);
    const refused = await refusal(saveContentDraft(cms.db, bob, form({ title: "Bob's draft" }), published.id, opened));
    expect(refused.theirs).toMatchObject({ title: "Alice's draft" });
    expect(workingCopy((await getContentById(cms.db, published.id))!).title).toBe("Alice's draft");
  });
});

describe("two saves from the same version at the same moment", () => {
  // On PostgreSQL (TEST_DATABASE_URL, as CI's second pass runs) the two transactions really overlap:
  // without the row lock both would read the old version, pass the check and write.
  it("let exactly one through: the other waits for the row, sees the new version and is refused", async () => {
    const { item, opened } = await openedItem();
    const results = await Promise.allSettled([
      saveContentDraft(cms.db, alice, form({ title: "Alice at once" }), item.id, opened),
      saveContentDraft(cms.db, bob, form({ title: "Bob at once" }), item.id, opened),
    ]);
    const refused = results.filter((result) => result.status === "rejected");
    expect(refused).toHaveLength(1);
    expect((refused[0] as PromiseRejectedResult).reason).toBeInstanceOf(EditConflictError);
    const winner = results[0]!.status === "fulfilled" ? "Alice at once" : "Bob at once";
    expect((await getContentById(cms.db, item.id))?.title).toBe(winner);
    expect(await listRevisions(cms.db, "content", item.id)).toHaveLength(2);
  });
});

describe("what else counts as a save in between", () => {
  it("a restored revision", async () => {
    const { item, opened } = await openedItem();
    const [first] = await listRevisions(cms.db, "content", item.id);
    await restoreContentRevision(cms.db, alice, item.id, first!.id);
    await refusal(saveContentDraft(cms.db, bob, form({ title: "Bob" }), item.id, opened));
  });

  it("a scheduled publication carried out by the server", async () => {
    const { item, opened } = await openedItem();
    await scheduleAction(cms.db, alice, {
      kind: "content",
      id: item.id,
      action: "publish",
      runAt: new Date(Date.now() + 60_000),
    });
    await runDueScheduledActions(cms.db, scheduledHandlers, { now: new Date(Date.now() + 120_000) });
    expect((await getContentById(cms.db, item.id))?.status).toBe("published");
    await refusal(saveContentDraft(cms.db, bob, form({ title: "Bob" }), item.id, opened));
  });
});

describe("the editor's save action", () => {
  async function post(id: string, fields: Record<string, string>) {
    const { saveContentAction } = await import("~/routes/cms/content-editor.server");
    const request = cms.post(`http://localhost/cms/content/${id}`, { intent: "save", type: "page", ...fields });
    return (await saveContentAction(request, id)) as Response | { data: unknown; init: ResponseInit | null };
  }

  it("answers 409 with who saved, when, and their fields against the form, and writes no audit entry", async () => {
    const { item, opened } = await openedItem();
    await saveContentDraft(cms.db, alice, form({ title: "Alice's title" }), item.id, opened);
    const audits = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, item.id));

    const answer = await post(item.id, {
      title: "Bob's title",
      slug: "shared-page",
      content: "<p>Opened body</p>",
      [BASE_VERSION_FIELD]: opened,
    });
    expect(answer).not.toBeInstanceOf(Response);
    const { data: body, init } = answer as { data: unknown; init: ResponseInit | null };
    expect(init?.status).toBe(409);
    expect(isEditConflict(body)).toBe(true);
    if (!isEditConflict(body)) return;
    const stored = await getContentById(cms.db, item.id);
    expect(body.errors.form).toBe(EDIT_CONFLICT_MESSAGES.changed);
    expect(body.conflict).toMatchObject({
      reason: "changed",
      version: editVersion(stored!),
      savedBy: alice.email,
      savedByYou: false,
      savedAction: "Saved draft",
    });
    // Only the title differs; their words are "removed" from the form's view, the form's "added".
    expect(body.conflict.fields.map((field) => field.field)).toEqual(["title"]);
    expect(body.conflict.fields[0]!.parts).toEqual([
      { value: "Alice", change: "removed" },
      { value: "Bob", change: "added" },
      { value: "'s title", change: "same" },
    ]);
    expect(stored?.title).toBe("Alice's title");
    expect(await cms.db.select().from(auditLog).where(eq(auditLog.entityId, item.id))).toEqual(audits);

    // Keep my version: the same form with the version the refusal gave.
    const kept = await post(item.id, {
      title: "Bob's title",
      slug: "shared-page",
      [BASE_VERSION_FIELD]: body.conflict.version,
    });
    expect(kept).toBeInstanceOf(Response);
    expect((kept as Response).status).toBe(302);
    expect((await getContentById(cms.db, item.id))?.title).toBe("Bob's title");
  });

  it("refuses a form without the version (an old tab) as an unknown base, changing nothing", async () => {
    const { item } = await openedItem();
    const answer = await post(item.id, { title: "From an old tab", slug: "shared-page" });
    const { data: body, init } = answer as { data: unknown; init: ResponseInit | null };
    expect(init?.status).toBe(409);
    expect(body).toMatchObject({ errors: { form: EDIT_CONFLICT_MESSAGES.unknown }, conflict: { reason: "unknown" } });
    expect((await getContentById(cms.db, item.id))?.title).toBe("Opened title");
  });

  it("checks nothing for a new item, which no one else can have saved", async () => {
    const answer = await post("new", { title: "Brand new", slug: "brand-new" });
    expect((answer as Response).status).toBe(302);
  });
});
