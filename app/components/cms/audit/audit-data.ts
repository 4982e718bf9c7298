/** What the audit history's loader hands its components (routes/cms/audit.server.ts builds it). */

export interface AuditChangeView {
  field: string;
  before: string;
  after: string;
}

export interface AuditEntryView {
  id: string;
  when: { iso: string; text: string };
  who: string;
  /** The entry in words: "ann@example.com published the page “Pricing”". */
  sentence: string;
  action: string;
  kind: string;
  entityId: string | null;
  /** The fields that changed; null on entries recorded before the log kept them. */
  changes: AuditChangeView[] | null;
  /** What an older entry recorded instead (its details), as label and text. */
  recorded: { label: string; value: string }[];
}

export interface AuditFiltersView {
  person: string;
  kind: string;
  from: string;
  to: string;
  error: string | null;
  people: string[];
  kinds: { id: string; label: string }[];
}

export interface AuditHistoryView {
  filters: AuditFiltersView;
  entries: AuditEntryView[];
  page: number;
  total: number;
  /** The export's address, with the same filters. */
  exportHref: string;
  error: string | null;
}
