/**
 * The formatting toolbar's buttons as data, in the order they appear: each one's name (its
 * accessible name and title), icon and keyboard shortcut, when it shows as on (aria-pressed), when
 * it can be used and when it shows at all, and what it does: an editor command or a dialog to open.
 */
import type { ChainedCommands, Editor } from "@tiptap/react";
import {
  BoldIcon,
  BracesIcon,
  CodeIcon,
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
  SquarePenIcon,
  StrikethroughIcon,
  TableIcon,
  TextQuoteIcon,
  Trash2Icon,
  UnderlineIcon,
  Undo2Icon,
  type LucideIcon,
} from "lucide-react";

/** The editor's dialogs. "image" goes to the media library when the form offers one. */
export type EditorDialog = "link" | "image" | "image-details" | "setting";

export type ToolbarItemSpec = ToolbarItemLook & ToolbarItemAction;

interface ToolbarItemLook {
  id: string;
  label: string;
  icon: LucideIcon;
  /** Shown in the title, e.g. "Ctrl+B"; the editor's own key bindings do the work. */
  shortcut?: string;
  /** Starts a new group (a separator before it). */
  group?: boolean;
  /** Drawn in the destructive colour: the delete beside its add. */
  destructive?: boolean;
  /** A toggle, on while the selection is in this node or mark (announced as aria-pressed). */
  active?: string;
  activeAttributes?: Record<string, unknown>;
  /** Whether it can be used now; otherwise it is disabled. */
  isEnabled?: (editor: Editor) => boolean;
  /** Whether it shows at all (a table's buttons only inside a table). */
  isShown?: (editor: Editor) => boolean;
}

/** What a button does: an editor command, run with the focus kept in the text, or a dialog to open. */
type ToolbarItemAction =
  { command: (chain: ChainedCommands) => ChainedCommands; opens?: never } | { opens: EditorDialog; command?: never };

const inTable = (editor: Editor) => editor.isActive("table");
const notInTable = (editor: Editor) => !inTable(editor);

/** A heading level's button: the editor offers levels 2 to 4 (the page's title is the h1). */
function heading(level: 2 | 3 | 4, icon: ToolbarItemSpec["icon"]): ToolbarItemSpec {
  return {
    id: `h${level}`,
    label: `Heading ${level}`,
    icon,
    shortcut: `Ctrl+Alt+${level}`,
    active: "heading",
    activeAttributes: { level },
    command: (chain) => chain.toggleHeading({ level }),
  };
}

