/**
 * Cancelling a scheduled publication: the Scheduled view lists all three kinds of item, and each
 * is cancelled with its own kind's edit permission (EDIT_PERMISSION_OF_KIND), as the trash restores
 * them; an editor cancels only its own item's.
 *
 * Today's Editors hold all three edit permissions, so this file withholds one from them (through
 * the permissions table's `roleCan`, which the guards read) to show which permission is consulted.
 */
import crypto from "node:crypto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { scheduledActions } from "../../app/db/schema";
import type { RevisionEntityKind } from "~/lib/enums";
import type * as Permissions from "~/lib/auth/permissions";
import type { Permission } from "~/lib/auth/permissions";
import { listPendingScheduledActions, scheduleAction } from "~/server/publishing/scheduled-actions.server";
import { routeArgs } from "./broken-database-routes";
import { setUpCmsHarness, type Role } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

/** Permissions the Editor role does not hold in this file's current test. */
const withheld = vi.hoisted(() => new Set<string>());
vi.mock("~/lib/auth/permissions", async (importOriginal) => {
  const actual = await importOriginal<typeof Permissions>();
  return {
    ...actual,
    roleCan: (role: string | null | undefined, permission: Permission) =>
      !(role === "editor" && withheld.has(permission)) && actual.roleCan(role, permission),
  };
});

const cms = setUpCmsHarness({ name: "cms-schedule-permissions" });

beforeEach(async () => {
  withheld.clear();
  await cms.db.delete(scheduledActions);
});

/** A pending publication of an item of `kind` (the item itself need not exist to be cancelled). */
async function scheduled(kind: RevisionEntityKind, entityId: string = crypto.randomUUID()) {
  const actor = { id: cms.userId("admin"), email: "admin@example.com" };
  return scheduleAction(cms.db, actor, {
    kind,
    id: entityId,
    action: "publish",
    runAt: new Date(Date.now() + 3_600_000),
  });
}

const pendingIds = async () => (await listPendingScheduledActions(cms.db)).map((row) => row.id).sort();

/** The status an action answered with, whether it returned data() or threw a refusal. */
async function statusOf(answer: Promise<unknown>): Promise<number> {
  try {
    const result = await answer;
    if (result instanceof Response) return result.status;
    return (result as { init?: ResponseInit | null }).init?.status ?? 200;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.status;
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init) return init.status ?? 200;
    throw thrown;
  }
}

async function cancelInScheduledView(id: string, as: Role = "editor") {
  const { action } = await import("~/routes/cms/scheduled");
  return statusOf(action(routeArgs(cms.post("http://localhost/cms/scheduled", { intent: "cancel", id }, { as }))));
}

describe("the Scheduled view's Cancel", () => {
  it.each([
    ["a job opening's", "careers.edit", "career"],
    ["a course's", "courses.edit", "course"],
  ] as const)("refuses %s schedule (403) to a role without %s, and keeps it", async (_name, permission, kind) => {
    const theirs = await scheduled(kind);
    const content = await scheduled("content");
    withheld.add(permission);

    expect(await cancelInScheduledView(theirs.id)).toBe(403);
    expect(await pendingIds()).toEqual([content.id, theirs.id].sort());
    // The view's own permission (content.edit) is still enough for a content item's schedule.
    expect(await cancelInScheduledView(content.id)).toBe(200);
    expect(await pendingIds()).toEqual([theirs.id]);
  });

  it("cancels every kind for a role that holds each kind's permission", async () => {
    for (const kind of ["content", "career", "course"] as const) {
      const row = await scheduled(kind);
      expect(await cancelInScheduledView(row.id), kind).toBe(200);
    }
    expect(await pendingIds()).toEqual([]);
  });

  it("refuses the view's Cancel to a role without content.edit, whatever the kind", async () => {
    const row = await scheduled("career");
    expect(await cancelInScheduledView(row.id, "support")).toBe(403);
    expect(await pendingIds()).toEqual([row.id]);
  });
});

describe("an editor's Cancel schedule", () => {
  const cancelInEditor = async (path: string, itemId: string, scheduleId: string) => {
    const request = cms.post(
      `http://localhost${path}/${itemId}`,
      { intent: "cancel-schedule", scheduleId },
      { as: "editor" },
    );
    if (path === "/cms/content") {
      const { saveContentAction } = await import("~/routes/cms/content-editor.server");
      return statusOf(saveContentAction(request, itemId));
    }
    const editor =
      path === "/cms/careers"
        ? (await import("~/routes/cms/career-editor.server")).careerEditorAction
        : (await import("~/routes/cms/course-editor.server")).courseEditorAction;
    return statusOf(editor(request, itemId));
  };

  it("cancels only its own item's schedule, never another kind's or another item's", async () => {
    const item = crypto.randomUUID();
    const career = await scheduled("career", item);
    const course = await scheduled("course");
    const content = await scheduled("content");

    // The content editor (content.edit) with a job opening's and a course's schedule; the job
    // opening's editor with a content item's and another item's.
    expect(await cancelInEditor("/cms/content", item, career.id)).toBe(404);
    expect(await cancelInEditor("/cms/content", content.entityId, course.id)).toBe(404);
    expect(await cancelInEditor("/cms/careers", item, content.id)).toBe(404);
    expect(await cancelInEditor("/cms/careers", crypto.randomUUID(), career.id)).toBe(404);
    expect(await pendingIds()).toEqual([career.id, course.id, content.id].sort());

    expect(await cancelInEditor("/cms/careers", item, career.id)).toBe(302);
    expect(await cancelInEditor("/cms/courses", course.entityId, course.id)).toBe(302);
    expect(await cancelInEditor("/cms/content", content.entityId, content.id)).toBe(302);
    expect(await pendingIds()).toEqual([]);
  });
});
