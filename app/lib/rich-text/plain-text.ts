/**
 * Plain text and the rich-text editor's HTML, both ways, for the fields whose readers want text: a
 * job's and a course's description (issue 17, decision 017). The JobPosting and Course structured
 * data, the curriculum PDF, the meta description and the assistant read the text; the public page
 * shows the editor's HTML when there is one.
 */
import { escapeHtml } from "../placeholders";
import { htmlToText } from "../revision-diff";

/** The text of the editor's HTML, a blank line between blocks (the plain description's paragraphs). */
export function richTextToPlainText(html: string): string {
  // A list item's paragraph is one line of its list, not a paragraph of its own.
  const blocksEnded = html
    .replace(/<li>\s*<p>/gi, "<li>")
    .replace(/<\/p>\s*<\/li>/gi, "</li>")
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|table|pre)>/gi, "$&\n");
  return htmlToText(blocksEnded)
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

/**
 * A plain description as the editor's first HTML, read as the public page reads it
 * (components/site/job-description.tsx): a blank line starts a paragraph, a single break stays one.
 */
export function plainTextToRichText(text: string): string {
  return text
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\r?\n/g, "<br>")}</p>`)
    .join("");
}
