/** The editor's open dialog, if any, and what its confirmation does to the document. */
import type { Editor } from "@tiptap/react";
import type { ImageAttributes } from "~/lib/rich-text/image-node";
import { ImageAddressDialog, ImageDetailsDialog, LinkDialog, SettingDialog } from "./dialogs";
import type { EditorDialog } from "./toolbar-items";
import type { PageOption, PickedImage, PlaceholderOption } from "./types";

/** Puts an image, from the media library or typed in, at the selection. */
export function placeImage(editor: Editor, picked: PickedImage) {
  editor
    .chain()
    .focus()
    .insertImage({
      src: picked.src,
      alt: picked.alt,
      width: picked.width > 0 ? picked.width : null,
      height: picked.height > 0 ? picked.height : null,
      mediaId: picked.id || null,
    })
    .run();
}

export function EditorDialogs({
  dialog,
  editor,
  pages,
  placeholders,
  onClose,
}: {
  dialog: EditorDialog | null;
  editor: Editor | null;
  pages: readonly PageOption[];
  placeholders: readonly PlaceholderOption[];
  onClose: () => void;
}) {
  if (dialog === "image") {
    const pick = (picked: PickedImage) => {
      if (editor) placeImage(editor, picked);
      onClose();
    };
    return <ImageAddressDialog onPick={pick} onClose={onClose} />;
  }
  if (!editor || dialog === null) return null;
  const chain = () => editor.chain().focus();
  // Each confirmation changes the document, then closes its dialog.
  const done = (change: () => void) => {
    change();
    onClose();
  };

  if (dialog === "link") {
    return (
      <LinkDialog
        href={(editor.getAttributes("link").href as string | undefined) ?? ""}
        pages={pages}
        onClose={onClose}
        onRemove={() => done(() => chain().extendMarkRange("link").unsetLink().run())}
        onSave={(href) =>
          done(() => {
            // With nothing selected and no link to change, the address itself becomes the link's text.
            if (editor.state.selection.empty && !editor.isActive("link")) {
              chain()
                .insertContent({ type: "text", text: href, marks: [{ type: "link", attrs: { href } }] })
                .run();
            } else {
              chain().extendMarkRange("link").setLink({ href }).run();
            }
          })
        }
      />
    );
  }
  if (dialog === "image-details") {
    const image = editor.getAttributes("image") as Partial<ImageAttributes>;
    return (
      <ImageDetailsDialog
        alt={image.alt ?? ""}
        caption={image.caption ?? ""}
        onClose={onClose}
        onSave={(details) => done(() => chain().updateImage(details).run())}
      />
    );
  }
  return (
    <SettingDialog
      settings={placeholders}
      onClose={onClose}
      onPick={(key) => done(() => chain().insertPlaceholder(key).run())}
    />
  );
}
