/**
 * Checks a rich-text document that came from outside (a form post): it must be a document of our
 * schema and nothing more. ProseMirror's own `Node.fromJSON(...).check()` verifies the structure
 * (what may contain what) but silently drops attributes it does not know and accepts any value for
 * the ones it does; this walk first refuses, with a message a person can act on, any unknown node,
 * mark or attribute, a value of the wrong kind, an address outside the allow-list, and documents
 * too deep or too large to be a real page.
 */
import { Node as ProseMirrorNode, type Schema } from "@tiptap/pm/model";
import { isAllowedImageSrc, isAllowedLinkHref, PLACEHOLDER_KEY } from "./addresses";
import { HEADING_LEVELS, richTextSchema } from "./extensions";

export const DOCUMENT_LIMITS = {
  /** Nesting of nodes: a list inside a list is two levels; 24 allows lists ten deep in a table. */
  depth: 24,
  /** Nodes and marks in all. */
  nodes: 20_000,
  /** Characters of the document as JSON (the rendered HTML is capped separately, at 200,000). */
  characters: 600_000,
  /** Characters of one attribute value (an address, alt text, a caption). */
  attribute: 2_000,
} as const;

type Json = Record<string, unknown>;

class DocumentProblem extends Error {}

function isObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function fail(message: string): never {
  throw new DocumentProblem(message);
}

/** Per node or mark type: a check of the values of its attributes beyond "string, number or null". */
const ATTRIBUTE_RULES: Record<string, (attrs: Json) => void> = {
  heading: (attrs) => {
    if (!HEADING_LEVELS.includes(attrs.level as (typeof HEADING_LEVELS)[number])) {
      fail("Headings can only be levels 2 to 4.");
    }
  },
  link: (attrs) => {
    if (typeof attrs.href !== "string" || !isAllowedLinkHref(attrs.href)) {
      fail(
        "A link's address must start with https://, http://, mailto: or tel:, or be a path on this site starting with /.",
      );
    }
    if (attrs.target !== undefined && attrs.target !== null && attrs.target !== "_blank") {
      fail("A link can only open in the same tab or a new one.");
    }
  },
  image: (attrs) => {
    if (typeof attrs.src !== "string" || !isAllowedImageSrc(attrs.src)) {
      fail("An image's address must start with https:// or http://, or be a path on this site starting with /.");
    }
    if (typeof attrs.alt !== "string" || attrs.alt.trim() === "") {
      fail("Every image needs a text alternative (alt text) describing it.");
    }
    for (const name of ["width", "height"]) {
      const value = attrs[name];
      if (value !== undefined && value !== null && !(Number.isInteger(value) && (value as number) > 0)) {
        fail("An image's width and height must be whole numbers of pixels.");
      }
    }
  },
  placeholder: (attrs) => {
    if (typeof attrs.key !== "string" || !PLACEHOLDER_KEY.test(attrs.key)) {
      fail("A placeholder must name a site setting (lower-case letters, digits and underscores).");
    }
  },
};

for (const cell of ["tableCell", "tableHeader"]) {
  ATTRIBUTE_RULES[cell] = (attrs) => {
    for (const name of ["colspan", "rowspan"]) {
      const value = attrs[name];
      if (value !== undefined && !(Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 100)) {
        fail("A table cell can span 1 to 100 rows or columns.");
      }
    }
    const widths = attrs.colwidth;
    if (widths !== undefined && widths !== null && !(Array.isArray(widths) && widths.every(Number.isInteger))) {
      fail("A table column's width must be a whole number of pixels.");
    }
  };
}

function checkAttributes(kind: "node" | "mark", type: string, attrs: unknown, declared: Record<string, unknown>) {
  if (attrs === undefined) return;
  if (!isObject(attrs)) fail(`The ${kind} "${type}" has attributes in an unknown form.`);
  for (const [name, value] of Object.entries(attrs)) {
    if (!Object.hasOwn(declared, name)) fail(`The ${kind} "${type}" has an unknown attribute "${name}".`);
    const plain = value === null || typeof value === "string" || typeof value === "number";
    const widths = name === "colwidth" && Array.isArray(value);
    if (!plain && !widths) fail(`The attribute "${name}" of "${type}" has a value of the wrong kind.`);
    if (typeof value === "string" && value.length > DOCUMENT_LIMITS.attribute) {
      fail(`The attribute "${name}" of "${type}" is longer than ${DOCUMENT_LIMITS.attribute} characters.`);
    }
  }
  ATTRIBUTE_RULES[type]?.(attrs);
}

function walk(schema: Schema, value: unknown, depth: number, counter: { nodes: number }): void {
  if (depth > DOCUMENT_LIMITS.depth) fail(`The document is nested more than ${DOCUMENT_LIMITS.depth} levels deep.`);
  counter.nodes += 1;
  if (counter.nodes > DOCUMENT_LIMITS.nodes) fail(`The document has more than ${DOCUMENT_LIMITS.nodes} parts.`);
  if (!isObject(value) || typeof value.type !== "string") fail("The document has a part without a type.");
  const type = value.type;
  const nodeType = schema.nodes[type];
  if (!nodeType || (depth === 0) !== (type === "doc")) fail(`The document has an unknown element "${type}".`);
  for (const key of Object.keys(value)) {
    if (!["type", "attrs", "content", "marks", "text"].includes(key))
      fail(`The element "${type}" has an unknown field "${key}".`);
  }
  checkAttributes("node", type, value.attrs, nodeType.spec.attrs ?? {});
  if (value.text !== undefined && (type !== "text" || typeof value.text !== "string")) {
    fail(`The element "${type}" has text in an unknown form.`);
  }
  if (value.marks !== undefined) {
    if (!Array.isArray(value.marks)) fail(`The marks of "${type}" are in an unknown form.`);
    for (const mark of value.marks) {
      counter.nodes += 1;
      if (!isObject(mark) || typeof mark.type !== "string" || !schema.marks[mark.type]) {
        fail(`The document has an unknown formatting "${isObject(mark) ? String(mark.type) : "?"}".`);
      }
      for (const key of Object.keys(mark))
        if (key !== "type" && key !== "attrs") fail(`A formatting has an unknown field "${key}".`);
      checkAttributes("mark", mark.type, mark.attrs, schema.marks[mark.type]?.spec.attrs ?? {});
    }
  }
  if (value.content !== undefined) {
    if (!Array.isArray(value.content)) fail(`The content of "${type}" is in an unknown form.`);
    for (const child of value.content) walk(schema, child, depth + 1, counter);
  }
}

/**
 * The document as a ProseMirror node, or a message saying what is wrong with it (for the person
 * who saved it: the editor never produces such a document, so this is tampering or a bug).
 */
export function parseRichTextDocument(
  value: unknown,
  schema: Schema = richTextSchema,
): { ok: true; node: ProseMirrorNode } | { ok: false; message: string } {
  try {
    const size = JSON.stringify(value ?? null).length;
    if (size > DOCUMENT_LIMITS.characters) {
      fail(`The document is larger than ${DOCUMENT_LIMITS.characters.toLocaleString("en-GB")} characters.`);
    }
    walk(schema, value, 0, { nodes: 0 });
    const node = ProseMirrorNode.fromJSON(schema, value);
    node.check();
    return { ok: true, node };
  } catch (error) {
    if (error instanceof DocumentProblem) return { ok: false, message: error.message };
    // ProseMirror's own refusal (an element where it may not be, an empty text): its wording
    // quotes the document, so it is not repeated to the person.
    return { ok: false, message: "The document's structure is not valid: an element is where it may not be." };
  }
}
