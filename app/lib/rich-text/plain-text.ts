/**
 * Plain text and the rich-text editor's HTML, both ways, for the fields whose readers want text: a
 * job's and a course's description (decision 017). The JobPosting and Course structured
 * data, the curriculum PDF, the meta description and the assistant read the text; the public page
 * shows the editor's HTML when there is one.
 */
import { escapeHtml } from "../site/placeholders";

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#x") || name.startsWith("#X")) return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith("#")) return String.fromCodePoint(Number(name.slice(1)));
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

/**
 * The text of the editor's HTML: a blank line between blocks, a line per list item, inline markup
 * dropped without a space (so "<strong>cloud</strong>." stays "cloud.").
 */
export function richTextToPlainText(html: string): string {
  const text = html
    // A list item's paragraph is one line of its list, not a paragraph of its own.
    .replace(/<li>\s*<p>/gi, "<li>")
    .replace(/<\/p>\s*<\/li>/gi, "</li>")
    .replace(/<br\b[^>]*>/gi, "\n")
    .replace(/<\/(p|h[1-6]|blockquote|ul|ol|table|pre)>/gi, "\n\n")
    .replace(/<\/(li|tr)>/gi, "\n")
    .replace(/<\/(td|th)>/gi, " ")
    .replace(/<[^>]*>/g, "");
  return decodeEntities(text)
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
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
