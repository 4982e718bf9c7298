import { useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { setToastUndoHandler } from "~/lib/cms/toast-undo";
import { useCsrfToken } from "./csrf-input";

/**
 * Carries out a toast's "Undo" (lib/cms/toast-undo.ts) while the CMS is on screen: posts the form the
 * server named, with this page's anti-forgery token read at the moment of the click, without
 * leaving the page; the lists reload after it.
 */
export function useToastUndo(): void {
  const submit = useSubmit();
  const csrfToken = useCsrfToken();
  const token = useRef(csrfToken);
  useEffect(() => {
    token.current = csrfToken;
  }, [csrfToken]);
  useEffect(
    () =>
      setToastUndoHandler(
        (undo) =>
          void submit(
            { ...undo.fields, csrf: token.current },
            { method: "post", action: undo.action, navigate: false, fetcherKey: "toast-undo" },
          ),
      ),
    [submit],
  );
}
