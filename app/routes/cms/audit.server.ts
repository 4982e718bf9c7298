/**
 * The audit history (/cms/audit): who changed what, in words, with the fields before
 * and after, filtered by person, kind of record and London days, a page at a time, and the same
 * selection as CSV (/cms/audit/export.csv).
 */
import type { AuditEntryView, AuditHistoryView } from "~/components/cms/audit/audit-data";
import {
  AUDIT_KINDS,
  describeAuditEntry,
  fieldLabel,
  isAuditKind,
  kindOfEntity,
  valueText,
} from "~/components/cms/audit/audit-words";
import { isoDay, timeParts } from "~/lib/text/format";
import { pageFromSearch, pageWindow } from "~/lib/cms/pagination";
import { readDayBounds } from "~/server/dashboard/date-range.server";
import {
  auditPeople,
  exportAudit,
  searchAudit,
  type AuditFilter,
  type AuditLogRow,
} from "~/server/platform/audit.server";
import { csvDocument } from "~/server/platform/csv.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";

export const AUDIT_MESSAGES = { fetchFailed: "Failed to fetch the audit log" } as const;

/** The details fields the sentence already names, left out of "Recorded". */
const NAMED_IN_SENTENCE = new Set(["title", "name", "settingKey", "originalName", "question", "email", "fromPath"]);

interface AuditQuery {
  person: string;
  kind: string;
  from: string;
  to: string;
  error: string | null;
  filter: AuditFilter;
}

/** The filters in the address; an unreadable date is reported and not applied. */
export function readAuditQuery(searchParams: URLSearchParams): AuditQuery {
  const person = (searchParams.get("person") ?? "").trim().toLowerCase().slice(0, 320);
  const kindParam = searchParams.get("kind") ?? "";
  const kind = isAuditKind(kindParam) ? kindParam : "";
  const days = readDayBounds(searchParams);
  const filter: AuditFilter = {
    userEmail: person || undefined,
    entities: kind ? AUDIT_KINDS[kind].entities : undefined,
    from: days.start,
    until: days.end,
  };
  return { person, kind, from: days.from, to: days.to, error: days.error, filter };
}

function changesOf(row: AuditLogRow) {
  if (!row.changes) return null;
  return Object.entries(row.changes).map(([field, change]) => ({
    field: fieldLabel(field),
    before: valueText(change.before),
    after: valueText(change.after),
  }));
}

export function auditEntryView(row: AuditLogRow): AuditEntryView {
  const kind = kindOfEntity(row.entity);
  return {
    id: row.id,
    when: timeParts(row.createdAt),
    who: row.userEmail,
    sentence: describeAuditEntry(row),
    action: row.action,
    kind: kind ? AUDIT_KINDS[kind].label : row.entity,
    entityId: row.entityId,
    changes: changesOf(row),
    recorded: Object.entries(row.details ?? {})
      .filter(([name]) => !NAMED_IN_SENTENCE.has(name))
      .map(([name, value]) => ({ label: fieldLabel(name), value: valueText(value) })),
  };
}

function queryString(query: AuditQuery): string {
  const params = new URLSearchParams();
  if (query.person) params.set("person", query.person);
  if (query.kind) params.set("kind", query.kind);
  if (query.from) params.set("from", query.from);
  if (query.to) params.set("to", query.to);
  const text = params.toString();
  return text ? `?${text}` : "";
}

export async function loadAuditHistory(request: Request): Promise<AuditHistoryView> {
  const searchParams = new URL(request.url).searchParams;
  const query = readAuditQuery(searchParams);
  const page = pageFromSearch(searchParams);
  const filters = {
    person: query.person,
    kind: query.kind,
    from: query.from,
    to: query.to,
    error: query.error,
    people: [] as string[],
    kinds: Object.entries(AUDIT_KINDS).map(([id, kind]) => ({ id, label: kind.label })),
  };
  const exportHref = `/cms/audit/export.csv${queryString(query)}`;
  try {
    const db = await getDb();
    const [{ rows, total }, people] = await Promise.all([
      searchAudit(db, query.filter, pageWindow(page)),
      auditPeople(db),
    ]);
    return { filters: { ...filters, people }, entries: rows.map(auditEntryView), page, total, exportHref, error: null };
  } catch (error) {
    logger.error({ err: error }, "could not read the audit log");
    return { filters, entries: [], page, total: 0, exportHref, error: AUDIT_MESSAGES.fetchFailed };
  }
}

const CSV_HEADER = ["When (UTC)", "Who", "What", "Action", "Kind of record", "Record id", "Changes"];

function changesText(view: AuditEntryView): string {
  if (view.changes)
    return view.changes.map((change) => `${change.field}: ${change.before} → ${change.after}`).join("; ");
  return view.recorded.map((item) => `${item.label}: ${item.value}`).join("; ");
}

/** The filtered log as CSV, newest first (csvDocument neutralises cells a spreadsheet would run as formulas). */
export async function auditCsv(request: Request): Promise<{ csv: string; filename: string }> {
  const query = readAuditQuery(new URL(request.url).searchParams);
  const rows = await exportAudit(await getDb(), query.filter);
  const csv = csvDocument(
    CSV_HEADER,
    rows.map((row) => {
      const view = auditEntryView(row);
      return [view.when.iso, view.who, view.sentence, view.action, view.kind, view.entityId, changesText(view)];
    }),
  );
  return { csv, filename: `audit-log-${isoDay()}.csv` };
}
