/**
 * The CMS form of each block type: which fields it shows, in what order, and how a submitted form
 * becomes the object the type's schema (block-data.ts) checks. Field names are `data.<key>`
 * (`data.<key>.label` and `.url` for a button; a list repeats `data.<key>`), so a schema issue's
 * path names the field that shows its message.
 */
import { ICON_NAMES } from "../../content/types";
import type { BlockType } from "../enums";

export type BlockField =
  | { kind: "text" | "textarea" | "link"; key: string; label: string; required?: boolean; hint?: string }
  | { kind: "list"; key: string; label: string; itemLabel: string; hint?: string }
  | { kind: "button"; key: string; label: string; hint?: string }
  | { kind: "choice"; key: string; label: string; options: readonly string[]; number?: boolean; hint?: string };

const LINK_HINT = "A path on this site, such as /contact, or an http(s) address.";

export const BLOCK_FIELDS: Record<BlockType, readonly BlockField[]> = {
  testimonial: [
    { kind: "textarea", key: "quote", label: "Quote", required: true },
    { kind: "text", key: "author", label: "Author", required: true },
    { kind: "text", key: "role", label: "Role" },
    { kind: "text", key: "company", label: "Company" },
    { kind: "choice", key: "rating", label: "Rating", options: ["1", "2", "3", "4", "5"], number: true },
  ],
  feature: [
    { kind: "text", key: "title", label: "Title", required: true },
    { kind: "textarea", key: "description", label: "Description", required: true },
    { kind: "choice", key: "icon", label: "Icon", options: ICON_NAMES },
  ],
  team_member: [
    { kind: "text", key: "name", label: "Name", required: true },
    { kind: "text", key: "role", label: "Role", required: true },
    { kind: "textarea", key: "bio", label: "Bio" },
    { kind: "text", key: "location", label: "Location" },
    {
      kind: "link",
      key: "imageUrl",
      label: "Image URL",
      hint: "A picture on this site (/images/...) or an https address; without one, the initials show.",
    },
  ],
  service_card: [
    { kind: "text", key: "title", label: "Title", required: true },
    { kind: "textarea", key: "description", label: "Description", required: true },
    { kind: "text", key: "badge", label: "Badge" },
    { kind: "list", key: "features", label: "Features", itemLabel: "Feature" },
    { kind: "link", key: "link", label: "Link", hint: LINK_HINT },
  ],
  hero: [
    { kind: "text", key: "heading", label: "Heading", required: true },
    { kind: "textarea", key: "subheading", label: "Subheading" },
    { kind: "button", key: "primaryCta", label: "Primary button", hint: LINK_HINT },
    { kind: "button", key: "secondaryCta", label: "Secondary button", hint: LINK_HINT },
  ],
  cta: [
    { kind: "text", key: "heading", label: "Heading", required: true },
    { kind: "textarea", key: "body", label: "Body" },
    { kind: "text", key: "buttonLabel", label: "Button label", required: true },
    { kind: "link", key: "buttonUrl", label: "Button URL", required: true, hint: LINK_HINT },
  ],
};

export const fieldName = (key: string, part?: "label" | "url") => (part ? `data.${key}.${part}` : `data.${key}`);

/** Text of a form field, trimmed; "" when absent. */
function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value.trim() : "";
}

/**
 * The content_data a submitted form describes, for the type's schema to check: a blank optional
 * field is left out, a list keeps its non-blank items in order, a button with neither label nor
 * address is left out (one without the other is kept, so the schema names what is missing).
 */
export function blockDataFromForm(blockType: BlockType, form: FormData): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  for (const field of BLOCK_FIELDS[blockType]) {
    const name = fieldName(field.key);
    switch (field.kind) {
      case "list":
        data[field.key] = form
          .getAll(name)
          .filter((item): item is string => typeof item === "string")
          .map((item) => item.trim())
          .filter(Boolean);
        break;
      case "button": {
        const label = text(form, fieldName(field.key, "label"));
        const url = text(form, fieldName(field.key, "url"));
        if (label || url) data[field.key] = { label, url };
        break;
      }
      case "choice": {
        const value = text(form, name);
        if (value) data[field.key] = field.number ? Number(value) : value;
        break;
      }
      default: {
        const value = text(form, name);
        // A required field is passed on even when blank, so its own message ("… is required") shows.
        if (value || isRequired(field)) data[field.key] = value;
      }
    }
  }
  return data;
}

function isRequired(field: BlockField): boolean {
  return "required" in field && field.required === true;
}

/** The form field a schema issue belongs to: `data.primaryCta.url`, `data.features`, `data.quote`. */
export function fieldForIssue(blockType: BlockType, path: readonly PropertyKey[]): string {
  const [key, part] = path;
  if (typeof key !== "string") return "form";
  const field = BLOCK_FIELDS[blockType].find((candidate) => candidate.key === key);
  if (field?.kind === "button" && (part === "label" || part === "url")) return fieldName(key, part);
  return fieldName(key);
}
