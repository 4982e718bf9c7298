import type { ImageName } from "~/content/types";
import { IMAGES, imageSources } from "~/lib/site/images";
import { cx } from "~/lib/class-names";

/**
 * One of the site's pictures (`public/images/`), as AVIF with a WebP fallback in every width the
 * generator renders; the browser picks a file from `sizes`. The intrinsic width and height reserve
 * the space before the file arrives. Only the page's largest paint (the first hero slide) is
 * `priority`: loaded eagerly at high priority; every other picture loads lazily.
 */
export function Artwork({
  name,
  alt,
  sizes,
  priority = false,
  className,
}: {
  name: ImageName;
  /** Describes the picture for screen readers; "" when it is decoration only. */
  alt: string;
  /** The displayed width at each breakpoint, e.g. "(min-width: 1024px) 50vw, 100vw". */
  sizes: string;
  priority?: boolean;
  /** Classes for the <img>, e.g. its aspect ratio, width and rounding. */
  className?: string;
}) {
  const { width, height } = IMAGES[name];
  const { avifSrcSet, webpSrcSet, src } = imageSources(name);
  return (
    <picture data-slot="artwork">
      <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} />
      <source type="image/webp" srcSet={webpSrcSet} sizes={sizes} />
      <img
        src={src}
        srcSet={webpSrcSet}
        sizes={sizes}
        width={width}
        height={height}
        alt={alt}
        loading={priority ? "eager" : "lazy"}
        decoding="async"
        fetchPriority={priority ? "high" : undefined}
        className={cx("h-auto max-w-full", className)}
      />
    </picture>
  );
}
