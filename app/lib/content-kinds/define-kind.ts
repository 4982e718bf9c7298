/**
 * How a kind of editable item (content item, job opening, course) is declared: once, in one file
 * per kind beside this one, as Payload declares a collection. The declaration lists the fields an
 * editor changes, each with its label, its editor widget, the Zod rule that reads what the form
 * posts, and what it takes part in; plus who may edit the kind and how it is published.
 *
 * Everything else derives from it: the form's schema (`formShapeOf`), the editor's controls
 * (`typedFieldsOf`, drawn by components/cms/editor/declared-fields.tsx), what drafts and revisions
 * keep (`versionedFieldsOf`), what the History panel and the edit-collision dialog compare
 * (`comparedFieldsOf`), what the editor's form opens with (`editorValuesOf`), what the live preview
 * reads (`previewedFieldsOf`), what the CMS list searches (`searchableFieldsOf`) and what a public
 * page shows as stored (`publicValuesOf`).
 *
 * The Drizzle table stays the source of the columns: `defineKind<Row>()` checks every declared
 * field against the table's row type, so a field with no column, or whose rule gives a value of
 * another type than its column holds, does not compile.
 */
import { plainTextToRichText } from "../rich-text/plain-text";
import type { z } from "zod";
import type { RevisionEntityKind } from "../enums";
import type { Permission } from "../auth/permissions";

/** How the editor's form shows a field. */
export type FieldWidget = "text" | "textarea" | "rich-text" | "select" | "number" | "lines";

interface FieldFlags {
  /** The field's name on screen (the form's label, the History panel's row). */
  label: string;
  /** Kept in drafts and revisions (default true): false for a field the editor shows but never saves. */
  versioned?: boolean;
  /** Shown in the History panel's comparison and the edit-collision dialog. */
  compared?: boolean;
  /** Its value is HTML: compared and searched by its text, not its markup. */
  html?: boolean;
  /** Found by the CMS list's search box. */
  searchable?: boolean;
  /** Read from the unsaved form by the live preview. */
  previewed?: boolean;
  /**
   * The public page's view carries the stored value as it is (`publicValuesOf`). Fields the page
   * shows transformed (a title with its placeholders replaced, a body sanitised) are made by the
   * kind's own view instead.
   */
  public?: boolean;
  /** A line under the form's control saying what to type. */
  hint?: string;
}

/** A field the editor types: its widget, and the rule that reads what the form posts. */
export interface TypedField<Value, Row> extends FieldFlags {
  widget: FieldWidget;
  /** Reads the posted text into the column's value; its messages are the form's. */
  rule: z.ZodType<Value>;
  /** The choices of a "select". */
  options?: readonly string[];
  /** What the form opens with, when it is not the value itself (a list as lines); gets the other fields too. */
  toForm?: (value: Value, fields: Partial<Row>) => unknown;
}

/** A field the server derives from typed ones (a body's HTML from its document), kept with them. */
export interface DerivedField<Value, Row> extends FieldFlags {
  widget?: undefined;
  rule?: undefined;
  toForm?: (value: Value, fields: Partial<Row>) => unknown;
}

export type FieldDeclaration<Value, Row> = TypedField<Value, Row> | DerivedField<Value, Row>;

/** Each declared field is a column of the row, declared with the column's type. */
export type FieldsOf<Row> = { [K in keyof Row]?: FieldDeclaration<Row[K], Row> };

export interface KindDeclaration<Row, Fields extends FieldsOf<Row>> {
  /** The kind's name in revisions, schedules and the trash. */
  kind: RevisionEntityKind;
  /** Who may read the kind's tab, and who may change its items (lib/auth/permissions.ts). */
  access: { view: Permission; edit: Permission };
  publishing: {
    /** The field that is the item's public address, unique among items; null for a kind without one. */
    slug: (keyof Row & string) | null;
    /** A live item whose address changes keeps its old address working (a 301 to the new one). */
    redirects: boolean;
    /** Publications and unpublications can be scheduled. */
    scheduling: boolean;
  };
  fields: Fields;
}

/**
 * Declares a kind over the row type of its table: `defineKind<typeof content.$inferSelect>()({...})`.
 * A declared name that is no column of the row is an error (the second half of `fields`' type).
 */
export function defineKind<Row>() {
  return <const Fields extends FieldsOf<Row>>(
    declaration: KindDeclaration<Row, Fields> & { fields: { [K in Exclude<keyof Fields, keyof Row>]: never } },
  ): KindDeclaration<Row, Fields> => declaration;
}

/** Any declared kind, as the helpers below read it (each keeps its own row and fields types). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a kind's row type is its table's; the helpers infer it back
export type DeclaredKind = KindDeclaration<any, FieldsOf<any>>;
type DeclaredFields<Kind> = Kind extends { fields: infer Fields } ? Fields : never;
type RowOf<Kind> = Kind extends KindDeclaration<infer Row, infer _Fields> ? Row : never;

/** The names of a kind's declared fields that are kept in drafts and revisions. */
export type VersionedFieldName<Kind> = {
  [K in keyof DeclaredFields<Kind>]: DeclaredFields<Kind>[K] extends { versioned: false } ? never : K;
}[keyof DeclaredFields<Kind>] &
  keyof RowOf<Kind> &
  string;

/** What a draft and a revision of the kind hold: the versioned fields, typed as their columns. */
export type VersionedFields<Kind> = Pick<RowOf<Kind>, VersionedFieldName<Kind>>;

