import { useRef } from "react";

/**
 * For a dialog without a trigger of its own: `remember` the element that opened it, and pass
 * `onCloseAutoFocus` to its content, so focus goes back to that element when it closes.
 */
export function useDialogOpener() {
  const opener = useRef<HTMLElement | null>(null);
  const remember = (element: Element | null | undefined) => {
    opener.current = element instanceof HTMLElement ? element : null;
  };
  const onCloseAutoFocus = (event: Event) => {
    if (!opener.current?.isConnected) return;
    event.preventDefault();
    opener.current.focus();
  };
  return { remember, onCloseAutoFocus };
}
