/**
 * The course editor's server side (course-editor.tsx; decision 017): the Courses tab's
 * form as a full page, with the rich-text description, drafts, schedules and History. An active
 * course's draft changes neither the catalogue nor what the checkout charges until Publish.
 */
import { course } from "~/lib/content-kinds/course";
import { editorValuesOf } from "~/lib/content-kinds/define-kind";
import { courseFormSchema } from "~/lib/schemas/courses";
import { requirePermission } from "~/server/auth/guards.server";
import { coursePublishing, type Course, type EditableCourseFields } from "~/server/commerce/courses.server";
import { richDescriptionFromForm } from "~/server/publishing/editor-form.server";
import { editorAction, loadEditorItem, loadEditorOptions, type EditorKind } from "./publishable-editor.server";

export const COURSE_EDITOR_MESSAGES = {
  // Save draft keeps the tab's texts.
  created: "Course created successfully",
  updated: "Course updated successfully",
  saveFailed: "Failed to save course",
  published: "Course published",
  unpublished: "Course unpublished: it is no longer on the training page",
  scheduled: "Course saved and scheduled",
  scheduleCancelled: "Schedule cancelled",
  restored: "Revision restored as the draft",
} as const;

const courseEditor: EditorKind<Course, EditableCourseFields> = {
  declaration: course,
  publishable: coursePublishing,
  listPath: "/cms/courses",
  messages: COURSE_EDITOR_MESSAGES,
  parse: (values) => {
    const rich = richDescriptionFromForm(values);
    const parsed = courseFormSchema.safeParse({ ...values, description: rich.description });
    if (!parsed.success) return parsed;
    return { success: true, data: { ...parsed.data, descriptionHtml: rich.descriptionHtml, document: rich.document } };
  },
};

/** The editor's course as its form shows it (null for a new one), with its status and History. */
export async function loadCourseEditor(request: Request, idParam: string | undefined) {
  await requirePermission(request, course.access.edit);
  const [loaded, richText] = await Promise.all([loadEditorItem(request, courseEditor, idParam), loadEditorOptions()]);
  if (!loaded) return { course: null, publishing: null, history: null, richText };
  return {
    richText,
    course: {
      id: loaded.id,
      version: loaded.version,
      isActive: loaded.row.isActive,
      ...editorValuesOf(course, loaded.fields),
    },
    publishing: loaded.publishing,
    history: loaded.history,
  };
}

export function courseEditorAction(request: Request, idParam: string | undefined) {
  return editorAction(request, courseEditor, idParam);
}
