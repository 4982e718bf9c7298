/**
 * The rich-text editor (Tiptap on ProseMirror; docs/decisions/014-rich-text-editor.md), loaded on
 * demand by rich-text-field.tsx. It edits a document of the one schema the server checks
 * (lib/rich-text/extensions.ts) and posts it as `<name>Document` (JSON) with its HTML as `<name>`;
 * the server renders the stored HTML from the document itself. In the HTML view the textarea is
 * posted as `<name>` and no document, as a form without JavaScript would.
 */
import { CharacterCount } from "@tiptap/extensions";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import {
  BoldIcon,
  BracesIcon,
  CodeIcon,
  CodeXmlIcon,
  Columns3Icon,
  Heading2Icon,
  Heading3Icon,
  Heading4Icon,
  ImageIcon,
  IndentDecreaseIcon,
  IndentIncreaseIcon,
  ItalicIcon,
  LinkIcon,
  ListIcon,
  ListOrderedIcon,
  MinusIcon,
  PilcrowIcon,
  Redo2Icon,
  Rows3Icon,
  StrikethroughIcon,
  TableIcon,
  TextQuoteIcon,
  UnderlineIcon,
  Undo2Icon,
  SquarePenIcon,
  Trash2Icon,
} from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Label, FieldError } from "~/components/ui/input";
import { Extension } from "@tiptap/core";
import { richTextExtensions } from "~/lib/rich-text/extensions";
import type { ImageAttributes } from "~/lib/rich-text/image-node";
import { FORM_RESTORED_EVENT } from "~/components/cms/local-draft/restore-form-values";
import { FORM_CHANGED_EVENT } from "~/components/cms/local-draft/use-local-draft";
import { cleanHtmlForEditor } from "./clean-html";
import { ImageAddressDialog, ImageDetailsDialog, LinkDialog, SettingDialog } from "./dialogs";
import { Toolbar, type ToolbarItem } from "./toolbar";
import type { PickedImage, RichTextEditorProps } from "./types";

type OpenDialog = "link" | "image" | "image-details" | "setting" | null;

/** Ctrl+K opens the link dialog, as in most editors (Tiptap's Link has no shortcut of its own). */
function linkShortcut(open: () => void) {
  return Extension.create({
    name: "linkShortcut",
    addKeyboardShortcuts: () => ({
      "Mod-k": () => {
        open();
        return true;
      },
    }),
  });
}

/** How many words, said once typing pauses (a screen reader is not told at every keystroke). */
function useSettledWordCount(editor: Editor | null) {
  const [words, setWords] = useState(() => editor?.storage.characterCount.words() ?? 0);
  useEffect(() => {
    if (!editor) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = (delay: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => setWords(editor.storage.characterCount.words()), delay);
    };
    const update = () => count(800);
    count(0);
    editor.on("update", update);
    return () => {
      clearTimeout(timer);
      editor.off("update", update);
    };
  }, [editor]);
  return words;
}

