/**
 * What the job-opening and course editors read from their forms beyond their own fields
 * (decision 017): the rich-text description, and the schedule's London wall-clock times.
 */
import { fromLondonWallClock } from "../../lib/cms/london-time";
import { richTextToPlainText } from "../../lib/rich-text/plain-text";
import { richTextFromForm } from "../content/rich-text.server";
import { ExpectedError } from "../platform/errors.server";
import { sanitizeRichText } from "../platform/sanitize.server";

export const SCHEDULE_MESSAGES = {
  noTime: "Choose a time to publish or to unpublish",
  badTime: "Enter a date and time in London time (a time the clocks skip does not exist)",
} as const;

/** Far above any description's text limit: the markup of a long, formatted description fits. */
const DESCRIPTION_HTML_MAX = 100_000;
const DESCRIPTION_HTML_TOO_LONG = "The formatted description is too long";

export interface RichDescription {
  /** The text (what the form's own schema checks, and the plain-text readers use). */
  description: string;
  /** The sanitised HTML the public page shows. */
  descriptionHtml: string;
  /** The editor's document; null when the form was posted without one (no JavaScript). */
  document: Record<string, unknown> | null;
}

/**
 * The editor posts its HTML as `description` and its document as `descriptionDocument`; without
 * JavaScript the textarea posts HTML alone. Either way the HTML goes through the same renderer and
 * sanitiser as a content page's body (content/rich-text.server.ts), and the text is derived from it.
 */
export function richDescriptionFromForm(values: Record<string, string>): RichDescription {
  const body = richTextFromForm(values.descriptionDocument, values.description ?? "", "description");
  // Without a document the posted HTML has not been through the sanitiser yet.
  const html = body.document ? body.html : sanitizedHtml(body.html);
  if (html.length > DESCRIPTION_HTML_MAX) throw new ExpectedError(DESCRIPTION_HTML_TOO_LONG, { field: "description" });
  return { description: richTextToPlainText(html), descriptionHtml: html, document: body.document };
}

function sanitizedHtml(html: string): string {
  return sanitizeRichText(html).trim();
}

/** The schedule's London wall-clock fields as instants; a field left empty is null, both empty is refused. */
export function scheduleTimesFromForm(values: Record<string, string>): {
  publishAt: Date | null;
  unpublishAt: Date | null;
} {
  const times = { publishAt: londonInstant(values, "publishAt"), unpublishAt: londonInstant(values, "unpublishAt") };
  if (!times.publishAt && !times.unpublishAt) throw new ExpectedError(SCHEDULE_MESSAGES.noTime, { field: "publishAt" });
  return times;
}

function londonInstant(values: Record<string, string>, field: "publishAt" | "unpublishAt"): Date | null {
  const typed = (values[field] ?? "").trim();
  if (typed === "") return null;
  const instant = fromLondonWallClock(typed);
  if (!instant) throw new ExpectedError(SCHEDULE_MESSAGES.badTime, { field });
  return instant;
}
