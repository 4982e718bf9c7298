/**
 * The media picker as a function, for the rich-text editor's image button: `pickImage()` opens the
 * library and resolves with the chosen image, or with null when the picker is closed without one.
 */
import { lazy, Suspense, useCallback, useRef, useState, type ReactNode } from "react";
import type { PickedImage } from "~/lib/cms/media";

// The picker's code loads when it is first opened, not with every editor.
const MediaPicker = lazy(() => import("./media-picker").then((module) => ({ default: module.MediaPicker })));

export function usePickImage(): { pickImage: () => Promise<PickedImage | null>; picker: ReactNode } {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const settle = useRef<((image: PickedImage | null) => void) | null>(null);

  const finish = useCallback((image: PickedImage | null) => {
    settle.current?.(image);
    settle.current = null;
  }, []);

  const pickImage = useCallback(
    () =>
      new Promise<PickedImage | null>((resolve) => {
        finish(null); // a picker left open by an earlier call gives way to this one
        settle.current = resolve;
        setOpened(true);
        setOpen(true);
      }),
    [finish],
  );

  const picker = opened ? (
    <Suspense fallback={null}>
      <MediaPicker
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) finish(null);
        }}
        onPick={finish}
      />
    </Suspense>
  ) : null;
  return { pickImage, picker };
}
