/**
 * The job-opening editor's server side (career-editor.tsx; issue 17, decision 017): the Careers
 * tab's form as a full page, with the rich-text description, drafts, schedules and History.
 */
import { plainTextToRichText } from "~/lib/rich-text/plain-text";
import { careerFormSchema, requirementsToText } from "~/lib/schemas/careers";
import { requirePermission } from "~/server/auth/guards.server";
import { careerPublishing, type CareerRow, type EditableCareerFields } from "~/server/careers/careers.server";
import { richDescriptionFromForm } from "~/server/publishing/editor-form.server";
import { editorAction, loadEditorItem, loadEditorOptions, type EditorKind } from "./publishable-editor.server";

export const CAREER_EDITOR_MESSAGES = {
  // Save draft keeps the spec's texts (SPEC.md section 8, "Careers admin").
  created: "Career created successfully",
  updated: "Career updated successfully",
  saveFailed: "Failed to save career",
  published: "Career published",
  unpublished: "Career unpublished: it is no longer on the careers page",
  scheduled: "Career saved and scheduled",
  scheduleCancelled: "Schedule cancelled",
  restored: "Revision restored as the draft",
} as const;

const careerEditor: EditorKind<CareerRow, EditableCareerFields> = {
  publishable: careerPublishing,
  listPath: "/cms/careers",
  messages: CAREER_EDITOR_MESSAGES,
  comparedFields: [
    { field: "title", label: "Title" },
    { field: "department", label: "Department" },
    { field: "location", label: "Location" },
    { field: "type", label: "Type" },
    { field: "experience", label: "Experience" },
    { field: "description", label: "Description" },
    { field: "requirements", label: "Requirements" },
  ],
  parse: (values) => {
    const rich = richDescriptionFromForm(values);
    const parsed = careerFormSchema.safeParse({ ...values, description: rich.description });
    if (!parsed.success) return parsed;
    return { success: true, data: { ...parsed.data, descriptionHtml: rich.descriptionHtml, document: rich.document } };
  },
};

/** The editor's opening as its form shows it (null for a new one), with its status and History. */
export async function loadCareerEditor(request: Request, idParam: string | undefined) {
  await requirePermission(request, "careers.edit");
  const [loaded, richText] = await Promise.all([loadEditorItem(request, careerEditor, idParam), loadEditorOptions()]);
  if (!loaded) return { career: null, publishing: null, history: null, richText };
  const { fields } = loaded;
  return {
    richText,
    career: {
      id: loaded.id,
      version: loaded.version,
      isActive: loaded.isActive,
      title: fields.title,
      department: fields.department,
      location: fields.location,
      type: fields.type,
      experience: fields.experience,
      // The editor opens the document; a never-edited opening's plain text is read as the job page reads it.
      descriptionHtml: fields.descriptionHtml ?? plainTextToRichText(fields.description),
      document: fields.document ?? null,
      requirements: requirementsToText(fields.requirements),
    },
    publishing: loaded.publishing,
    history: loaded.history,
  };
}

export function careerEditorAction(request: Request, idParam: string | undefined) {
  return editorAction(request, careerEditor, idParam);
}
