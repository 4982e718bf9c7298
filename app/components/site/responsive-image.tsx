import type { ResponsiveImageData } from "~/lib/cms/media";
import { cx } from "~/lib/class-names";

/**
 * A media-library image on a public page: AVIF with a WebP fallback in every generated width, the
 * browser choosing a file from `sizes`; the intrinsic width and height reserve its space before the
 * file arrives (no layout shift). It loads lazily unless it is `aboveTheFold` (the page's largest
 * paint), which loads eagerly at high priority. A crop made with `object-fit: cover` keeps the
 * image's focal point in view, to the nearest third (a class, since the served HTML carries no
 * inline styles).
 */
export function ResponsiveImage({
  image,
  sizes,
  aboveTheFold = false,
  alt,
  className = "h-auto max-w-full",
}: {
  image: ResponsiveImageData;
  /** The displayed width at each breakpoint, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  aboveTheFold?: boolean;
  /** Overrides the library's alt text: "" when the picture is decoration only. */
  alt?: string;
  /** Classes for the <img>, in place of the default sizing (joined, not merged: lib/class-names.ts). */
  className?: string;
}) {
  return (
    <picture data-slot="responsive-image">
      <source type="image/avif" srcSet={image.avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={image.webpSrcSet} sizes={sizes} />
      <img
        src={image.src}
        srcSet={image.webpSrcSet}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt ?? image.alt}
        loading={aboveTheFold ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={aboveTheFold ? "high" : undefined}
        className={cx(focalPointClass(image), className)}
      />
    </picture>
  );
}

/** Written out in full so that Tailwind finds each class: rows top, centre, bottom; columns left, centre, right. */
const FOCAL_CLASSES = [
  ["object-left-top", "object-top", "object-right-top"],
  ["object-left", "object-center", "object-right"],
  ["object-left-bottom", "object-bottom", "object-right-bottom"],
] as const;

function third(value: number): 0 | 1 | 2 {
  return value < 1 / 3 ? 0 : value > 2 / 3 ? 2 : 1;
}

export function focalPointClass(image: Pick<ResponsiveImageData, "focalX" | "focalY">): string {
  return FOCAL_CLASSES[third(image.focalY)][third(image.focalX)];
}
