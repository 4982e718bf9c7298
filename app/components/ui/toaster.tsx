import { Toaster as SonnerToaster } from "sonner";

/**
 * Toasts as SPEC.md section 9 sets them: at most 3 visible, 4 s each, 356 px wide, 14 px apart.
 * Sonner's plain style (dark text on white) rather than its "rich colours", whose green and red
 * text fall short of AA contrast.
 */
export function Toaster() {
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
