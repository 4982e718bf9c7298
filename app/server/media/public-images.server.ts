/**
 * Library images as the public pages show them: the responsive `srcset`s of an image named by its
 * stable address, and its social card. Cached per image until the library changes; a failure to
 * read falls back to showing the stored address as a plain picture, as before the library existed.
 */
import { mediaIdOfAddress, type ResponsiveImageData } from "../../lib/cms/media";
import { cached } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import {
  findMedia,
  MEDIA_CACHE_PREFIX,
  mediaFileAddress,
  socialVariant,
  variantNear,
  type MediaRow,
} from "./media.server";

export interface LibraryImage {
  image: ResponsiveImageData;
  /** The 1200x630 JPEG's path, for og:image. */
  socialPath: string | null;
}

export function toResponsiveImage(row: MediaRow): ResponsiveImageData {
  const srcSet = (format: "avif" | "webp") =>
    row.variants
      .filter((variant) => variant.format === format && !variant.purpose)
      .sort((a, b) => a.width - b.width)
      .map((variant) => `${mediaFileAddress(variant.key)} ${variant.width}w`)
      .join(", ");
  const fallback = variantNear(row, "webp");
  return {
    alt: row.altText,
    width: row.width,
    height: row.height,
    src: fallback ? mediaFileAddress(fallback.key) : "",
    avifSrcSet: srcSet("avif"),
    webpSrcSet: srcSet("webp"),
    focalX: row.focalX,
    focalY: row.focalY,
  };
}

/** The library image a stored address names, or null (not a library address, deleted, or unreadable). */
export async function libraryImageFor(
  getDb: () => Promise<Database>,
  address: string | null | undefined,
): Promise<LibraryImage | null> {
  const id = mediaIdOfAddress(address);
  if (!id) return null;
  try {
    return await cached(`${MEDIA_CACHE_PREFIX}${id}`, async () => {
      const row = await findMedia(await getDb(), id);
      if (!row) return null;
      const social = socialVariant(row);
      return { image: toResponsiveImage(row), socialPath: social ? mediaFileAddress(social.key) : null };
    });
  } catch (error) {
    logger.error({ err: error, id }, "could not read a library image; showing its address as it is");
    return null;
  }
}
