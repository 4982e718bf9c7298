import { ImageIcon } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Button } from "~/components/ui/button";
import type { PickedImage } from "~/lib/cms/media";

// The picker's code loads when it is first opened, not with every editor.
const MediaPicker = lazy(() => import("./media-picker").then((module) => ({ default: module.MediaPicker })));

/** "Choose from library": opens the media picker and hands the chosen image to `onPick`. */
export function LibraryImageButton({ onPick }: { onPick: (image: PickedImage) => void }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="w-fit"
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
      >
        <ImageIcon aria-hidden="true" />
        Choose from library
      </Button>
      {opened ? (
        <Suspense fallback={null}>
          <MediaPicker open={open} onOpenChange={setOpen} onPick={onPick} />
        </Suspense>
      ) : null}
    </>
  );
}
