/**
 * The editors' History panel: an item's revisions (who, when, what action) and, when
 * the address names two (?from=&to=), their field-by-field difference over the fields its kind's
 * declaration marks as compared (lib/content-kinds/).
 */
import type { ComparedField } from "~/lib/content-kinds/define-kind";
import { formatDate } from "~/lib/text/format";
import { isUuid } from "~/lib/schemas/id";
import { diffRevisions, type FieldDiff } from "~/lib/cms/revision-diff";
import type { Database } from "~/server/platform/db/db.server";
import type { RevisionEntityKind } from "~/lib/enums";
import { getRevision, listRevisions } from "~/server/publishing/revisions.server";

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

export interface HistoryView {
  revisions: RevisionView[];
  comparison: RevisionComparison | null;
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
