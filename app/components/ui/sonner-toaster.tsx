import { useEffect } from "react";
import { Toaster as SonnerToaster } from "sonner";

/**
 * Toasts as SPEC.md section 9 sets them: at most 3 visible, 4 s each, 356 px wide, 14 px apart.
 * Sonner's plain style (dark text on white) rather than its "rich colours", whose green and red
 * text fall short of AA contrast. Loaded only when a page first shows a toast (see toaster.tsx).
 */
export default function ConfiguredToaster({ onReady }: { onReady: () => void }) {
  // Sonner subscribes to new toasts in its own effect, which runs before this parent's effect.
  useEffect(onReady, [onReady]);
  return (
    <SonnerToaster
      position="bottom-center"
      visibleToasts={3}
      duration={4000}
      gap={14}
      closeButton
      toastOptions={{ style: { width: 356 } }}
    />
  );
}
