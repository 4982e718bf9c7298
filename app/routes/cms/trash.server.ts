/**
 * The CMS Trash view's server side (routes/cms/trash.tsx): what was deleted in the last 30 days, by
 * kind, and the action "restore" (also the target of the toast's Undo after a delete).
 */
import { EDIT_PERMISSION_OF_KIND } from "~/lib/content-kinds/kinds";
import { TRASH_KINDS, TRASH_MESSAGES, type TrashKind } from "~/lib/cms/trash";
import { idSchema } from "~/lib/schemas/id";
import { z } from "~/lib/schemas/zod";
import { accessDenied, can } from "~/server/auth/guards.server";
import { restoreCareers, listCareers } from "~/server/careers/careers.server";
import { listCourses, restoreCourse } from "~/server/commerce/courses.server";
import { changeContentAs, listContent } from "~/server/content/content.server";
import type { Actor } from "~/server/platform/audit.server";
import type { Database } from "~/server/platform/db/db.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { actionSucceeded, runCmsAction, type IntentHandlers } from "./cms-action.server";
import { readCmsList } from "./list-tab.server";

export interface TrashRow {
  kind: TrashKind;
  id: string;
  title: string;
  /** What it is, as the list says it: "Page", "Job opening", "Course". */
  what: string;
  deletedAt: string;
}

const iso = (value: Date | null) => (value ?? new Date()).toISOString();

async function readTrash(db: Database): Promise<TrashRow[]> {
  const [content, careers, courses] = await Promise.all([
    listContent(db, { trashed: true }, 1, 500),
    listCareers(db, { trashed: true }),
    listCourses(db, { trashed: true }),
  ]);
  const rows: TrashRow[] = [
    ...content.items.map((item) => ({
      kind: "content" as const,
      id: item.id,
      title: item.title,
      what: `Content (${item.type.replace(/_/g, " ")})`,
      deletedAt: iso(item.deletedAt),
    })),
    ...careers.map((career) => ({
      kind: "career" as const,
      id: career.id,
      title: career.title,
      what: "Job opening",
      deletedAt: iso(career.deletedAt),
    })),
    ...courses.map((course) => ({
      kind: "course" as const,
      id: course.id,
      title: course.name,
      what: "Course",
      deletedAt: iso(course.deletedAt),
    })),
  ];
  return rows.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
}

export async function trashView() {
  const { items, error } = await readCmsList(readTrash, TRASH_MESSAGES.fetchFailed);
  return { items, error };
}

const restoreSchema = z.object({
  kind: z.enum(TRASH_KINDS),
  ids: z
    .string()
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(idSchema).min(1).max(100)),
});

/** Takes items of one kind out of the trash; returns how many came back. */
export async function restoreFromTrash(db: Database, actor: Actor, kind: TrashKind, ids: string[]): Promise<number> {
  switch (kind) {
    case "content":
      return (await changeContentAs(db, actor, "restore", ids)).length;
    case "career":
      return (await restoreCareers(db, actor, ids)).length;
    case "course": {
      let restored = 0;
      for (const id of ids) if (await restoreCourse(db, actor, id)) restored += 1;
      return restored;
    }
  }
}

/** The Trash tab's one intent (also the Undo of a delete's toast), with its handler. */
export const trashIntents = {
  restore: async ({ current, values, intent, db }) => {
    const parsed = restoreSchema.safeParse(values);
    if (!parsed.success) throw new ExpectedError(TRASH_MESSAGES.restoreFailed);
    // Each kind is changed by its own permission (the tab's own check was content.edit).
    if (!can(current.user, EDIT_PERMISSION_OF_KIND[parsed.data.kind])) accessDenied(current);
    const restored = await restoreFromTrash(db, current.user, parsed.data.kind, parsed.data.ids);
    if (restored === 0) throw new ExpectedError(TRASH_MESSAGES.restoreFailed, { status: 404 });
    return actionSucceeded(intent, { description: TRASH_MESSAGES.restored(restored) });
  },
} satisfies IntentHandlers;

export function trashAction(request: Request) {
  const options = { permission: "content.edit", failureMessage: TRASH_MESSAGES.restoreFailed } as const;
  return runCmsAction(request, options, trashIntents);
}