export const TOOLBAR_ITEMS: readonly ToolbarItemSpec[] = [
  {
    id: "paragraph",
    label: "Paragraph",
    icon: PilcrowIcon,
    shortcut: "Ctrl+Alt+0",
    active: "paragraph",
    command: (chain) => chain.setParagraph(),
  },
  heading(2, Heading2Icon),
  heading(3, Heading3Icon),
  heading(4, Heading4Icon),
  {
    id: "bold",
    group: true,
    label: "Bold",
    icon: BoldIcon,
    shortcut: "Ctrl+B",
    active: "bold",
    command: (chain) => chain.toggleBold(),
  },
  {
    id: "italic",
    label: "Italic",
    icon: ItalicIcon,
    shortcut: "Ctrl+I",
    active: "italic",
    command: (chain) => chain.toggleItalic(),
  },
  {
    id: "underline",
    label: "Underline",
    icon: UnderlineIcon,
    shortcut: "Ctrl+U",
    active: "underline",
    command: (chain) => chain.toggleUnderline(),
  },
  {
    id: "strike",
    label: "Strikethrough",
    icon: StrikethroughIcon,
    shortcut: "Ctrl+Shift+S",
    active: "strike",
    command: (chain) => chain.toggleStrike(),
  },
  {
    id: "code",
    label: "Inline code",
    icon: CodeIcon,
    shortcut: "Ctrl+E",
    active: "code",
    command: (chain) => chain.toggleCode(),
  },
  { id: "link", label: "Link", icon: LinkIcon, shortcut: "Ctrl+K", active: "link", opens: "link" },
  {
    id: "bulletList",
    group: true,
    label: "Bulleted list",
    icon: ListIcon,
    shortcut: "Ctrl+Shift+8",
    active: "bulletList",
    command: (chain) => chain.toggleBulletList(),
  },
  {
    id: "orderedList",
    label: "Numbered list",
    icon: ListOrderedIcon,
    shortcut: "Ctrl+Shift+7",
    active: "orderedList",
    command: (chain) => chain.toggleOrderedList(),
  },
  {
    id: "indent",
    label: "Indent list item",
    icon: IndentIncreaseIcon,
    shortcut: "Tab",
    isEnabled: (editor) => editor.can().sinkListItem("listItem"),
    command: (chain) => chain.sinkListItem("listItem"),
  },
  {
    id: "outdent",
    label: "Outdent list item",
    icon: IndentDecreaseIcon,
    shortcut: "Shift+Tab",
    isEnabled: (editor) => editor.can().liftListItem("listItem"),
    command: (chain) => chain.liftListItem("listItem"),
  },
  {
    id: "blockquote",
    label: "Block quote",
    icon: TextQuoteIcon,
    shortcut: "Ctrl+Shift+B",
    active: "blockquote",
    command: (chain) => chain.toggleBlockquote(),
  },
  { id: "image", group: true, label: "Insert image", icon: ImageIcon, opens: "image" },
  {
    id: "imageDetails",
    label: "Edit image caption and alt text",
    icon: SquarePenIcon,
    isShown: (editor) => editor.isActive("image"),
    opens: "image-details",
  },
  // One table at a time: inside a table, the buttons that change it appear instead.
  {
    id: "table",
    label: "Insert table",
    icon: TableIcon,
    isEnabled: notInTable,
    command: (chain) => chain.insertTable({ rows: 3, cols: 3, withHeaderRow: true }),
  },
  { id: "addRow", label: "Add row below", icon: Rows3Icon, isShown: inTable, command: (chain) => chain.addRowAfter() },
  {
    id: "deleteRow",
    label: "Delete row",
    icon: Rows3Icon,
    destructive: true,
    isShown: inTable,
    command: (chain) => chain.deleteRow(),
  },
  {
    id: "addColumn",
    label: "Add column after",
    icon: Columns3Icon,
    isShown: inTable,
    command: (chain) => chain.addColumnAfter(),
  },
  {
    id: "deleteColumn",
    label: "Delete column",
    icon: Columns3Icon,
    destructive: true,
    isShown: inTable,
    command: (chain) => chain.deleteColumn(),
  },
  {
    id: "deleteTable",
    label: "Delete table",
    icon: Trash2Icon,
    isShown: inTable,
    command: (chain) => chain.deleteTable(),
  },
  { id: "rule", label: "Horizontal rule", icon: MinusIcon, command: (chain) => chain.setHorizontalRule() },
  { id: "setting", label: "Insert setting", icon: BracesIcon, opens: "setting" },
  {
    id: "undo",
    group: true,
    label: "Undo",
    icon: Undo2Icon,
    shortcut: "Ctrl+Z",
    isEnabled: (editor) => editor.can().undo(),
    command: (chain) => chain.undo(),
  },
  {
    id: "redo",
    label: "Redo",
    icon: Redo2Icon,
    shortcut: "Ctrl+Shift+Z",
    isEnabled: (editor) => editor.can().redo(),
    command: (chain) => chain.redo(),
  },
];

/** The buttons that show at the selection, in order, each with its state there. */
export function toolbarState(editor: Editor) {
  return TOOLBAR_ITEMS.filter((item) => item.isShown?.(editor) ?? true).map((item) => ({
    item,
    pressed: item.active ? editor.isActive(item.active, item.activeAttributes) : undefined,
    disabled: item.isEnabled ? !item.isEnabled(editor) : false,
  }));
}
