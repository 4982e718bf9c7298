/** The content editor's featured image: its address, a pick from the media library, and how it will look. */
import { useEffect, useRef, useState } from "react";
import { LibraryImageButton } from "~/components/cms/media/library-image-button";
import { TextField } from "~/components/ui/form-field";

export function FeaturedImageFieldset({
  id,
  error,
  imageUrl,
  onChange,
}: {
  id: string;
  error: string | undefined;
  /** The address as the form holds it now (the SEO panel's share card shows it too). */
  imageUrl: string;
  onChange: (imageUrl: string) => void;
}) {
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-semibold">Featured Image</legend>
      <TextField
        id={id}
        name="featuredImageUrl"
        error={error}
        label="Featured Image URL"
        // Text, not url: a library image's address is a path (/media/…), which type=url calls invalid.
        type="text"
        inputMode="url"
        value={imageUrl}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
      <LibraryImageButton onPick={(image) => onChange(image.src)} />
      {imageUrl.trim() ? <ImagePreview key={imageUrl.trim()} src={imageUrl.trim()} /> : null}
    </fieldset>
  );
}

/** The featured image as it will look; it hides itself when the image cannot be loaded. */
function ImagePreview({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  // An image that failed before React hydrated never fired our onError handler: check it once.
  useEffect(() => {
    const image = ref.current;
    if (image && image.complete && image.naturalWidth === 0) setFailed(true);
  }, []);
  if (failed) return null;
  return (
    <img
      ref={ref}
      src={src}
      alt="Featured visual, as it will appear"
      data-testid="featured-image-preview"
      width={320}
      height={180}
      className="aspect-video w-full rounded-md border object-cover"
      onError={() => setFailed(true)}
    />
  );
}
