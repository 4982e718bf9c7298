/**
 * The CMS Courses tab's server side (routes/cms/courses.tsx): its list, and its action's intents
 * "create", "update", "set-active" (the one-click Activate/Deactivate) and "delete", with the
 * spec's messages. A change that worked goes back to the list (post/redirect/get), so the form
 * also works without JavaScript; a refused save sends back what was typed.
 */
import { COURSE_FIELDS, type CourseFormValues } from "~/components/cms/course-form";
import { COURSES_PATH } from "~/components/cms/course-list";
import { courseFormSchema, courseIdSchema } from "~/lib/schemas/courses";
import { z } from "~/lib/schemas/zod";
import {
  createCourse,
  deleteCourse,
  listCourses,
  setCourseActive,
  updateCourse,
} from "~/server/commerce/courses.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { undoTrash } from "~/lib/trash";
import { redirectWithToast } from "~/server/platform/toast.server";
import { invalidFields, readCmsList, runCmsAction, unknownIntent } from "./cms-action.server";

const MESSAGES = {
  fetchFailed: "Failed to fetch courses",
  saveFailed: "Failed to save course",
  deleteFailed: "Failed to delete course",
  updateFailed: "Failed to update course",
  created: "Course created successfully",
  updated: "Course updated successfully",
  deleted: "Course deleted successfully",
  activated: "Course activated",
  deactivated: "Course deactivated",
} as const;

/** Every course, active or not, by name; a failure to read them is shown as the list's error state. */
export async function coursesView() {
  const { items: courses, error } = await readCmsList(listCourses, MESSAGES.fetchFailed);
  return { courses, error };
}

function failureMessage(intent: string): string {
  if (intent === "set-active") return MESSAGES.updateFailed;
  return intent === "delete" ? MESSAGES.deleteFailed : MESSAGES.saveFailed;
}

/** What the administrator typed, to fill the form again when it is refused (e.g. without JavaScript). */
function courseValues(values: Record<string, string>): CourseFormValues {
  return Object.fromEntries(COURSE_FIELDS.map((field) => [field, values[field] ?? ""])) as CourseFormValues;
}

const visibilitySchema = courseIdSchema.extend({ isActive: z.enum(["true", "false"]) });

function succeeded(description: string, undo?: ReturnType<typeof undoTrash>) {
  return redirectWithToast(COURSES_PATH, { type: "success", description, ...(undo ? { undo } : {}) });
}

/**
 * Set-active names the state it wants rather than "toggle", so a double click or a resubmitted
 * form cannot flip the course back. Deleting keeps the orders' own copy of its name and prices.
 * (The last value of a repeated name wins, which the no-JavaScript Active checkbox relies on.)
 */
export function coursesAction(request: Request) {
  return runCmsAction(request, { failureMessage, keepValues: true }, async ({ current, values, intent, db }) => {
    const notFound = () => new ExpectedError(failureMessage(intent), { status: 404 });
    switch (intent) {
      case "create":
      case "update": {
        const parsed = courseFormSchema.safeParse(values);
        if (!parsed.success) return invalidFields(parsed.error, { intent, values: courseValues(values) });
        if (intent === "create") {
          await createCourse(db, current.user, parsed.data);
          return succeeded(MESSAGES.created);
        }
        const id = courseIdSchema.safeParse(values);
        if (!id.success || !(await updateCourse(db, current.user, id.data.id, parsed.data))) throw notFound();
        return succeeded(MESSAGES.updated);
      }
      case "set-active": {
        const parsed = visibilitySchema.safeParse(values);
        if (!parsed.success) throw new ExpectedError(MESSAGES.updateFailed);
        const isActive = parsed.data.isActive === "true";
        if (!(await setCourseActive(db, current.user, parsed.data.id, isActive))) throw notFound();
        return succeeded(isActive ? MESSAGES.activated : MESSAGES.deactivated);
      }
      case "delete": {
        const id = courseIdSchema.safeParse(values);
        if (!id.success || !(await deleteCourse(db, current.user, id.data.id))) throw notFound();
        return succeeded(MESSAGES.deleted, undoTrash("course", [id.data.id]));
      }
      default:
        return unknownIntent(intent);
    }
  });
}
