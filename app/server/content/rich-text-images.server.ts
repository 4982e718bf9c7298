/**
 * Library images in a rich-text body, as public pages serve them: the editor stores an
 * image's stable address (`/media/<id>.webp`) with its alt text; here each one becomes a <picture>
 * with AVIF and WebP `srcset`s of its current variants, `sizes`, its intrinsic width and height
 * (no layout shift) and lazy loading. Done when the page is read, not when it is saved, so a file
 * replaced in place shows at once. The result goes through the sanitiser again, which lets
 * `srcset` name only the library's own files.
 */
import { mediaIdOfAddress, type ResponsiveImageData } from "../../lib/cms/media";
import { libraryImageFor } from "../media/public-images.server";
import type { Database } from "../platform/db/db.server";
import { sanitizeRichText } from "../platform/sanitize.server";

/** The article column (content-article.tsx: max-w-4xl less its padding), else the viewport. */
export const BODY_IMAGE_SIZES = "(min-width: 896px) 832px, 100vw";

/** An <img> of sanitised HTML (attributes double-quoted by the sanitiser). */
const IMG_TAG = /<img\b[^>]*>/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
}

const escapeAttribute = (value: string) =>
  value
    .replace(/&(?!(amp|quot|lt|gt|#\d+);)/g, "&amp;")
    .replace(/"/g, "&quot;")
    .replace(/</g, "&lt;");

function picture(image: ResponsiveImageData, alt: string): string {
  return (
    `<picture>` +
    `<source type="image/avif" srcset="${escapeAttribute(image.avifSrcSet)}" sizes="${BODY_IMAGE_SIZES}">` +
    `<source type="image/webp" srcset="${escapeAttribute(image.webpSrcSet)}" sizes="${BODY_IMAGE_SIZES}">` +
    `<img src="${escapeAttribute(image.src)}" srcset="${escapeAttribute(image.webpSrcSet)}" sizes="${BODY_IMAGE_SIZES}"` +
    ` width="${image.width}" height="${image.height}" alt="${alt}" loading="lazy" decoding="async">` +
    `</picture>`
  );
}

/**
 * Sanitised body HTML with its library images made responsive. An image that is not from the
 * library, was deleted, or cannot be read stays as it was.
 */
export async function withResponsiveImages(getDb: () => Promise<Database>, html: string): Promise<string> {
  const tags = [...new Set(html.match(IMG_TAG) ?? [])].filter((tag) => mediaIdOfAddress(attribute(tag, "src")));
  if (tags.length === 0) return html;
  const pictures = new Map<string, string>();
  await Promise.all(
    tags.map(async (tag) => {
      const library = await libraryImageFor(getDb, attribute(tag, "src"));
      // The document's alt text is the editor's words for this place; it is already escaped.
      if (library && library.image.src) pictures.set(tag, picture(library.image, attribute(tag, "alt") ?? ""));
    }),
  );
  if (pictures.size === 0) return html;
  return sanitizeRichText(html.replace(IMG_TAG, (tag) => pictures.get(tag) ?? tag));
}
