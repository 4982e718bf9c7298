import { useEffect, useRef, useState } from "react";
import { Artwork } from "~/components/marketing/artwork";

const HERO_CLASSES = "aspect-[4/3] w-full rounded-xl object-cover shadow-lg";
const HERO_SIZES = "(min-width: 1024px) 50vw, 100vw";

/** An address of the training artwork shipped with the site, at any width and format. */
function isOwnArtwork(src: string): boolean {
  return /^\/images\/showcase-training-\d+\.(?:avif|webp)(?:\?v=\d+)?$/.test(src);
}

/**
 * The picture of /training's header: the page content record's featured image, or the training
 * artwork shipped with the site when the record has none or its image fails to load (SPEC.md
 * section 8, "Image load error: replaced by a stock photo"). It is the page's largest paint, so it
 * alone loads eagerly. Give it `key={src}` so a new address gets a fresh try.
 */
export function TrainingHeroImage({ src, fallbackAlt }: { src: string | null; fallbackAlt: string }) {
  const [failed, setFailed] = useState(false);
  const imageRef = useRef<HTMLImageElement>(null);

  // The server's HTML starts loading the image before React attaches onError: an image that has
  // already failed by then is complete but has no pixels.
  useEffect(() => {
    const image = imageRef.current;
    if (image?.complete && image.naturalWidth === 0) setFailed(true);
  }, []);

  // The demo record names the artwork itself, at its largest width: drawn as the artwork, a phone
  // gets the width it needs (Lighthouse's "properly size images" on /training).
  if (!src || failed || isOwnArtwork(src)) {
    return <Artwork name="showcase-training" alt={fallbackAlt} sizes={HERO_SIZES} priority className={HERO_CLASSES} />;
  }
  return (
    <img
      ref={imageRef}
      src={src}
      // The record has no alternative text and its picture could show anything; it illustrates the
      // heading beside it, so it is treated as decoration rather than described wrongly.
      alt=""
      width={960}
      height={720}
      loading="eager"
      fetchPriority="high"
      decoding="async"
      onError={() => setFailed(true)}
      className={HERO_CLASSES}
    />
  );
}
