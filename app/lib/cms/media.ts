/**
 * The media library's addresses and the shapes the browser sees, shared by the server,
 * the public `<ResponsiveImage>` and the CMS. Two kinds of address:
 *
 * - a variant's file, `/media/media-<id>-<version>-<width>.<avif|webp>` (and `-social.jpg`): its
 *   name carries the image's version, so it never changes content and may be cached for good;
 * - an image's stable address, `/media/<id>.webp`: what the CMS stores in a page (featured image,
 *   rich text), so "replace in place" needs no edit of the pages; it serves the current default
 *   width briefly cached, and public pages resolve it to the versioned variants.
 */

export const MEDIA_PATH_PREFIX = "/media/";

/** The widths generated, never wider than the original (which is added when narrower than all). */
export const MEDIA_WIDTHS = [320, 640, 960, 1280, 1920] as const;
/** The width a stable address and a picked image show: wide enough for an article column. */
export const DEFAULT_MEDIA_WIDTH = 960;
/** The social card (Open Graph, Twitter): the size those networks recommend. */
export const SOCIAL_CARD = { width: 1200, height: 630 } as const;

const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const STABLE_ADDRESS = new RegExp(`^/media/(${UUID})\\.webp$`);

/** An image's stable address, the one stored in pages. */
export function stableMediaAddress(id: string): string {
  return `${MEDIA_PATH_PREFIX}${id}.webp`;
}

/** The library image a stored address names (its stable address, with or without the site's origin), or null. */
export function mediaIdOfAddress(address: string | null | undefined, origin?: string): string | null {
  if (!address) return null;
  let path = address.trim();
  if (origin && path.startsWith(origin)) path = path.slice(origin.length);
  return STABLE_ADDRESS.exec(path)?.[1] ?? null;
}

/** What the public page needs to show a library image responsively; prepared on the server. */
export interface ResponsiveImageData {
  alt: string;
  width: number;
  height: number;
  /** The fallback `src`: the WebP variant nearest the default width. */
  src: string;
  avifSrcSet: string;
  webpSrcSet: string;
  /** Where the image's subject is, for `object-position` when the page crops it. */
  focalX: number;
  focalY: number;
}

/** What the CMS's picker hands to whoever opened it. */
export interface PickedImage {
  id: string;
  /** The image's stable public address, at the default width. */
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** One image as the CMS's library lists it. */
export interface MediaLibraryItem {
  id: string;
  src: string;
  thumbnail: string;
  alt: string;
  caption: string;
  originalName: string;
  mimeType: string;
  byteSize: number;
  width: number;
  height: number;
  focalX: number;
  focalY: number;
  createdAt: string;
  updatedAt: string;
}

/**
 * The widths made for an original: each standard width up to its own, plus its own width when it
 * falls between two of them (or below them all), so the largest file is never upscaled.
 */
export function widthsFor(originalWidth: number): number[] {
  const widths: number[] = MEDIA_WIDTHS.filter((width) => width <= originalWidth);
  if (widths.length === 0 || (widths.at(-1)! < originalWidth && originalWidth < MEDIA_WIDTHS.at(-1)!)) {
    widths.push(originalWidth);
  }
  return widths;
}

/** The height of `width` at the original's proportions (rounded, at least 1). */
export function scaledHeight(original: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((original.height * width) / original.width));
}

/** A place that uses a library image (server/media/media-usage.server.ts finds them). */
export interface MediaUse {
  kind: "content" | "career" | "course" | "page";
  id: string;
  title: string;
  /** Where the CMS edits it. */
  editPath: string;
}
