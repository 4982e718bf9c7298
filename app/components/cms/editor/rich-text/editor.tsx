/**
 * The rich-text editor (Tiptap on ProseMirror; docs/decisions/014-rich-text-editor.md), loaded on
 * demand by rich-text-field.tsx. It edits a document of the one schema the server checks
 * (lib/rich-text/extensions.ts) and posts it as `<name>Document` (JSON) with its HTML as `<name>`;
 * the server renders the stored HTML from the document itself. In the HTML view the textarea is
 * posted as `<name>` and no document, as a form without JavaScript would.
 */
import { CharacterCount } from "@tiptap/extensions";
import { EditorContent, useEditor } from "@tiptap/react";
import { useId, useState } from "react";
import { FieldError } from "~/components/ui/field-error";
import { Label } from "~/components/ui/label";
import { richTextExtensions } from "~/lib/rich-text/extensions";
import { cleanHtmlForEditor } from "./clean-html";
import { EditorDialogs, placeImage } from "./editor-dialogs";
import { FormattingToolbar } from "./formatting-toolbar";
import { linkShortcut } from "./link-shortcut";
import type { EditorDialog } from "./toolbar-items";
import type { RichTextEditorProps } from "./types";
import { useFormFields } from "./use-form-fields";
import { useSettledWordCount } from "./use-word-count";

export default function RichTextEditorImpl({
  name,
  label,
  initialHtml,
  initialDocument,
  placeholders,
  pages,
  pickImage,
  error,
  hint,
}: RichTextEditorProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const editorId = `${id}-editor`;
  const htmlId = `${id}-html`;
  const [dialog, setDialog] = useState<EditorDialog | null>(null);
  const [htmlView, setHtmlView] = useState(false);
  const [html, setHtml] = useState(initialHtml);

  const editor = useEditor({
    extensions: [...richTextExtensions, CharacterCount, linkShortcut(() => setDialog("link"))],
    // A stored document as it is; an item never edited here starts from its HTML.
    content: initialDocument && typeof initialDocument === "object" ? initialDocument : cleanHtmlForEditor(initialHtml),
    immediatelyRender: false,
    shouldRerenderOnTransaction: false,
    editorProps: {
      attributes: {
        id: editorId,
        role: "textbox",
        "aria-multiline": "true",
        "aria-labelledby": labelId,
        ...(error ? { "aria-invalid": "true", "aria-describedby": `${id}-error` } : {}),
        // The text styled as the public page shows it (cms.css).
        class: "rich-text-surface",
      },
      transformPastedHTML: (pasted) => cleanHtmlForEditor(pasted),
    },
  });
  const { documentInput, htmlInput } = useFormFields(editor, name, setHtml);
  const words = useSettledWordCount(editor);

  function toggleHtmlView() {
    if (!editor) return;
    if (htmlView) {
      // The HTML typed there becomes the document again (the parser keeps what the schema knows).
      editor.commands.setContent(cleanHtmlForEditor(html), { emitUpdate: true });
      setHtmlView(false);
    } else {
      setHtml(editor.getHTML());
      setHtmlView(true);
    }
  }

  async function open(next: EditorDialog) {
    if (next !== "image" || !pickImage) return setDialog(next);
    const picked = await pickImage();
    if (picked && editor) placeImage(editor, picked);
  }

  return (
    <div className="grid min-w-0 gap-2" data-testid="rich-text-editor">
      {/* A label's `for` must name a form control: the editor (a contenteditable) is named by aria-labelledby instead. */}
      <Label
        id={labelId}
        htmlFor={htmlView ? htmlId : undefined}
        onClick={() => (htmlView ? undefined : editor?.commands.focus())}
      >
        {label}
      </Label>
      <div className="min-w-0 rounded-md border bg-background">
        <FormattingToolbar
          editor={editor}
          label={`${label} formatting`}
          // Only what exists: the editor's element appears once it is created, after hydration.
          controls={htmlView ? htmlId : editor ? editorId : undefined}
          htmlView={htmlView}
          onToggleHtmlView={toggleHtmlView}
          onOpen={(next) => void open(next)}
        />
        {htmlView ? (
          <textarea
            id={htmlId}
            name={name}
            value={html}
            rows={16}
            spellCheck={false}
            onChange={(event) => setHtml(event.currentTarget.value)}
            className="block w-full bg-background px-4 py-3 font-mono text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring"
          />
        ) : (
          <EditorContent editor={editor} />
        )}
      </div>
      {/*
        Written only by useFormFields, never by React: a hidden input's value is its `value` attribute,
        which React would put back to a `defaultValue` at every render. The HTML view posts its
        textarea and no document (these are disabled): the server then takes the HTML.
      */}
      <input ref={htmlInput} type="hidden" name={name} disabled={htmlView} />
      <input ref={documentInput} type="hidden" name={`${name}Document`} disabled={htmlView} />
      <div className="flex flex-wrap justify-between gap-2 text-xs text-muted-foreground">
        {hint ? <p>{hint}</p> : <span />}
        <p aria-live="polite" data-testid="word-count">
          {words === 1 ? "1 word" : `${words.toLocaleString("en-GB")} words`}
        </p>
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
      <EditorDialogs
        dialog={dialog}
        editor={editor}
        pages={pages}
        placeholders={placeholders}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
