/**
 * The live preview's page (issue 17): the content editor's UNSAVED form, put through the same steps
 * as a save (richTextFromForm: the document checked and rendered, or the typed HTML) and as the
 * public page (toContentPageView: placeholders substituted, the body sanitised), without writing
 * anything. The item's stored row only lends what the form does not hold: its status, dates and
 * author line.
 */
import { CONTENT_MAX_LENGTH, contentFormSchema } from "~/lib/schemas/content";
import { isUuid } from "~/lib/schemas/id";
import { getContentById, toContentPageView, type ContentItem } from "~/server/content/content.server";
import { richTextFromForm } from "~/server/content/rich-text.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { siteIdentityFromSettings } from "~/lib/site-identity";
import { libraryImageFor } from "~/server/media/public-images.server";
import { getDb } from "~/server/platform/db/database.server";
import { ExpectedError } from "~/server/platform/errors.server";
import type { LivePreviewDocumentProps, PreviewTheme } from "~/components/cms/live-preview/live-preview-document";

const fields = contentFormSchema.shape;

/** A field as a save would read it, or `fallback` while what is typed would not save (yet). */
function read<K extends keyof typeof fields>(values: Record<string, string>, key: K, fallback: unknown) {
  const parsed = fields[key].safeParse(values[key]);
  return parsed.success ? parsed.data : fallback;
}

/** The form's fields over the stored item (or over a new one's defaults). */
function previewItem(values: Record<string, string>, stored: ContentItem | undefined, html: string): ContentItem {
  const now = new Date();
  const base: ContentItem = stored ?? {
    id: "00000000-0000-4000-8000-000000000000",
    title: "",
    slug: "",
    content: "",
    document: null,
    excerpt: null,
    type: "page",
    status: "draft",
    featuredImageUrl: null,
    metaTitle: null,
    metaDescription: null,
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
  return {
    ...base,
    // An empty title would make an empty heading; the form itself says the title is required.
    title: String(read(values, "title", "")) || "Untitled",
    slug: String(read(values, "slug", base.slug)),
    excerpt: read(values, "excerpt", null) as string | null,
    featuredImageUrl: read(values, "featuredImageUrl", null) as string | null,
    type: String(read(values, "type", base.type)),
    metaTitle: read(values, "metaTitle", null) as string | null,
    metaDescription: read(values, "metaDescription", null) as string | null,
    content: html,
  };
}

/** The body the save would store, or the reason it would be refused. */
function previewBody(values: Record<string, string>): string {
  const typed = values.content ?? "";
  if (typed.length > CONTENT_MAX_LENGTH) {
    throw new ExpectedError("Content must be at most 200,000 characters", { field: "content" });
  }
  const body = richTextFromForm(values.contentDocument, typed, "content");
  if (body.html.length > CONTENT_MAX_LENGTH) {
    throw new ExpectedError("Content must be at most 200,000 characters", { field: "content" });
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
