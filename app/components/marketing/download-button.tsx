import type { VariantProps } from "class-variance-authority";
import { lazy, Suspense, useRef, useState } from "react";
import { buttonVariants } from "~/components/ui/button";
import type { DownloadAction } from "~/content/types";
import { cx } from "~/lib/class-names";
import { Icon } from "~/components/ui/icon";

// Few visitors open it, so the dialog (Radix Dialog, the form and its checks) loads on first use.
const DownloadDialog = lazy(() => import("./download-dialog"));

/**
 * A download button of a marketing page ("Download AWS Guide"). It is a link to the document's
 * page, /downloads/<id>, where the form works without JavaScript; once the page's script runs, a
 * plain click opens the same form in a dialog instead (a click with a modifier key still follows
 * the link, e.g. to open the page in a new tab).
 */
export function DownloadButton({
  action,
  variant = "default",
  size = "lg",
  className,
}: {
  action: DownloadAction;
  variant?: VariantProps<typeof buttonVariants>["variant"];
  size?: VariantProps<typeof buttonVariants>["size"];
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  // The dialog's module is fetched on the first click and then kept, so reopening is instant.
  const [loaded, setLoaded] = useState(false);
  const triggerRef = useRef<HTMLAnchorElement>(null);

  return (
    <>
      <a
        ref={triggerRef}
        href={`/downloads/${action.document}`}
        aria-haspopup="dialog"
        data-slot="button"
        className={cx(buttonVariants({ variant, size }), className)}
        onClick={(event) => {
          if (event.defaultPrevented || event.button !== 0) return;
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          setLoaded(true);
          setOpen(true);
        }}
      >
        <Icon name="download" />
        {action.label}
      </a>
      {loaded ? (
        <Suspense fallback={null}>
          <DownloadDialog action={action} open={open} onOpenChange={setOpen} returnFocusTo={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
