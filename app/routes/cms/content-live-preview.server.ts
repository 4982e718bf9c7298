/**
 * The live preview's page: the content editor's UNSAVED form, put through the same steps
 * as a save (richTextFromForm: the document checked and rendered, or the typed HTML) and as the
 * public page (toContentPageView: placeholders substituted, the body sanitised), without writing
 * anything. The item's stored row only lends what the form does not hold: its status, dates and
 * author line.
 */
import { contentItem } from "~/lib/content-kinds/content-item";
import { formShapeOf, previewedFieldsOf } from "~/lib/content-kinds/define-kind";
import { CONTENT_MAX_LENGTH, CONTENT_TOO_LONG } from "~/lib/schemas/content";
import { isUuid } from "~/lib/schemas/id";
import { getContentById, toContentPageView, type ContentItem } from "~/server/content/content.server";
import { richTextFromForm } from "~/server/content/rich-text.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import { libraryImageFor } from "~/server/media/public-images.server";
import { getDb } from "~/server/platform/db/database.server";
import { ExpectedError } from "~/server/platform/errors.server";
import type {
  LivePreviewDocumentProps,
  PreviewTheme,
} from "~/components/cms/editor/live-preview/live-preview-document";

const rules: Record<string, { safeParse: (value: unknown) => { success: boolean; data?: unknown } }> =
  formShapeOf(contentItem);

/** A field as a save would read it, or `fallback` while what is typed would not save (yet). */
function read(values: Record<string, string>, key: string, fallback: unknown): unknown {
  const parsed = rules[key]?.safeParse(values[key]);
  return parsed?.success ? parsed.data : fallback;
}

/**
 * A new item's row before its first save: each declared field as its rule reads an empty form (a
 * required one as empty text), the other columns as the first save sets them.
 */
function newItem(): ContentItem {
  const now = new Date();
  const declared: Record<string, unknown> = {};
  for (const name of Object.keys(contentItem.fields)) {
    const rule = rules[name];
    const empty = rule?.safeParse(undefined);
    declared[name] = !rule ? null : empty?.success ? empty.data : "";
  }
  const bookkeeping: Omit<ContentItem, keyof typeof contentItem.fields> = {
    id: "00000000-0000-4000-8000-000000000000",
    status: "draft",
    // A new item gets its author when saved, so its page will show the author line.
    authorId: "00000000-0000-4000-8000-000000000000",
    publishedAt: null,
    lastPublishedAt: null,
    draft: null,
    deletedAt: null,
    deletedBy: null,
    createdAt: now,
    updatedAt: now,
  };
  return { ...bookkeeping, ...declared } as ContentItem;
}

/**
 * The form's previewed fields (content-kinds/content-item.ts) over the stored item (or a new one).
 * While a field would not save, an optional one shows empty and a required one what is stored.
 */
function previewItem(values: Record<string, string>, stored: ContentItem | undefined, html: string): ContentItem {
  const base: Record<string, unknown> = stored ?? newItem();
  const typed: Record<string, unknown> = {};
  for (const name of previewedFieldsOf(contentItem)) {
    const empty = rules[name]?.safeParse(undefined);
    typed[name] = read(values, name, empty?.success && empty.data === null ? null : base[name]);
  }
  return {
    ...(base as ContentItem),
    ...typed,
    // An empty title would make an empty heading; the form itself says the title is required.
    title: String(read(values, "title", "")) || "Untitled",
    content: html,
  };
}

/** The body the save would store, or the reason it would be refused. */
function previewBody(values: Record<string, string>): string {
  const typed = values.content ?? "";
  if (typed.length > CONTENT_MAX_LENGTH) {
    throw new ExpectedError(CONTENT_TOO_LONG, { field: "content" });
  }
  const body = richTextFromForm(values.contentDocument, typed, "content");
  if (body.html.length > CONTENT_MAX_LENGTH) {
    throw new ExpectedError(CONTENT_TOO_LONG, { field: "content" });
  }
  return body.html;
}

/** What the preview document shows for the posted form (`id`: the item edited, or "new"; `theme`). */
export async function livePreviewOf(
  values: Record<string, string>,
): Promise<Omit<LivePreviewDocumentProps, "stylesheet">> {
  const theme: PreviewTheme = values.theme === "dark" ? "dark" : "light";
  const settings = await getPublicSettings(getDb);
  const siteName = siteIdentityFromSettings(settings).companyName;
  let html: string;
  try {
    html = previewBody(values);
  } catch (error) {
    if (!(error instanceof ExpectedError)) throw error;
    return { theme, siteName, item: null, image: null, problem: error.message };
  }
  const stored = isUuid(values.id) ? await getContentById(await getDb(), values.id) : undefined;
  const item = previewItem(values, stored, html);
  const library = await libraryImageFor(getDb, item.featuredImageUrl);
  return { theme, siteName, item: toContentPageView(item, settings), image: library?.image ?? null };
}