/** What the toolbar shows: which formats are on at the selection, and what can be done. */
function toolbarState(current: Editor) {
  return {
    paragraph: current.isActive("paragraph"),
    h2: current.isActive("heading", { level: 2 }),
    h3: current.isActive("heading", { level: 3 }),
    h4: current.isActive("heading", { level: 4 }),
    bold: current.isActive("bold"),
    italic: current.isActive("italic"),
    underline: current.isActive("underline"),
    strike: current.isActive("strike"),
    code: current.isActive("code"),
    bulletList: current.isActive("bulletList"),
    orderedList: current.isActive("orderedList"),
    blockquote: current.isActive("blockquote"),
    link: current.isActive("link"),
    table: current.isActive("table"),
    image: current.isActive("image"),
    canIndent: current.can().sinkListItem("listItem"),
    canOutdent: current.can().liftListItem("listItem"),
    canUndo: current.can().undo(),
    canRedo: current.can().redo(),
  };
}

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
  const documentInput = useRef<HTMLInputElement>(null);
  const htmlInput = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const [htmlView, setHtmlView] = useState(false);
  const [html, setHtml] = useState(initialHtml);
  const openLink = useRef(() => setDialog("link"));

  const editor = useEditor({
    extensions: [...richTextExtensions, CharacterCount, linkShortcut(() => openLink.current())],
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
        class:
          "min-h-64 max-w-none px-4 py-3 leading-7 [overflow-wrap:anywhere] whitespace-pre-wrap outline-none focus-visible:ring-2 focus-visible:ring-ring [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_blockquote]:border-l-4 [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-muted [&_code]:px-1 [&_figcaption]:text-sm [&_figcaption]:text-muted-foreground [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_h4]:font-semibold [&_hr]:my-4 [&_img]:h-auto [&_img]:max-w-full [&_ol]:list-decimal [&_ol]:pl-6 [&_pre]:overflow-x-auto [&_table]:w-full [&_td]:border [&_td]:p-2 [&_th]:border [&_th]:p-2 [&_ul]:list-disc [&_ul]:pl-6 [&_.ProseMirror-selectednode]:outline-2 [&_.ProseMirror-selectednode]:outline-ring [&_.rich-text-placeholder]:rounded-full [&_.rich-text-placeholder]:border [&_.rich-text-placeholder]:bg-muted [&_.rich-text-placeholder]:px-2 [&_.rich-text-placeholder]:font-mono [&_.rich-text-placeholder]:text-sm",
      },
      transformPastedHTML: (pasted) => cleanHtmlForEditor(pasted),
    },
    onUpdate: ({ editor: current }) => {
      writeFields(current);
      // Script-written fields fire no input event: the form's autosave, guard and live preview
      // hear this instead. Not on create: opening the editor changes nothing.
      documentInput.current?.dispatchEvent(new Event(FORM_CHANGED_EVENT, { bubbles: true }));
    },
    onCreate: ({ editor: current }) => writeFields(current),
  });

  /** The hidden fields follow the document without re-rendering React at every keystroke. */
  function writeFields(current: Editor) {
    if (documentInput.current) documentInput.current.value = JSON.stringify(current.getJSON());
    if (htmlInput.current) htmlInput.current.value = current.getHTML();
  }

  // A kept copy restored into the form (local-draft/restore-form-values.ts): load its body.
  useEffect(() => {
    const form = documentInput.current?.form;
    if (!editor || !form) return;
    const restore = (event: Event) => {
      const values = (event as CustomEvent<Record<string, string>>).detail;
      const html = values[name];
      let document: unknown = null;
      try {
        document = values[`${name}Document`] ? JSON.parse(values[`${name}Document`]!) : null;
      } catch {
        // A damaged copy: its HTML, if any, is the body.
      }
      if (document && typeof document === "object") editor.commands.setContent(document, { emitUpdate: true });
      else if (html !== undefined) editor.commands.setContent(cleanHtmlForEditor(html), { emitUpdate: true });
      else return;
      setHtml(editor.getHTML());
    };
    form.addEventListener(FORM_RESTORED_EVENT, restore);
    return () => form.removeEventListener(FORM_RESTORED_EVENT, restore);
  }, [editor, name]);

  // The toolbar's state follows every transaction; before the first one it is read directly.
  const watched = useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? toolbarState(current) : null),
  });
  const state = watched ?? (editor ? toolbarState(editor) : null);
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

  async function insertImage() {
    if (!pickImage) return setDialog("image");
    const picked = await pickImage();
    if (picked) placeImage(picked);
  }

  function placeImage(picked: PickedImage) {
    editor
      ?.chain()
      .focus()
      .insertImage({
        src: picked.src,
        alt: picked.alt,
        width: picked.width > 0 ? picked.width : null,
        height: picked.height > 0 ? picked.height : null,
        mediaId: picked.id || null,
      })
      .run();
    setDialog(null);
  }

  const chain = () => editor!.chain().focus();
  const items: ToolbarItem[] =
    editor && state
      ? [
          {
            id: "paragraph",
            label: "Paragraph",
            icon: <PilcrowIcon aria-hidden="true" />,
            shortcut: "Ctrl+Alt+0",
            pressed: state.paragraph,
            run: () => chain().setParagraph().run(),
          },
          {
            id: "h2",
            label: "Heading 2",
            icon: <Heading2Icon aria-hidden="true" />,
            shortcut: "Ctrl+Alt+2",
            pressed: state.h2,
            run: () => chain().toggleHeading({ level: 2 }).run(),
          },
          {
            id: "h3",
            label: "Heading 3",
            icon: <Heading3Icon aria-hidden="true" />,
            shortcut: "Ctrl+Alt+3",
            pressed: state.h3,
            run: () => chain().toggleHeading({ level: 3 }).run(),
          },
          {
            id: "h4",
            label: "Heading 4",
            icon: <Heading4Icon aria-hidden="true" />,
            shortcut: "Ctrl+Alt+4",
            pressed: state.h4,
            run: () => chain().toggleHeading({ level: 4 }).run(),
          },
          {
            id: "bold",
            group: true,
            label: "Bold",
            icon: <BoldIcon aria-hidden="true" />,
            shortcut: "Ctrl+B",
            pressed: state.bold,
            run: () => chain().toggleBold().run(),
          },
          {
            id: "italic",
            label: "Italic",
            icon: <ItalicIcon aria-hidden="true" />,
            shortcut: "Ctrl+I",
            pressed: state.italic,
            run: () => chain().toggleItalic().run(),
          },
          {
            id: "underline",
            label: "Underline",
            icon: <UnderlineIcon aria-hidden="true" />,
            shortcut: "Ctrl+U",
            pressed: state.underline,
            run: () => chain().toggleUnderline().run(),
          },
          {
            id: "strike",
            label: "Strikethrough",
            icon: <StrikethroughIcon aria-hidden="true" />,
            shortcut: "Ctrl+Shift+S",
            pressed: state.strike,
            run: () => chain().toggleStrike().run(),
          },
          {
            id: "code",
            label: "Inline code",
            icon: <CodeIcon aria-hidden="true" />,
            shortcut: "Ctrl+E",
            pressed: state.code,
            run: () => chain().toggleCode().run(),
          },
          {
            id: "link",
            label: "Link",
            icon: <LinkIcon aria-hidden="true" />,
            shortcut: "Ctrl+K",
            pressed: state.link,
            run: () => setDialog("link"),
          },
          {
            id: "bulletList",
            group: true,
            label: "Bulleted list",
            icon: <ListIcon aria-hidden="true" />,
            shortcut: "Ctrl+Shift+8",
            pressed: state.bulletList,
            run: () => chain().toggleBulletList().run(),
          },
          {
            id: "orderedList",
            label: "Numbered list",
            icon: <ListOrderedIcon aria-hidden="true" />,
            shortcut: "Ctrl+Shift+7",
            pressed: state.orderedList,
            run: () => chain().toggleOrderedList().run(),
          },
          {
            id: "indent",
            label: "Indent list item",
            icon: <IndentIncreaseIcon aria-hidden="true" />,
            shortcut: "Tab",
            disabled: !state.canIndent,
            run: () => chain().sinkListItem("listItem").run(),
          },
          {
            id: "outdent",
            label: "Outdent list item",
            icon: <IndentDecreaseIcon aria-hidden="true" />,
            shortcut: "Shift+Tab",
            disabled: !state.canOutdent,
            run: () => chain().liftListItem("listItem").run(),
          },
          {
            id: "blockquote",
            label: "Block quote",
            icon: <TextQuoteIcon aria-hidden="true" />,
            shortcut: "Ctrl+Shift+B",
            pressed: state.blockquote,
            run: () => chain().toggleBlockquote().run(),
          },
          {
            id: "image",
            group: true,
            label: "Insert image",
            icon: <ImageIcon aria-hidden="true" />,
            run: () => void insertImage(),
          },
          ...(state.image
            ? [
                {
                  id: "imageDetails",
                  label: "Edit image caption and alt text",
                  icon: <SquarePenIcon aria-hidden="true" />,
                  run: () => setDialog("image-details"),
                },
              ]
            : []),
          {
            id: "table",
            label: "Insert table",
            icon: <TableIcon aria-hidden="true" />,
            disabled: state.table,
            run: () => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run(),
          },
          ...(state.table
            ? [
                {
                  id: "addRow",
                  label: "Add row below",
                  icon: <Rows3Icon aria-hidden="true" />,
                  run: () => chain().addRowAfter().run(),
                },
                {
                  id: "deleteRow",
                  label: "Delete row",
                  icon: <Rows3Icon aria-hidden="true" className="text-destructive" />,
                  run: () => chain().deleteRow().run(),
                },
                {
                  id: "addColumn",
                  label: "Add column after",
                  icon: <Columns3Icon aria-hidden="true" />,
                  run: () => chain().addColumnAfter().run(),
                },
                {
                  id: "deleteColumn",
                  label: "Delete column",
                  icon: <Columns3Icon aria-hidden="true" className="text-destructive" />,
                  run: () => chain().deleteColumn().run(),
                },
                {
                  id: "deleteTable",
                  label: "Delete table",
                  icon: <Trash2Icon aria-hidden="true" />,
                  run: () => chain().deleteTable().run(),
                },
              ]
            : []),
          {
            id: "rule",
            label: "Horizontal rule",
            icon: <MinusIcon aria-hidden="true" />,
            run: () => chain().setHorizontalRule().run(),
          },
          {
            id: "setting",
            label: "Insert setting",
            icon: <BracesIcon aria-hidden="true" />,
            run: () => setDialog("setting"),
          },
          {
            id: "undo",
            group: true,
            label: "Undo",
            icon: <Undo2Icon aria-hidden="true" />,
            shortcut: "Ctrl+Z",
            disabled: !state.canUndo,
            run: () => chain().undo().run(),
          },
          {
            id: "redo",
            label: "Redo",
            icon: <Redo2Icon aria-hidden="true" />,
            shortcut: "Ctrl+Shift+Z",
            disabled: !state.canRedo,
            run: () => chain().redo().run(),
          },
        ]
      : [];
  const htmlToggle: ToolbarItem = {
    id: "html",
    group: true,
    label: "HTML view",
    icon: <CodeXmlIcon aria-hidden="true" />,
    pressed: htmlView,
    run: toggleHtmlView,
  };

  const selectedImage = (editor && state?.image ? editor.getAttributes("image") : {}) as Partial<ImageAttributes>;

  return (
    <div className="grid min-w-0 gap-2" data-testid="rich-text-editor">
      {/* A label's `for` must name a form control: the editor (a contenteditable) is named by aria-labelledby instead. */}
      <Label
        id={labelId}
        htmlFor={htmlView ? `${id}-html` : undefined}
        onClick={() => (htmlView ? undefined : editor?.commands.focus())}
      >
        {label}
      </Label>
      <div className="min-w-0 rounded-md border bg-background">
        <Toolbar
          label={`${label} formatting`}
          // Only what exists: the editor's element appears once it is created, after hydration.
          controls={htmlView ? `${id}-html` : editor ? editorId : undefined}
          items={htmlView ? [htmlToggle] : [...items, htmlToggle]}
        />
        {htmlView ? (
          <textarea
            id={`${id}-html`}
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
        Written only by writeFields, never by React: a hidden input's value is its `value` attribute,
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

      {dialog === "link" && editor ? (
        <LinkDialog
          href={(editor.getAttributes("link").href as string | undefined) ?? ""}
          pages={pages}
          onClose={() => setDialog(null)}
          onRemove={() => {
            chain().extendMarkRange("link").unsetLink().run();
            setDialog(null);
          }}
          onSave={(href) => {
            if (editor.state.selection.empty && !editor.isActive("link")) {
              chain()
                .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
                .run();
            } else {
              chain().extendMarkRange("link").setLink({ href }).run();
            }
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === "image" ? <ImageAddressDialog onPick={placeImage} onClose={() => setDialog(null)} /> : null}
      {dialog === "image-details" && editor ? (
        <ImageDetailsDialog
          alt={selectedImage.alt ?? ""}
          caption={selectedImage.caption ?? ""}
          onClose={() => setDialog(null)}
          onSave={(details) => {
            chain().updateImage(details).run();
            setDialog(null);
          }}
        />
      ) : null}
      {dialog === "setting" && editor ? (
        <SettingDialog
          settings={placeholders}
          onClose={() => setDialog(null)}
          onPick={(key) => {
            chain().insertPlaceholder(key).run();
            setDialog(null);
          }}
        />
      ) : null}
    </div>
  );
}
