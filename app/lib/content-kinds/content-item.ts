/**
 * Content items (pages, blog posts, services, case studies: the `content` table), declared once
 * (define-kind.ts). A field added here is in the form's schema, the editor's form (DeclaredFields,
 * unless the content editor places it itself), drafts, revisions, the History panel, the collision
 * dialog and the live preview; marked `public`, the public page's view carries its value
 * (server/content/content.server.ts `toContentPageView`). Its column is added to app/db/schema/content.ts,
 * which this declaration is checked against.
 */
import type { content } from "../../db/schema";
import { CONTENT_TYPES } from "../enums";
import { isWebAddress, sameSitePath } from "../text/safe-links";
import { z } from "../schemas/zod";
import { SLUG_FORMAT_MESSAGE, SLUG_PATTERN } from "../text/slug";
import { defineKind } from "./define-kind";

/** The body's HTML, typed or rendered from the editor's document. */
export const CONTENT_MAX_LENGTH = 200_000;
export const CONTENT_TOO_LONG = "Content must be at most 200,000 characters";

export const TITLE_AND_SLUG_REQUIRED = "Title and slug are required";

/** An optional text field: surrounding spaces dropped, an empty value stored as null. */
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value ? value : null));

export const contentItem = defineKind<typeof content.$inferSelect>()({
  kind: "content",
  access: { view: "content.view", edit: "content.edit" },
  publishing: { slug: "slug", redirects: true, scheduling: true },
  fields: {
    title: {
      label: "Title",
      widget: "text",
      rule: z
        .string(TITLE_AND_SLUG_REQUIRED)
        .trim()
        .min(1, TITLE_AND_SLUG_REQUIRED)
        .max(200, "Title must be at most 200 characters"),
      compared: true,
      searchable: true,
      previewed: true,
    },
    slug: {
      label: "Slug",
      widget: "text",
      rule: z
        .string(TITLE_AND_SLUG_REQUIRED)
        .trim()
        .min(1, TITLE_AND_SLUG_REQUIRED)
        .max(200, "Slug must be at most 200 characters")
        .regex(SLUG_PATTERN, SLUG_FORMAT_MESSAGE),
      compared: true,
      searchable: true,
      previewed: true,
    },
    excerpt: {
      label: "Excerpt",
      widget: "textarea",
      rule: optionalText(1000, "Excerpt"),
      compared: true,
      previewed: true,
    },
    content: {
      label: "Content",
      widget: "rich-text",
      rule: z.string().max(CONTENT_MAX_LENGTH, CONTENT_TOO_LONG).default(""),
      html: true,
      compared: true,
      searchable: true,
      previewed: true,
    },
    // The rich-text editor's form of the body (null until first saved from the editor): drafts,
    // revisions and restores carry it with the HTML rendered from it.
    document: { label: "Document" },
    type: {
      label: "Content Type",
      widget: "select",
      options: CONTENT_TYPES,
      rule: z.enum(CONTENT_TYPES, "Choose a content type").default("page"),
      compared: true,
      previewed: true,
    },
    metaTitle: {
      label: "Meta Title",
      widget: "text",
      rule: optionalText(200, "Meta title"),
      compared: true,
      previewed: true,
    },
    metaDescription: {
      label: "Meta Description",
      widget: "textarea",
      rule: optionalText(500, "Meta description"),
      compared: true,
      previewed: true,
    },
    featuredImageUrl: {
      label: "Featured Image URL",
      widget: "text",
      // Read as a browser would: "/\\evil.example" or "/..//evil.example" is another site, not a path.
      rule: optionalText(2000, "Featured image URL").refine(
        (value) => value === null || isWebAddress(value) || sameSitePath(value) !== null,
        "Enter an address starting with https:// or a path on this site starting with /",
      ),
      compared: true,
      previewed: true,
    },
  },
});
