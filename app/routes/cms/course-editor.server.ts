/**
 * The course editor's server side (course-editor.tsx; issue 17, decision 017): the Courses tab's
 * form as a full page, with the rich-text description, drafts, schedules and History. An active
 * course's draft changes neither the catalogue nor what the checkout charges until Publish.
 */
import { plainTextToRichText } from "~/lib/rich-text/plain-text";
import { courseFormSchema, featuresToText } from "~/lib/schemas/courses";
import { requirePermission } from "~/server/auth/guards.server";
import { coursePublishing, type Course, type EditableCourseFields } from "~/server/commerce/courses.server";
import { richDescriptionFromForm } from "~/server/publishing/editor-form.server";
import { editorAction, loadEditorItem, loadEditorOptions, type EditorKind } from "./publishable-editor.server";

export const COURSE_EDITOR_MESSAGES = {
  // Save draft keeps the tab's texts (issue 6).
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
  publishable: coursePublishing,
  listPath: "/cms/courses",
  messages: COURSE_EDITOR_MESSAGES,
  comparedFields: [
    { field: "name", label: "Name" },
    { field: "description", label: "Description" },
    { field: "duration", label: "Duration" },
    { field: "level", label: "Level" },
    { field: "price", label: "Price (£)" },
    { field: "originalPrice", label: "Original price (£)" },
    { field: "rating", label: "Rating" },
    { field: "students", label: "Students" },
    { field: "emoji", label: "Emoji" },
    { field: "lastUpdated", label: "Last updated" },
    { field: "instructor", label: "Instructor" },
    { field: "features", label: "Features" },
  ],
  parse: (values) => {
    const rich = richDescriptionFromForm(values);
    const parsed = courseFormSchema.safeParse({ ...values, description: rich.description });
    if (!parsed.success) return parsed;
    return { success: true, data: { ...parsed.data, descriptionHtml: rich.descriptionHtml, document: rich.document } };
  },
};

const text = (value: number | string | null | undefined) =>
  value === null || value === undefined ? "" : String(value);

/** The editor's course as its form shows it (null for a new one), with its status and History. */
export async function loadCourseEditor(request: Request, idParam: string | undefined) {
  await requirePermission(request, "courses.edit");
  const [loaded, richText] = await Promise.all([loadEditorItem(request, courseEditor, idParam), loadEditorOptions()]);
  if (!loaded) return { course: null, publishing: null, history: null, richText };
  const { fields } = loaded;
  return {
    richText,
    course: {
      id: loaded.id,
      version: loaded.version,
      isActive: loaded.isActive,
      name: fields.name,
      // The editor opens the document; a never-edited course's plain text becomes its paragraphs.
      descriptionHtml: fields.descriptionHtml ?? plainTextToRichText(fields.description),
      document: fields.document ?? null,
      duration: fields.duration,
      level: fields.level,
      price: text(fields.price),
      originalPrice: text(fields.originalPrice),
      rating: text(fields.rating),
      students: text(fields.students),
      emoji: text(fields.emoji),
      features: featuresToText(fields.features),
      instructor: text(fields.instructor),
      lastUpdated: text(fields.lastUpdated),
    },
    publishing: loaded.publishing,
    history: loaded.history,
  };
}

export function courseEditorAction(request: Request, idParam: string | undefined) {
  return editorAction(request, courseEditor, idParam);
}
