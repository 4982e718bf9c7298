/**
 * The CMS Courses tab's server side (routes/cms/courses.tsx): its list, and its action's intents
 * "set-active" (the one-click Activate/Deactivate, which publish and unpublish) and "delete", with
 * the spec's messages. A change that worked goes back to the list (post/redirect/get). Adding and
 * editing are the editor's (course-editor.server.ts; decision 017).
 */
import { COURSES_PATH } from "~/components/cms/courses/course-list";
import { courseIdSchema } from "~/lib/schemas/courses";
import { z } from "~/lib/schemas/zod";
import { deleteCourse, listCourses, setCourseActive } from "~/server/commerce/courses.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { undoTrash } from "~/lib/cms/trash";
import { redirectWithToast } from "~/server/platform/toast.server";
import { runCmsAction, type IntentHandlers } from "./cms-action.server";
import { listSearchQuery, readCmsList } from "./list-tab.server";

const MESSAGES = {
  fetchFailed: "Failed to fetch courses",
  deleteFailed: "Failed to delete course",
  updateFailed: "Failed to update course",
  deleted: "Course deleted successfully",
  activated: "Course activated",
  deactivated: "Course deactivated",
} as const;

/** Every course, active or not, by name; a failure to read them is shown as the list's error state. */
export async function coursesView(request: Request) {
  // ?q= finds a word in the name or description.
  const query = listSearchQuery(new URL(request.url).searchParams);
  const { items: courses, error } = await readCmsList((db) => listCourses(db, { q: query }), MESSAGES.fetchFailed);
  return { courses, error, query };
}

function failureMessage(intent: string): string {
  return intent === "delete" ? MESSAGES.deleteFailed : MESSAGES.updateFailed;
}

const visibilitySchema = courseIdSchema.extend({ isActive: z.enum(["true", "false"]) });

function succeeded(description: string, undo?: ReturnType<typeof undoTrash>) {
  return redirectWithToast(COURSES_PATH, { type: "success", description, ...(undo ? { undo } : {}) });
}

/**
 * Set-active names the state it wants rather than "toggle", so a double click or a resubmitted
 * form cannot flip the course back. Deleting keeps the orders' own copy of its name and prices.
 */
/** The Courses tab's intents, each with its handler. */
export const coursesIntents = {
  "set-active": async ({ current, values, db }) => {
    const parsed = visibilitySchema.safeParse(values);
    if (!parsed.success) throw new ExpectedError(MESSAGES.updateFailed);
    const isActive = parsed.data.isActive === "true";
    if (!(await setCourseActive(db, current.user, parsed.data.id, isActive))) {
      throw new ExpectedError(MESSAGES.updateFailed, { status: 404 });
    }
    return succeeded(isActive ? MESSAGES.activated : MESSAGES.deactivated);
  },
  delete: async ({ current, values, db }) => {
    const id = courseIdSchema.safeParse(values);
    if (!id.success || !(await deleteCourse(db, current.user, id.data.id))) {
      throw new ExpectedError(MESSAGES.deleteFailed, { status: 404 });
    }
    return succeeded(MESSAGES.deleted, undoTrash("course", [id.data.id]));
  },
} satisfies IntentHandlers;

export function coursesAction(request: Request) {
  return runCmsAction(request, { permission: "courses.edit", failureMessage }, coursesIntents);
}
