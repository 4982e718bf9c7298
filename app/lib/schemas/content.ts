/** The content editor's form (SPEC.md "Content editor" and section 5), shared by browser and server. */
import { z } from "./zod";
import { CONTENT_STATUSES, CONTENT_TYPES } from "../enums";

import { contentItem } from "../content-kinds/content-item";
import { formShapeOf } from "../content-kinds/define-kind";

export { CONTENT_MAX_LENGTH, CONTENT_TOO_LONG, TITLE_AND_SLUG_REQUIRED } from "../content-kinds/content-item";

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

/** The declared fields (content-kinds/content-item.ts), and what the form posts beside them. */
export const contentFormSchema = z.object({
  ...formShapeOf(contentItem),
  // The rich-text editor's document (JSON), when the editor posted one; the server renders the
  // body from it (server/content/rich-text.server.ts) and checks its size and contents there.
  contentDocument: z.string().optional(),
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
