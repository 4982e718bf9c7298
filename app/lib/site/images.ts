/**
 * The artwork shipped in `public/images/`: for each picture, the widths it is rendered at and the
 * intrinsic size of the largest. `scripts/generate-artwork.ts` (`npm run artwork`) draws and
 * writes every file from these widths, and `<Artwork>` builds its srcsets from them, so the two
 * never drift. Every width exists as AVIF and as WebP: `/images/<name>-<width>.<format>`.
 */
import type { ImageName } from "~/content/types";

export interface ImageInfo {
  /** Intrinsic width of the largest file, in pixels. */
  width: number;
  /** Intrinsic height of the largest file, in pixels. */
  height: number;
  /** Every width the picture is rendered at, ascending; the last is `width`. */
  widths: readonly number[];
}

export type ImageFormat = "avif" | "webp";

export const IMAGE_FORMATS: readonly ImageFormat[] = ["avif", "webp"];

/** The home hero slides: 3:2. */
const HERO: ImageInfo = { width: 1536, height: 1024, widths: [480, 768, 1152, 1536] };
/** The "Our Services in Action" slides: 4:3. */
const SHOWCASE: ImageInfo = { width: 960, height: 720, widths: [400, 640, 960] };

export const IMAGES: Record<ImageName, ImageInfo> = {
  "hero-strategy": HERO,
  "hero-delivery": HERO,
  "showcase-ai": SHOWCASE,
  "showcase-cloud": SHOWCASE,
  "showcase-security": SHOWCASE,
  "showcase-product": SHOWCASE,
  "showcase-training": SHOWCASE,
};

/** The Open Graph / Twitter card picture (artwork only, no text). */
export const SHARE_IMAGE = { path: "/images/share.png", width: 1200, height: 630 } as const;

/**
 * Browsers keep the pictures for a year (server/app.ts), so a page must ask for a new address when
 * a picture changes: raise this whenever `npm run artwork` redraws the files.
 */
export const ARTWORK_VERSION = 1;

/** The public path of one rendered file, e.g. `/images/showcase-ai-640.webp`. */
export function imagePath(name: ImageName, width: number, format: ImageFormat): string {
  return `/images/${name}-${width}.${format}`;
}

/** The pixel height of `name` rendered at `width` (the largest file's aspect ratio, rounded). */
export function imageHeight(name: ImageName, width: number): number {
  const image = IMAGES[name];
  return Math.round((width * image.height) / image.width);
}

export interface ImageSources {
  avifSrcSet: string;
  webpSrcSet: string;
  /** The fallback for `<img src>`: the middle WebP width. */
  src: string;
}

export function imageSources(name: ImageName): ImageSources {
  const { widths } = IMAGES[name];
  const url = (width: number, format: ImageFormat) => `${imagePath(name, width, format)}?v=${ARTWORK_VERSION}`;
  const srcSet = (format: ImageFormat) => widths.map((w) => `${url(w, format)} ${w}w`).join(", ");
  const middle = widths[Math.floor(widths.length / 2)] ?? IMAGES[name].width;
  return { avifSrcSet: srcSet("avif"), webpSrcSet: srcSet("webp"), src: url(middle, "webp") };
}
