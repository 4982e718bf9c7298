/**
 * A job's or a course's description HTML as a public page shows it (decision 017): the
 * `{{key}}` placeholders filled from the public settings, as a content page's body is, then the
 * sanitiser again, so nothing a setting or the stored HTML holds can run. Null when the item was
 * never edited in the rich-text editor: its page then renders its plain text exactly as before.
 */
import { applyPlaceholders } from "../../lib/site/placeholders";
import { sanitizeRichText } from "../platform/sanitize.server";

export function publicDescriptionHtml(
  html: string | null | undefined,
  publicSettings: Readonly<Record<string, string>>,
): string | null {
  if (!html) return null;
  return sanitizeRichText(applyPlaceholders(html, publicSettings, { html: true }));
}
