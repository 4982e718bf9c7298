/**
 * The job-opening editor's server side (career-editor.tsx; decision 017): the Careers
 * tab's form as a full page, with the rich-text description, drafts, schedules and History.
 */
import { editorValuesOf } from "~/lib/content-kinds/define-kind";
import { jobOpening } from "~/lib/content-kinds/job-opening";
import { careerFormSchema } from "~/lib/schemas/careers";
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
  declaration: jobOpening,
  publishable: careerPublishing,
  listPath: "/cms/careers",
  messages: CAREER_EDITOR_MESSAGES,
  parse: (values) => {
    const rich = richDescriptionFromForm(values);
    const parsed = careerFormSchema.safeParse({ ...values, description: rich.description });
    if (!parsed.success) return parsed;
    return { success: true, data: { ...parsed.data, descriptionHtml: rich.descriptionHtml, document: rich.document } };
  },
};

/** The editor's opening as its form shows it (null for a new one), with its status and History. */
export async function loadCareerEditor(request: Request, idParam: string | undefined) {
  await requirePermission(request, jobOpening.access.edit);
  const [loaded, richText] = await Promise.all([loadEditorItem(request, careerEditor, idParam), loadEditorOptions()]);
  if (!loaded) return { career: null, publishing: null, history: null, richText };
  return {
    richText,
    career: {
      id: loaded.id,
      version: loaded.version,
      isActive: loaded.row.isActive,
      ...editorValuesOf(jobOpening, loaded.fields),
    },
    publishing: loaded.publishing,
    history: loaded.history,
  };
}

export function careerEditorAction(request: Request, idParam: string | undefined) {
  return editorAction(request, careerEditor, idParam);
}
