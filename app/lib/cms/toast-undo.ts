/**
 * The "Undo" of a toast that carries one (a delete's). The root shows the toasts, but how
 * to undo is the CMS's business (a form post with its anti-forgery token): the CMS registers the
 * handler while it is on screen (components/cms/kit/use-toast-undo.ts), so no CMS code is loaded with
 * the public pages.
 */
export interface ToastUndo {
  /** The form's address and fields the server named for undoing the change. */
  action: string;
  fields: Record<string, string>;
}

let perform: ((undo: ToastUndo) => void) | null = null;

/** Registers how to undo; returns the function that unregisters it. */
export function setToastUndoHandler(handler: (undo: ToastUndo) => void): () => void {
  perform = handler;
  return () => {
    if (perform === handler) perform = null;
  };
}

/** The toast's Undo button, when the toast carries an undo and a page that can carry it out is open. */
export function toastUndoAction(undo: ToastUndo | undefined): { label: string; onClick: () => void } | undefined {
  const handler = perform;
  return undo && handler ? { label: "Undo", onClick: () => handler(undo) } : undefined;
}