function entries(kind: DeclaredKind): [string, FieldDeclaration<unknown, unknown>][] {
  return Object.entries(kind.fields as Record<string, FieldDeclaration<unknown, unknown>>);
}

/** The fields drafts and revisions keep, in the declaration's order. */
export function versionedFieldsOf<Kind extends DeclaredKind>(kind: Kind): readonly VersionedFieldName<Kind>[] {
  return entries(kind)
    .filter(([, field]) => field.versioned !== false)
    .map(([name]) => name as VersionedFieldName<Kind>);
}

/** A field the History panel and the collision dialog compare; `html` compares a rich-text field by its text. */
export interface ComparedField {
  field: string;
  label: string;
  html?: boolean;
}

/** The compared fields, in the declaration's order (the form's). */
export function comparedFieldsOf(kind: DeclaredKind): readonly ComparedField[] {
  return entries(kind)
    .filter(([, field]) => field.compared)
    .map(([name, field]) =>
      field.html ? { field: name, label: field.label, html: true } : { field: name, label: field.label },
    );
}

/** The names of the fields the CMS list's search looks in, and whether each holds HTML. */
export function searchableFieldsOf(kind: DeclaredKind): readonly { field: string; html: boolean }[] {
  return entries(kind)
    .filter(([, field]) => field.searchable)
    .map(([name, field]) => ({ field: name, html: field.html === true }));
}

/** The typed fields the live preview reads from the unsaved form. */
export function previewedFieldsOf(kind: DeclaredKind): readonly string[] {
  return entries(kind)
    .filter(([, field]) => field.previewed && field.rule)
    .map(([name]) => name);
}

type TypedFieldName<Fields> = { [K in keyof Fields]: Fields[K] extends { rule: z.ZodType } ? K : never }[keyof Fields];

/** The form's schema shape: each typed field's rule under its name (a kind's form adds its own extras). */
export type FormShape<Kind> = {
  [K in TypedFieldName<DeclaredFields<Kind>>]: DeclaredFields<Kind>[K] extends { rule: infer Rule } ? Rule : never;
};

export function formShapeOf<Kind extends DeclaredKind>(kind: Kind): FormShape<Kind> {
  const shape: Record<string, z.ZodType> = {};
  for (const [name, field] of entries(kind)) if (field.rule) shape[name] = field.rule;
  return shape as FormShape<Kind>;
}

type PublicFieldName<Kind> = {
  [K in keyof DeclaredFields<Kind>]: DeclaredFields<Kind>[K] extends { public: true } ? K : never;
}[keyof DeclaredFields<Kind>] &
  keyof RowOf<Kind>;

/** The stored values a public page shows as they are, typed as their columns. */
export type PublicValues<Kind> = Pick<RowOf<Kind>, PublicFieldName<Kind>>;

export function publicValuesOf<Kind extends DeclaredKind>(kind: Kind, row: RowOf<Kind>): PublicValues<Kind> {
  const values: Record<string, unknown> = {};
  for (const [name, field] of entries(kind)) if (field.public) values[name] = (row as Record<string, unknown>)[name];
  return values as PublicValues<Kind>;
}

/** The names of the fields the editor's form types (a widget and a rule each). */
export type TypedFieldNameOf<Kind> = TypedFieldName<DeclaredFields<Kind>> & string;

/** The typed fields, in the declaration's order, as the editor's form draws them. */
export function typedFieldsOf(kind: DeclaredKind): readonly [string, TypedField<unknown, unknown>][] {
  return entries(kind).filter((entry): entry is [string, TypedField<unknown, unknown>] => Boolean(entry[1].widget));
}

/** What the editor's form opens with for one field, as `editorValuesOf` makes it. */
type EditorValue<Field, Value> = Field extends { toForm: (...args: never[]) => infer Shown }
  ? Shown
  : Field extends { widget: "number" }
    ? string
    : Field extends { widget: FieldWidget }
      ? Exclude<Value, null | undefined> | ""
      : Value | null;

export type EditorValues<Kind> = {
  [K in VersionedFieldName<Kind>]: EditorValue<DeclaredFields<Kind>[K], RowOf<Kind>[K]>;
};

/**
 * The versioned fields as the editor's form opens with them: a typed field's empty value is "", a
 * number is its text, a field with `toForm` is what that makes of it; a derived field as it is.
 */
export function editorValuesOf<Kind extends DeclaredKind>(
  kind: Kind,
  fields: VersionedFields<Kind>,
): EditorValues<Kind> {
  const source = fields as Record<string, unknown>;
  const values: Record<string, unknown> = {};
  for (const [name, field] of entries(kind)) {
    if (field.versioned === false) continue;
    const value = source[name];
    if (field.toForm) values[name] = (field.toForm as (value: unknown, fields: unknown) => unknown)(value, source);
    else if (!field.widget) values[name] = value ?? null;
    else values[name] = value === null || value === undefined ? "" : field.widget === "number" ? String(value) : value;
  }
  return values as EditorValues<Kind>;
}

/**
 * The rich-text description's stored document and the HTML the editor opens, as job openings and
 * courses keep them: a never-edited item's plain text becomes its paragraphs.
 */
export const formattedDescriptionFields = {
  document: { label: "Document" },
  descriptionHtml: {
    label: "Formatted description",
    toForm: (html: string | null, fields: { description?: string | null }) =>
      html ?? plainTextToRichText(fields.description ?? ""),
  },
} as const;
