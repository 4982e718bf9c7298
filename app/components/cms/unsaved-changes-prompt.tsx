import { AlertDialog } from "radix-ui";
import { Button } from "~/components/ui/button";
import { useUnsavedChangesBlocker } from "./use-unsaved-changes";

/**
 * The question asked when leaving a CMS page with unsaved changes (mounted once, in the CMS
 * layout). Stay (or Escape) keeps the page and what was typed; Leave goes on and drops it.
 */
export function UnsavedChangesPrompt() {
  const blocker = useUnsavedChangesBlocker();
  const open = blocker.state === "blocked";
  return (
    <AlertDialog.Root open={open} onOpenChange={(isOpen) => (isOpen ? undefined : blocker.reset?.())}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-black/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg border bg-popover p-6 text-popover-foreground shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold">Leave without saving?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            You have changes that are not saved. If you leave now, they are lost.
          </AlertDialog.Description>
          <div className="flex justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button type="button">Stay on this page</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button type="button" variant="outline" onClick={() => blocker.proceed?.()}>
                Leave
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
