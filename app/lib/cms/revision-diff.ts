/**
 * The History panel's comparison of two revisions: field by field, each field's words
 * marked as kept, added or removed (jsdiff's diffWords). A rich-text body is compared by its text,
 * not its markup, so an editor reads what changed rather than which tags moved. The result is plain
 * data; React escapes it when it is shown.
 */
import { diffWords } from "diff";
import type { ComparedField } from "../content-kinds/define-kind";

export interface DiffPart {
  value: string;
  change: "same" | "added" | "removed";
}

export interface FieldDiff {
  field: string;
  label: string;
  changed: boolean;
  parts: DiffPart[];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'", nbsp: " " };

/** The text a reader sees in an HTML body: tags become spaces, common entities their characters. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ")
    .replace(/<(br|\/p|\/h\d|\/li|\/blockquote|\/tr)\b[^>]*>/gi, "\n")
    .replace(/<[^>]*>/g, " ")
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? "")
    .replace(/[ \t]+/g, " ")
    .replace(/ *\n */g, "\n")
    .trim();
}

function asText(value: unknown, html: boolean): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "string" ? value : JSON.stringify(value);
  return html ? htmlToText(text) : text;
}

/**
 * The difference from `older` to `newer`, for each field of `fields` (in that order). A field
 * marked `html` is compared by its text.
 */
export function diffRevisions(
  older: Record<string, unknown>,
  newer: Record<string, unknown>,
  fields: readonly ComparedField[],
): FieldDiff[] {
  return fields.map(({ field, label, html = false }) => {
    const before = asText(older[field], html);
    const after = asText(newer[field], html);
    if (before === after) return { field, label, changed: false, parts: [{ value: after, change: "same" }] };
    const parts = diffWords(before, after).map((part): DiffPart => ({
      value: part.value,
      change: part.added ? "added" : part.removed ? "removed" : "same",
    }));
    return { field, label, changed: true, parts };
  });
}
