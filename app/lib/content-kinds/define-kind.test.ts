import { describe, expect, it } from "vitest";
import { z } from "../schemas/zod";
import {
  comparedFieldsOf,
  defineKind,
  editorValuesOf,
  formShapeOf,
  previewedFieldsOf,
  publicValuesOf,
  searchableFieldsOf,
  typedFieldsOf,
  versionedFieldsOf,
} from "./define-kind";
import { EDIT_PERMISSION_OF_KIND } from "./kinds";

/** A kind over a made-up row, so each flag's effect is seen on its own. */
interface Row {
  id: string;
  title: string;
  minutes: number | null;
  body: string;
  document: unknown;
  notes: string | null;
}

const sample = defineKind<Row>()({
  kind: "content",
  access: { view: "content.view", edit: "content.edit" },
  publishing: { slug: null, redirects: false, scheduling: false },
  fields: {
    title: { label: "Title", widget: "text", rule: z.string(), compared: true, searchable: true, previewed: true },
    minutes: {
      label: "Reading time",
      widget: "number",
      rule: z.coerce.number().int().nullable(),
      public: true,
      previewed: true,
    },
    body: { label: "Body", widget: "rich-text", rule: z.string(), html: true, compared: true, searchable: true },
    document: { label: "Document" },
    notes: { label: "Notes", widget: "textarea", rule: z.string().nullable(), versioned: false },
  },
});

describe("a declared kind", () => {
  it("keeps its versioned fields, in the declaration's order, in drafts and revisions", () => {
    expect(versionedFieldsOf(sample)).toEqual(["title", "minutes", "body", "document"]);
  });

  it("compares and searches only the fields flagged so, an HTML field by its text", () => {
    expect(comparedFieldsOf(sample)).toEqual([
      { field: "title", label: "Title" },
      { field: "body", label: "Body", html: true },
    ]);
    expect(searchableFieldsOf(sample)).toEqual([
      { field: "title", html: false },
      { field: "body", html: true },
    ]);
  });

  it("gives the live preview and the form's schema only typed fields", () => {
    expect(previewedFieldsOf(sample)).toEqual(["title", "minutes"]);
    expect(Object.keys(formShapeOf(sample))).toEqual(["title", "minutes", "body", "notes"]);
    expect(typedFieldsOf(sample).map(([name]) => name)).toEqual(["title", "minutes", "body", "notes"]);
  });

  it("opens the editor with empty text for a missing value and a number as its text", () => {
    const values = editorValuesOf(sample, { title: "Hello", minutes: 7, body: "", document: null });
    expect(values).toEqual({ title: "Hello", minutes: "7", body: "", document: null });
    expect(editorValuesOf(sample, { title: "", minutes: null, body: "", document: null }).minutes).toBe("");
  });

  it("hands the public page the stored value of each field marked public, and no other", () => {
    const row: Row = { id: "1", title: "T", minutes: 4, body: "<p>x</p>", document: null, notes: "private" };
    expect(publicValuesOf(sample, row)).toEqual({ minutes: 4 });
  });

  it("gives the scheduled list and the trash each kind's edit permission from its declaration", () => {
    expect(EDIT_PERMISSION_OF_KIND).toEqual({
      content: "content.edit",
      career: "careers.edit",
      course: "courses.edit",
    });
  });
});
