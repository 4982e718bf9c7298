/**
 * The ONE list of what a rich-text document may contain, shared by the CMS's editor and the server
 * (which checks a stored document against it and renders it to HTML): headings 2 to 4 (the page's
 * title is the h1), bold, italic, underline, strike, inline code, code blocks, bulleted, numbered
 * and nested lists, block quotes, horizontal rules, hard breaks, links, tables, figures and
 * setting placeholders. The editor adds only behaviour (word count) on top, never a node or mark.
 */
import type { AnyExtension } from "@tiptap/core";
import { getSchema } from "@tiptap/core";
import { TableKit } from "@tiptap/extension-table";
import StarterKit from "@tiptap/starter-kit";
import { isAllowedLinkHref } from "./addresses";
import { ImageNode } from "./image-node";
import { PlaceholderNode } from "./placeholder-node";

export const HEADING_LEVELS = [2, 3, 4] as const;

export const richTextExtensions: AnyExtension[] = [
  StarterKit.configure({
    heading: { levels: [...HEADING_LEVELS] },
    link: {
      openOnClick: false,
      // Off: an autolink mark is "inclusive", so text typed after a link would join it; links come from the dialog or a paste.
      autolink: false,
      defaultProtocol: "https",
      // Every link's address passes the same allow-list the server checks; the sanitiser adds rel.
      isAllowedUri: (url) => isAllowedLinkHref(url),
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
  TableKit.configure({ table: { resizable: false } }),
  ImageNode,
  PlaceholderNode,
];

/** The ProseMirror schema of richTextExtensions (built once; it is the same everywhere). */
export const richTextSchema = getSchema(richTextExtensions);
