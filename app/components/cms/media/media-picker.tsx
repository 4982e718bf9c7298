import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "~/components/ui/dialog";
import { FieldError } from "~/components/ui/field-error";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { stableMediaAddress, type MediaLibraryItem, type PickedImage } from "~/lib/cms/media";
import { MEDIA_MESSAGES } from "~/lib/schemas/media";
import { cn } from "~/lib/utils";
import { useCsrfToken } from "../kit/csrf-input";
import { itemLabel } from "./media-items";

export type { PickedImage };

type LibraryEntry = MediaLibraryItem & { display: { width: number; height: number } };
type LibraryAnswer = { ok: true; items: LibraryEntry[] } | { ok: false; error: string };

const LOAD_FAILED = "The media library could not be loaded. Please try again.";

/**
 * Choose an image from the media library, for any CMS screen (the featured image, the rich-text
 * editor): search, pick one, and confirm it with its alt text. An image without alt text cannot be
 * placed: the picker asks for it and saves it to the library first. `onPick` receives the image's
 * stable address at its default width, so a later "replace file" reaches every place it was put.
 */
export function MediaPicker({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (image: PickedImage) => void;
}) {
  const csrf = useCsrfToken();
  const searchId = useId();
  const altId = useId();
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<LibraryEntry | null>(null);
  const [alt, setAlt] = useState("");
  const [altError, setAltError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const { items, loadError } = useLibrarySearch(open, query);

  const choose = (item: LibraryEntry) => {
    setChosen(item);
    setAlt(item.alt);
    setAltError(null);
  };

  const place = async () => {
    if (!chosen) return;
    const text = alt.trim();
    if (!text) {
      setAltError(MEDIA_MESSAGES.altRequired);
      return;
    }
    if (text !== chosen.alt) {
      setSaving(true);
      const saved = await fetch("/cms/media/library", {
        method: "POST",
        body: new URLSearchParams({ csrf, intent: "alt", id: chosen.id, altText: text }),
      })
        .then((response) => response.ok)
        .catch(() => false);
      setSaving(false);
      if (!saved) {
        setAltError("The alt text could not be saved. Please try again.");
        return;
      }
    }
    onPick({ id: chosen.id, src: stableMediaAddress(chosen.id), alt: text, ...chosen.display });
    onOpenChange(false);
    setChosen(null);
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="media-picker">
        <DialogTitle>Choose an image</DialogTitle>
        <DialogDescription>
          Pick an image from the media library. Upload new ones in the{" "}
          <Link to="/cms/media" target="_blank" className="text-primary underline underline-offset-4">
            Media tab
          </Link>
          .
        </DialogDescription>
        <div className="grid gap-1">
          <Label htmlFor={searchId}>Search images</Label>
          <Input id={searchId} type="search" value={query} onChange={(event) => setQuery(event.target.value)} />
        </div>
        <LibraryImages items={items} loadError={loadError} chosenId={chosen?.id} onChoose={choose} />
        {chosen ? (
          <div className="grid gap-2 border-t pt-4">
            <Label htmlFor={altId}>Alt text for “{chosen.originalName || "this image"}”</Label>
            <Input
              id={altId}
              value={alt}
              maxLength={500}
              onChange={(event) => setAlt(event.target.value)}
              aria-invalid={altError ? true : undefined}
              aria-describedby={altError ? `${altId}-error` : `${altId}-hint`}
            />
            <p id={`${altId}-hint`} className="text-xs text-muted-foreground">
              Required: what the picture shows, for people who cannot see it. Saved to the library.
            </p>
            <FieldError id={`${altId}-error`}>{altError}</FieldError>
            <div>
              <Button type="button" onClick={() => void place()} disabled={saving}>
                {saving ? "Saving" : "Use this image"}
              </Button>
            </div>
          </div>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The library's images matching the search, asked for while the picker is open. */
function useLibrarySearch(open: boolean, query: string) {
  const [items, setItems] = useState<LibraryEntry[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    // A short pause while typing, so each key press does not ask the server.
    const timer = setTimeout(() => {
      fetch(`/cms/media/library?q=${encodeURIComponent(query)}`, { signal: controller.signal })
        .then((response) => response.json() as Promise<LibraryAnswer>)
        .then((answer) => {
          if (answer.ok) {
            setItems(answer.items);
            setLoadError(null);
          } else setLoadError(answer.error);
        })
        .catch(() => {
          if (!controller.signal.aborted) setLoadError(LOAD_FAILED);
        });
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, query]);
  return { items, loadError };
}

/** The images found (or why there are none), each a button that chooses it. */
function LibraryImages({
  items,
  loadError,
  chosenId,
  onChoose,
}: {
  items: LibraryEntry[] | null;
  loadError: string | null;
  chosenId: string | undefined;
  onChoose: (item: LibraryEntry) => void;
}) {
  if (loadError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {loadError}
      </p>
    );
  }
  if (items === null) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading images
      </p>
    );
  }
  if (items.length === 0) return <p className="text-sm text-muted-foreground">No images found.</p>;
  return (
    <ul className="grid max-h-72 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-4" aria-label="Images">
      {items.map((item) => (
        <li key={item.id}>
          <button
            type="button"
            onClick={() => onChoose(item)}
            aria-pressed={chosenId === item.id}
            className={cn(
              "block w-full overflow-hidden rounded-md border text-left focus-visible:ring-2 focus-visible:ring-ring",
              chosenId === item.id && "ring-2 ring-primary",
            )}
          >
            <img
              src={item.thumbnail}
              alt=""
              width={320}
              height={Math.round((320 * item.height) / item.width)}
              className="aspect-square w-full object-cover"
            />
            <span className="block truncate px-2 py-1 text-xs">{itemLabel(item)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
