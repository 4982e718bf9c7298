import { Extension } from "@tiptap/core";

/** Ctrl+K opens the link dialog, as in most editors (Tiptap's Link has no shortcut of its own). */
export function linkShortcut(open: () => void) {
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
