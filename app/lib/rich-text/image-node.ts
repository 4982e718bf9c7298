/**
 * An image as a figure: `<figure><img src alt width height><figcaption>` (the caption only when
 * there is one). A block atom whose caption is an attribute, not editable content, so a figure is
 * always exactly one image and one line of caption, and the stored document says so. `mediaId`
 * ties it to the media library (where an image is used); it is not rendered on public pages.
 */
import { mergeAttributes, Node } from "@tiptap/core";
import type { DOMOutputSpec } from "@tiptap/pm/model";
import { isAllowedImageSrc } from "./addresses";

export interface ImageAttributes {
  src: string;
  alt: string;
  width: number | null;
  height: number | null;
  caption: string | null;
  mediaId: string | null;
}

declare module "@tiptap/core" {
  interface Commands<ReturnType> {
    figureImage: {
      /** Inserts an image at the selection; refused when its address is not allowed or it has no alt text. */
      insertImage: (attributes: Partial<ImageAttributes> & { src: string; alt: string }) => ReturnType;
      /** Changes the selected image's caption and alt text. */
      updateImage: (attributes: Partial<ImageAttributes>) => ReturnType;
    };
  }
}

function dimension(value: string | null): number | null {
  if (!value || !/^\d{1,5}$/.test(value)) return null;
  const number = Number(value);
  return number > 0 ? number : null;
}

/** The attributes of an `<img>` element, or false when its address is not one we allow (file://, data:). */
function imageAttributes(image: HTMLImageElement | null, caption: string | null, mediaId: string | null) {
  const src = image?.getAttribute("src")?.trim() ?? "";
  if (!image || !isAllowedImageSrc(src)) return false;
  return {
    src,
    alt: image.getAttribute("alt") ?? "",
    width: dimension(image.getAttribute("width")),
    height: dimension(image.getAttribute("height")),
    caption: caption?.trim() ? caption.trim() : null,
    mediaId,
  };
}

export const ImageNode = Node.create({
  name: "image",
  group: "block",
  atom: true,
  draggable: true,
  selectable: true,

  addAttributes() {
    // Parsing and rendering are the node's own (below): these only declare the attributes.
    const plain = { rendered: false } as const;
    return {
      src: { default: null, ...plain },
      alt: { default: "", ...plain },
      width: { default: null, ...plain },
      height: { default: null, ...plain },
      caption: { default: null, ...plain },
      mediaId: { default: null, ...plain },
    };
  },

  parseHTML() {
    return [
      {
        tag: "figure",
        getAttrs: (element) =>
          imageAttributes(
            element.querySelector("img"),
            element.querySelector("figcaption")?.textContent ?? null,
            element.getAttribute("data-media-id"),
          ),
      },
      { tag: "img[src]", getAttrs: (element) => imageAttributes(element as HTMLImageElement, null, null) },
    ];
  },

  renderHTML({ node }) {
    const attrs = node.attrs as ImageAttributes;
    const image: DOMOutputSpec = [
      "img",
      {
        src: attrs.src,
        alt: attrs.alt,
        ...(attrs.width ? { width: String(attrs.width) } : {}),
        ...(attrs.height ? { height: String(attrs.height) } : {}),
      },
    ];
    const figure = mergeAttributes(attrs.mediaId ? { "data-media-id": attrs.mediaId } : {});
    return attrs.caption ? ["figure", figure, image, ["figcaption", {}, attrs.caption]] : ["figure", figure, image];
  },

  addCommands() {
    return {
      insertImage:
        (attributes) =>
        ({ commands }) =>
          isAllowedImageSrc(attributes.src) && attributes.alt.trim() !== ""
            ? commands.insertContent({ type: this.name, attrs: attributes })
            : false,
      updateImage:
        (attributes) =>
        ({ commands }) =>
          commands.updateAttributes(this.name, attributes),
    };
  },
});
