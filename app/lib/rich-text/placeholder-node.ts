/**
 * `{{key}}` as one indivisible piece of the document (an inline atom), so a setting's placeholder
 * cannot be half-deleted or mistyped. The editor shows it as a chip; the server renders it as the
 * literal text `{{key}}` (rich-text.server.ts), so the placeholder substitution of public pages
 * (lib/site/placeholders.ts) works on it unchanged.
 */
import { InputRule, mergeAttributes, Node } from "@tiptap/core";
import { PLACEHOLDER_KEY } from "./addresses";

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    placeholder: {
      /** Inserts the chip of the setting `key` at the selection. */
      insertPlaceholder: (key: string) => ReturnType;
    };
  }
}

export const PlaceholderNode = Node.create({
  name: "placeholder",
  group: "inline",
  inline: true,
  atom: true,
  selectable: true,

  addAttributes() {
    return {
      key: {
        default: null,
        parseHTML: (element) => element.getAttribute("data-placeholder"),
        renderHTML: (attributes) => ({ "data-placeholder": attributes.key as string }),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: "span[data-placeholder]",
        getAttrs: (element) => (PLACEHOLDER_KEY.test(element.getAttribute("data-placeholder") ?? "") ? null : false),
      },
    ];
  },

  // In the editor and its HTML view: a chip that parses back into the same node.
  renderHTML({ node, HTMLAttributes }) {
    return [
      "span",
      mergeAttributes(HTMLAttributes, {
        class: "rich-text-placeholder",
        title: `Replaced by the site setting "${String(node.attrs.key)}"`,
      }),
      `{{${String(node.attrs.key)}}}`,
    ];
  },

  renderText({ node }) {
    return `{{${String(node.attrs.key)}}}`;
  },

  addCommands() {
    return {
      insertPlaceholder:
        (key) =>
        ({ commands }) =>
          PLACEHOLDER_KEY.test(key) ? commands.insertContent({ type: this.name, attrs: { key } }) : false,
    };
  },

  // Typing "{{company_name}}" makes the chip, as the picker would.
  addInputRules() {
    return [
      new InputRule({
        find: /\{\{([a-z][a-z0-9_]*)\}\}$/,
        handler: ({ state, range, match }) => {
          state.tr.replaceWith(range.from, range.to, this.type.create({ key: match[1] }));
        },
      }),
    ];
  },
});
