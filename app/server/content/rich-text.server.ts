/**
 * A rich-text document (the CMS editor's structured form, app/lib/rich-text) made into the HTML the
 * public pages show: checked against the one schema, rendered without a DOM by Tiptap's static
 * renderer, then passed through the same sanitiser as every stored HTML body, so a document is
 * never trusted more than HTML typed by hand. See docs/decisions/014-rich-text-editor.md.
 */
import { renderToHTMLString } from "@tiptap/static-renderer/pm/html-string";
import { parseRichTextDocument } from "../../lib/rich-text/document-check";
import { richTextExtensions } from "../../lib/rich-text/extensions";
import { escapeHtml } from "../../lib/site/placeholders";
import { ExpectedError } from "../platform/errors.server";
import { sanitizeRichText } from "../platform/sanitize.server";

/**
 * The safe HTML of a stored or posted document; an ExpectedError (400, on `field`) when it is not
 * a document of our schema, too deep or too large.
 */
export function renderRichText(document: unknown, field?: string): string {
  const parsed = parseRichTextDocument(document);
  if (!parsed.ok) throw new ExpectedError(parsed.message, field === undefined ? {} : { field });
  const html = renderToHTMLString({
    content: parsed.node,
    extensions: richTextExtensions,
    options: {
      nodeMapping: {
        // The literal "{{key}}" (the key is checked: letters, digits, "_"), which the public pages'
        // placeholder substitution fills from the public settings, as it does typed HTML.
        placeholder: ({ node }) => escapeHtml(`{{${String(node.attrs.key)}}}`),
      },
    },
  });
  // The editor always keeps an empty paragraph at the end (to type after a table or an image): not content.
  return sanitizeRichText(html).replace(TRAILING_EMPTY_PARAGRAPHS, "");
}

const TRAILING_EMPTY_PARAGRAPHS = /(?:<p><\/p>)+$/;

/**
 * A form's rich-text field: the document's HTML when the form posted a document (`<name>Document`,
 * JSON), else the posted HTML (no JavaScript, or the editor's HTML view), which the public pages
 * sanitise as before. An unreadable document is refused, never silently replaced by the HTML.
 */
export function richTextFromForm(
  documentJson: string | undefined,
  html: string,
  field: string,
): { html: string; document: Record<string, unknown> | null } {
  if (documentJson === undefined || documentJson.trim() === "") return { html, document: null };
  let document: unknown;
  try {
    document = JSON.parse(documentJson);
  } catch {
    throw new ExpectedError("The editor's document could not be read. Reload the page and try again.", { field });
  }
  return { html: renderRichText(document, field), document: document as Record<string, unknown> };
}
