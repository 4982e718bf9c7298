/**
 * The Content editor's server side (content-editor.tsx) and the preview's item (content-preview.tsx).
 */
import { data } from "react-router";
import { fieldErrors } from "~/lib/schemas/auth";
import {
  CONTENT_MAX_LENGTH,
  CONTENT_MESSAGES,
  contentFormSchema,
  TITLE_AND_SLUG_REQUIRED,
} from "~/lib/schemas/content";
import { z } from "~/lib/schemas/zod";
import { slugify } from "~/lib/slug";
import { requireAdmin } from "~/server/auth/guards.server";
import { getContentById, saveContentAs } from "~/server/content/content.server";
import { richTextFromForm } from "~/server/content/rich-text.server";
import { loadRichTextOptions, type RichTextOptions } from "~/server/content/rich-text-options.server";
import { getDb } from "~/server/platform/db/database.server";
import { failureStatus } from "~/server/platform/db/database-unavailable.server";
import { logger } from "~/server/platform/logger.server";
import { redirectWithToast } from "~/server/platform/toast.server";
import { actionFailed, runCmsAction, type ActionFailure } from "./cms-action.server";
import { idSchema } from "~/lib/schemas/id";

/** /cms/content/new and /cms/content/{id}: "new" is the only id that is not a UUID. */
const editorId = z.union([z.literal("new"), idSchema]);

/** The item of `id`, or a thrown 404 (unknown) or 500/503 (the database failed). */
async function findItem(id: string) {
  let item;
  try {
    item = await getContentById(await getDb(), id);
  } catch (error) {
    logger.error({ err: error }, "could not load a content item");
    throw data(null, { status: failureStatus(error) });
  }
  if (!item) throw data(null, { status: 404 });
  return item;
}

/** The rich-text editor's settings and pages; without them (database trouble) it still edits. */
async function loadEditorOptions(): Promise<RichTextOptions> {
  try {
    return await loadRichTextOptions(await getDb());
  } catch (error) {
    logger.error({ err: error }, "could not load the rich-text editor's settings and pages");
    return { placeholders: [], pages: [] };
  }
}

/** The editor's item as its form shows it (null for a new one); empty strings for missing values. */
export async function loadContentEditor(request: Request, idParam: string | undefined) {
  await requireAdmin(request);
  const id = editorId.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  const richText = await loadEditorOptions();
  if (id.data === "new") return { item: null, richText };
  const item = await findItem(id.data);
  return {
    richText,
    item: {
      id: item.id,
      title: item.title,
      slug: item.slug,
      content: item.content,
      // The editor opens this document; without one (never edited in it) it reads `content`.
      document: item.document ?? null,
      excerpt: item.excerpt ?? "",
      metaTitle: item.metaTitle ?? "",
      metaDescription: item.metaDescription ?? "",
      featuredImageUrl: item.featuredImageUrl ?? "",
      type: item.type,
      status: item.status,
    },
  };
}

/** Saves the item (SPEC.md "Content save"); success goes back to the list with a toast. */
export function saveContentAction(request: Request, idParam: string | undefined) {
  const options = { failureMessage: CONTENT_MESSAGES.saveFailed, outageStatus: true };
  return runCmsAction(request, options, async ({ current, values, intent, db }) => {
    const id = editorId.safeParse(idParam);
    if (!id.success || intent !== "save") {
      return data<ActionFailure>({ ok: false, intent, errors: { form: CONTENT_MESSAGES.saveFailed } }, { status: 400 });
    }
    const isNew = id.data === "new";
    // A new item's slug comes from its title when the field was left empty.
    if (isNew && values.title !== undefined && !(values.slug ?? "").trim()) values.slug = slugify(values.title);
    const parsed = contentFormSchema.safeParse(values);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      const missing = errors.title === TITLE_AND_SLUG_REQUIRED || errors.slug === TITLE_AND_SLUG_REQUIRED;
      if (missing) errors.form = TITLE_AND_SLUG_REQUIRED;
      const message = missing ? TITLE_AND_SLUG_REQUIRED : "Please correct the highlighted fields.";
      return actionFailed(message, 400, { intent, errors });
    }
    const { contentDocument, ...fields } = parsed.data;
    const body = richTextFromForm(contentDocument, fields.content, "content");
    if (body.html.length > CONTENT_MAX_LENGTH) {
      return actionFailed("Content must be at most 200,000 characters", 400, {
        intent,
        errors: { content: "Content must be at most 200,000 characters" },
      });
    }
    const saved = await saveContentAs(
      db,
      current.user,
      { ...fields, content: body.html, document: body.document },
      isNew ? undefined : id.data,
    );
    if (!saved) return actionFailed(CONTENT_MESSAGES.saveFailed, 404, { intent });
    const description = saved.created ? CONTENT_MESSAGES.created : CONTENT_MESSAGES.updated;
    return redirectWithToast("/cms/content", { type: "success", description });
  });
}

/** The preview's item: any status, for administrators only (a draft is 404 on the public site). */
export async function loadContentPreview(request: Request, idParam: string | undefined) {
  await requireAdmin(request);
  const id = idSchema.safeParse(idParam);
  if (!id.success) throw data(null, { status: 404 });
  return findItem(id.data);
}
