/**
 * The editor's toolbar: the buttons of toolbar-items.ts that show at the selection, pressed and
 * disabled as the selection has them, then the switch to the HTML view (alone while it is open).
 */
import { useEditorState, type Editor } from "@tiptap/react";
import { CodeXmlIcon } from "lucide-react";
import { Toolbar, type ToolbarItem } from "./toolbar";
import { toolbarState, type EditorDialog } from "./toolbar-items";

export function FormattingToolbar({
  editor,
  label,
  controls,
  htmlView,
  onToggleHtmlView,
  onOpen,
}: {
  editor: Editor | null;
  label: string;
  /** The id of what the toolbar acts on, once it exists. */
  controls: string | undefined;
  htmlView: boolean;
  onToggleHtmlView: () => void;
  onOpen: (dialog: EditorDialog) => void;
}) {
  // The state follows every transaction; before the first one it is read directly.
  const watched = useEditorState({
    editor,
    selector: ({ editor: current }) => (current ? toolbarState(current) : null),
  });
  const state = watched ?? (editor ? toolbarState(editor) : null);

  const formatting: ToolbarItem[] =
    editor && state && !htmlView
      ? state.map(({ item, pressed, disabled }) => ({
          id: item.id,
          label: item.label,
          icon: <item.icon aria-hidden="true" className={item.destructive ? "text-destructive" : undefined} />,
          shortcut: item.shortcut,
          group: item.group,
          pressed,
          disabled,
          run: () => (item.command ? item.command(editor.chain().focus()).run() : onOpen(item.opens)),
        }))
      : [];
  const htmlToggle: ToolbarItem = {
    id: "html",
    group: true,
    label: "HTML view",
    icon: <CodeXmlIcon aria-hidden="true" />,
    pressed: htmlView,
    run: onToggleHtmlView,
  };
  return <Toolbar label={label} controls={controls} items={[...formatting, htmlToggle]} />;
}
