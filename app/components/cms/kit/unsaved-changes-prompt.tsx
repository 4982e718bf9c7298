import { AlertDialog } from "~/components/ui/alert-dialog";
import { ConfirmDialogContent } from "./confirm-form";
import { useUnsavedChangesBlocker } from "./use-unsaved-changes";

/**
 * The question asked when leaving a CMS page with unsaved changes (mounted once, in the CMS
 * layout). Stay (or Escape) keeps the page and what was typed; Leave goes on and drops it.
 */
export function UnsavedChangesPrompt() {
  const blocker = useUnsavedChangesBlocker();
  const open = blocker.state === "blocked";
  return (
    <AlertDialog open={open} onOpenChange={(isOpen) => (isOpen ? undefined : blocker.reset?.())}>
      <ConfirmDialogContent
        question="Leave without saving?"
        description="You have changes that are not saved. If you leave now, they are lost."
        confirmLabel="Leave"
        cancelLabel="Stay on this page"
        // Staying is the safe choice, so it is the primary button.
        safeChoice="cancel"
        onConfirm={() => blocker.proceed?.()}
      />
    </AlertDialog>
  );
}
