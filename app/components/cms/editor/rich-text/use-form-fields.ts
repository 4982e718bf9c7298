/**
 * The editor's form fields: its HTML as `<name>` and its document as `<name>Document` (JSON), two
 * hidden inputs written from script as the document changes, so React does not re-render at every
 * keystroke. A kept copy restored into the form (local-draft/restore-form-values.ts) is loaded
 * back into the editor from the same two values.
 */
import type { Editor } from "@tiptap/react";
import { useEffect, useRef } from "react";
import { FORM_RESTORED_EVENT } from "~/components/cms/editor/local-draft/restore-form-values";
import { FORM_CHANGED_EVENT } from "~/components/cms/editor/local-draft/use-local-draft";
import { cleanHtmlForEditor } from "./clean-html";

/**
 * @param onRestored called with the editor's HTML after a restored copy was loaded
 * @returns the refs of the two hidden inputs, which the editor renders
 */
export function useFormFields(editor: Editor | null, name: string, onRestored: (html: string) => void) {
  const documentInput = useRef<HTMLInputElement>(null);
  const htmlInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!editor) return;
    const write = () => {
      if (documentInput.current) documentInput.current.value = JSON.stringify(editor.getJSON());
      if (htmlInput.current) htmlInput.current.value = editor.getHTML();
    };
    const update = () => {
      write();
      // Script-written fields fire no input event: the form's autosave, guard and live preview
      // hear this instead. Not on the first write: opening the editor changes nothing.
      documentInput.current?.dispatchEvent(new Event(FORM_CHANGED_EVENT, { bubbles: true }));
    };
    write();
    editor.on("update", update);
    return () => {
      editor.off("update", update);
    };
  }, [editor]);

  useEffect(() => {
    const form = documentInput.current?.form;
    if (!editor || !form) return;
    const restore = (event: Event) => {
      const values = (event as CustomEvent<Record<string, string>>).detail;
      const document = parseDocument(values[`${name}Document`]);
      if (document) editor.commands.setContent(document, { emitUpdate: true });
      else if (values[name] !== undefined)
        editor.commands.setContent(cleanHtmlForEditor(values[name]), { emitUpdate: true });
      else return;
      onRestored(editor.getHTML());
    };
    form.addEventListener(FORM_RESTORED_EVENT, restore);
    return () => form.removeEventListener(FORM_RESTORED_EVENT, restore);
  }, [editor, name, onRestored]);

  return { documentInput, htmlInput };
}

/** A kept document, or null when there is none or it is damaged (its HTML, if any, is then the body). */
function parseDocument(json: string | undefined): object | null {
  if (!json) return null;
  try {
    const document: unknown = JSON.parse(json);
    return document && typeof document === "object" ? document : null;
  } catch {
    return null;
  }
}
