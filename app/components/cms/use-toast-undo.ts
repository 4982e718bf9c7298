import { useCallback, useEffect, useRef } from "react";
import { useSubmit } from "react-router";
import { useCsrfToken } from "./csrf-input";

/**
 * The "Undo" of a toast that carries one (a delete's, issue 17): posting the form the server named,
 * with this page's anti-forgery token, without leaving the page; the lists reload after it. Lives in
 * the root (where toasts are shown), so it reads the token at the moment of the click.
 */
export function useToastUndo() {
  const submit = useSubmit();
  const csrfToken = useCsrfToken();
  const token = useRef(csrfToken);
  useEffect(() => {
    token.current = csrfToken;
  }, [csrfToken]);
  return useCallback(
    (undo: { action: string; fields: Record<string, string> }) => ({
      label: "Undo",
      onClick: () =>
        void submit(
          { ...undo.fields, csrf: token.current },
          { method: "post", action: undo.action, navigate: false, fetcherKey: "toast-undo" },
        ),
    }),
    [submit],
  );
}
