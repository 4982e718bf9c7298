/**
 * The Content editor's server side (content-editor.tsx) and the preview's item (content-preview.tsx),
 * on the editors' shared loader and action (publishable-editor.server.ts). What is its own: a new
 * item's slug made from its title, the body rendered from the rich-text editor's document, the
 * status shown beside the form, and the spec's messages for a refused form.
 */
import { data } from "react-router";
import { contentItem } from "~/lib/content-kinds/content-item";
import { editorValuesOf } from "~/lib/content-kinds/define-kind";
import { fieldErrors } from "~/lib/schemas/field-errors";
import {
  CONTENT_MAX_LENGTH,
  CONTENT_MESSAGES,
  CONTENT_TOO_LONG,
  contentFormSchema,
  TITLE_AND_SLUG_REQUIRED,
} from "~/lib/schemas/content";
import { idSchema } from "~/lib/schemas/id";
import type { z } from "~/lib/schemas/zod";
import { slugify } from "~/lib/text/slug";
import { requirePermission } from "~/server/auth/guards.server";
import { contentPublishing, type EditableContentFields } from "~/server/content/content-publishing.server";
import { getContentById, type ContentItem } from "~/server/content/content.server";
import { richTextFromForm } from "~/server/content/rich-text.server";
import { getDb } from "~/server/platform/db/database.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { logger } from "~/server/platform/logger.server";
import { workingCopyOf } from "~/server/publishing/publishable.server";
import { actionFailed, typedValues, type ActionFailure } from "./cms-action.server";
import { editorAction, loadEditorItem, loadEditorOptions, type EditorKind } from "./publishable-editor.server";

export const PUBLISHING_MESSAGES = {
  published: "Content published",
  unpublished: "Content unpublished: it is no longer on the public site",
  scheduled: "Content saved and scheduled",
  scheduleCancelled: "Schedule cancelled",
  restored: "Revision restored as the draft",
} as const;

function parseForm(values: Record<string, string>, { isNew }: { isNew: boolean }) {
  // A new item's slug comes from its title when the field was left empty.
  if (isNew && values.title !== undefined && !(values.slug ?? "").trim()) values.slug = slugify(values.title);
  const parsed = contentFormSchema.safeParse(values);
  if (!parsed.success) return parsed;
  // The editor's document is checked and rendered to the HTML the site shows; a form posted
  // without one (no JavaScript, the HTML view) stores its HTML, sanitised as before.
  const { contentDocument, ...fields } = parsed.data;
  const body = richTextFromForm(contentDocument, fields.content, "content");
  if (body.html.length > CONTENT_MAX_LENGTH) throw new ExpectedError(CONTENT_TOO_LONG, { field: "content" });
  return { success: true as const, data: { ...fields, content: body.html, document: body.document } };
}

/** A missing title or slug is said once for the form (SPEC.md "Content save"); other fields each under theirs. */
function invalidForm(error: z.ZodError, intent: string, values: Record<string, string>) {
  const errors = fieldErrors(error);
  const missing = errors.title === TITLE_AND_SLUG_REQUIRED || errors.slug === TITLE_AND_SLUG_REQUIRED;
  if (missing) errors.form = TITLE_AND_SLUG_REQUIRED;
  const message = missing ? TITLE_AND_SLUG_REQUIRED : "Please correct the highlighted fields.";
  return actionFailed(message, 400, { intent, errors, values: typedValues(values) });
}

const contentEditor: EditorKind<ContentItem, EditableContentFields> = {
  declaration: contentItem,
  publishable: contentPublishing,
  listPath: "/cms/content",
  messages: {
    created: CONTENT_MESSAGES.created,
    updated: CONTENT_MESSAGES.updated,
    saveFailed: CONTENT_MESSAGES.saveFailed,
    ...PUBLISHING_MESSAGES,
  },
  parse: parseForm,
  invalid: invalidForm,
  refused: (intent) =>
    data<ActionFailure>({ ok: false, intent, errors: { form: CONTENT_MESSAGES.saveFailed } }, { status: 400 }),
};

/** The editor's item as its form shows it (null for a new one): the pending draft over the live row. */
export async function loadContentEditor(request: Request, idParam: string | undefined) {
  await requirePermission(request, contentItem.access.edit);
  const [loaded, richText] = await Promise.all([loadEditorItem(request, contentEditor, idParam), loadEditorOptions()]);
  if (!loaded) return { item: null, publishing: null, history: null, richText };
  return {
    richText,
    item: {
      id: loaded.id,
      version: loaded.version,
      ...editorValuesOf(contentItem, loaded.fields),
      status: loaded.row.status,
    },
    publishing: loaded.publishing,
    history: loaded.history,
  };
}

/**
 * The editor's actions. Save draft, Publish, Unpublish and Schedule save what the form holds and go
 * back to the list (SPEC.md "Content save"); cancelling a schedule and restoring stay in the editor.
 */
export function saveContentAction(request: Request, idParam: string | undefined) {
  return editorAction(request, contentEditor, idParam);
}

/** The preview's item: any status, even in the trash, showing its pending draft (the route checks who may see it). */
export async function loadContentPreview(idParam: string | undefined) {
  const id = idSchema.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  let item: ContentItem | undefined;
  try {
    item = await getContentById(await getDb(), id.data);
  } catch (error) {
    logger.error({ err: error }, "could not load a content item");
    throw data(null, { status: failureStatus(error) });
  }
  if (!item) throw data(null, { status: 404 });
  return { ...item, ...workingCopyOf(contentPublishing, item) };
}
