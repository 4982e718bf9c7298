/**
 * Ctrl+S (Cmd+S on a Mac) saves the CMS form being edited, instead of the browser's
 * "save page as". It applies while the focus is inside the form (or anywhere on the page, for a
 * page whose one form is the editor), and presses the form's save button, so the same action,
 * validation and messages follow as with a click.
 */
import { useEffect, type RefObject } from "react";

export function useSaveShortcut(
  formRef: RefObject<HTMLFormElement | null>,
  options: { anywhere?: boolean; disabled?: boolean } = {},
): void {
  const { anywhere = false, disabled = false } = options;
  useEffect(() => {
    if (disabled) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      const form = formRef.current;
      if (!form) return;
      const focused = document.activeElement;
      const inside = focused !== null && form.contains(focused);
      if (!inside && !(anywhere && (focused === null || focused === document.body))) return;
      event.preventDefault();
      // The button marked as the save (data-save), else the form's first submit button.
      const button =
        form.querySelector<HTMLButtonElement>("[data-save]") ??
        form.querySelector<HTMLButtonElement>('button[type="submit"]:not([disabled])');
      form.requestSubmit(button && !button.disabled ? button : undefined);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [formRef, anywhere, disabled]);
}
