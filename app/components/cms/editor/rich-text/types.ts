/** What the CMS's routes hand the rich-text editor (plain data, so it travels as loader data). */
import type * as React from "react";
import type { PickedImage } from "~/lib/cms/media";

/** A public site setting that a placeholder chip can stand for. */
export interface PlaceholderOption {
  key: string;
  value: string;
}

/** A page of this site that the link dialog offers. */
export interface PageOption {
  path: string;
  title: string;
}

/** What an image picker returns (the media library's, or the simple default dialog's). */
export type { PickedImage };

export interface RichTextEditorProps {
  /** The form field of the HTML; the document is posted as `<name>Document`. */
  name: string;
  label: string;
  initialHtml: string;
  /** The stored document; null for an item never edited in the editor (its HTML is read instead). */
  initialDocument: unknown;
  placeholders: readonly PlaceholderOption[];
  pages: readonly PageOption[];
  /** Opens the media library; without it, a simple dialog asks for an address and alt text. */
  pickImage?: () => Promise<PickedImage | null>;
  error?: string;
  hint?: React.ReactNode;
}
