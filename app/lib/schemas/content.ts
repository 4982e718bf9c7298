/** The content editor's form (SPEC.md "Content editor" and section 5), shared by browser and server. */
import { z } from "./zod";
import { CONTENT_STATUSES, CONTENT_TYPES } from "../enums";
import { isWebAddress, sameSitePath } from "../safe-links";
import { SLUG_FORMAT_MESSAGE, SLUG_PATTERN } from "../slug";

/** The body's HTML, typed or rendered from the editor's document. */
export const CONTENT_MAX_LENGTH = 200_000;

export const TITLE_AND_SLUG_REQUIRED = "Title and slug are required";
export const SLUG_TAKEN = "This slug is already used by another item";
/** A trashed item keeps its slug until it is deleted for good (docs/decisions/016). */
export const SLUG_IN_TRASH = "This slug belongs to an item in the trash: restore that item, or choose another slug";

export const CONTENT_MESSAGES = {
  updated: "Content updated successfully",
  created: "Content created successfully",
  saveFailed: "Failed to save content",
  deleted: "Content deleted successfully",
  deleteFailed: "Failed to delete content",
  fetchFailed: "Failed to fetch content",
  delete: "Are you sure you want to delete this content?",
} as const;

/** An optional text field: surrounding spaces dropped, an empty value stored as null. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

export const contentFormSchema = z.object({
  title: z
    .string(TITLE_AND_SLUG_REQUIRED)
    .trim()
    .min(1, TITLE_AND_SLUG_REQUIRED)
    .max(200, "Title must be at most 200 characters"),
  slug: z
    .string(TITLE_AND_SLUG_REQUIRED)
    .trim()
    .min(1, TITLE_AND_SLUG_REQUIRED)
    .max(200, "Slug must be at most 200 characters")
    .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE),
  content: z.string().max(CONTENT_MAX_LENGTH, "Content must be at most 200,000 characters").default(""),
  // The rich-text editor's document (JSON), when the editor posted one; the server renders the
  // body from it (server/content/rich-text.server.ts) and checks its size and contents there.
  contentDocument: z.string().optional(),
  excerpt: optionalText(1000, "Excerpt"),
  metaTitle: optionalText(200, "Meta title"),
  metaDescription: optionalText(500, "Meta description"),
  // Read as a browser would: "/\\evil.example" or "/..//evil.example" is another site, not a path.
  featuredImageUrl: optionalText(2000, "Featured image URL").refine(
    (value) => value === null || isWebAddress(value) || sameSitePath(value) !== null,
    "Enter an address starting with https:// or a path on this site starting with /",
  ),
  type: z.enum(CONTENT_TYPES, "Choose a content type").default("page"),
  status: z.enum(CONTENT_STATUSES, "Choose a status").default("draft"),
});

export type ContentFormInput = z.infer<typeof contentFormSchema>;

/** Filters of the CMS list, read from the URL; anything unknown is ignored rather than an error. */
export const contentListFilterSchema = z.object({
  q: z.string().trim().max(200).catch(""),
  type: z.enum(CONTENT_TYPES).optional().catch(undefined),
  status: z.enum(CONTENT_STATUSES).optional().catch(undefined),
});

export type ContentListFilter = z.infer<typeof contentListFilterSchema>;

/** "blog_post" → "blog post". */
export function contentTypeLabel(type: string): string {
  return type.replace(/_/g, " ");
}

/** Badge colours of SPEC.md section 4: published green, draft yellow, archived and anything else gray. */
export function contentStatusTone(status: string): "green" | "yellow" | "gray" {
  if (status === "published") return "green";
  if (status === "draft") return "yellow";
  return "gray";
}
