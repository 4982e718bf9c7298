/**
 * Slugs of content items (SPEC.md section 5). A slug is generated from the title for a new item
 * only; after that it is left alone (editing a title must not break a live URL) unless an
 * administrator changes it by hand.
 */

/** What a stored slug looks like; the database's check constraint uses the same pattern. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export const SLUG_FORMAT_MESSAGE =
  "Use lower-case letters and digits separated by single hyphens, for example my-first-post";

/**
 * The spec's rule: lower-cased; characters other than letters, digits, spaces and hyphens removed;
 * whitespace runs turned into hyphens; repeated hyphens collapsed and trimmed. Accented letters
 * keep their base letter ("Café" → "cafe") so that the result always fits SLUG_PATTERN.
 */
export function slugify(title: string): string {
  return title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function isValidSlug(slug: string): boolean {
  return SLUG_PATTERN.test(slug);
}
