/**
 * The editors' History panel (issue 17): an item's revisions (who, when, what action) and, when
 * the address names two (?from=&to=), their field-by-field difference. The Content editor uses
 * loadContentHistory; the job-opening and course editors loadHistory with their own fields.
 */
import { formatDate } from "~/lib/format";
import { isUuid } from "~/lib/schemas/id";
import { diffRevisions, type FieldDiff } from "~/lib/revision-diff";
import type { Database } from "~/server/platform/db/db.server";
import type { RevisionEntityKind } from "~/lib/enums";
import { getRevision, listRevisions } from "~/server/publishing/revisions.server";

/**
 * The fields the comparison shows, in the editor's order; the body is compared by its text. The
 * edit-collision dialog compares the same fields (content-editor.server.ts).
 */
export const COMPARED_FIELDS = [
  { field: "title", label: "Title" },
  { field: "slug", label: "Slug" },
  { field: "excerpt", label: "Excerpt" },
  { field: "content", label: "Content", html: true },
  { field: "type", label: "Content Type" },
  { field: "metaTitle", label: "Meta Title" },
  { field: "metaDescription", label: "Meta Description" },
  { field: "featuredImageUrl", label: "Featured Image URL" },
] as const;

export const ACTION_LABELS: Record<string, string> = {
  saved: "Saved draft",
  published: "Published",
  unpublished: "Unpublished",
  restored: "Restored",
  scheduled: "Scheduled",
};

export interface RevisionView {
  id: string;
  action: string;
  by: string;
  at: string;
  atLabel: string;
}

export interface RevisionComparison {
  from: RevisionView;
  to: RevisionView;
  fields: FieldDiff[];
}

/** A field the comparison shows; `html` compares a rich-text field by its text. */
export interface ComparedField {
  field: string;
  label: string;
  html?: boolean;
}

export interface HistoryView {
  revisions: RevisionView[];
  comparison: RevisionComparison | null;
}

export function loadContentHistory(db: Database, id: string, params: URLSearchParams): Promise<HistoryView> {
  return loadHistory(db, { kind: "content", id, fields: COMPARED_FIELDS }, params);
}

export async function loadHistory(
  db: Database,
  item: { kind: RevisionEntityKind; id: string; fields: readonly ComparedField[] },
  params: URLSearchParams,
): Promise<HistoryView> {
  const { kind, id } = item;
  const rows = await listRevisions(db, kind, id);
  const revisions = rows.map((row): RevisionView => ({
    id: row.id,
    action: ACTION_LABELS[row.action] ?? row.action,
    by: row.userEmail,
    at: row.createdAt.toISOString(),
    atLabel: formatDate(row.createdAt, "precise"),
  }));
  const fromId = params.get("from");
  const toId = params.get("to");
  if (!isUuid(fromId) || !isUuid(toId)) return { revisions, comparison: null };
  const [from, to] = await Promise.all([getRevision(db, kind, id, fromId), getRevision(db, kind, id, toId)]);
  const fromView = revisions.find((revision) => revision.id === fromId);
  const toView = revisions.find((revision) => revision.id === toId);
  if (!from || !to || !fromView || !toView) return { revisions, comparison: null };
  return {
    revisions,
    comparison: { from: fromView, to: toView, fields: diffRevisions(from.snapshot, to.snapshot, item.fields) },
  };
}
