import { DownloadIcon, RefreshCwIcon } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { PAGE_SIZE } from "~/lib/cms/pagination";
import { cn } from "~/lib/utils";
import { DataTable } from "./data-table";
import { EmptyDetailPanel, Time } from "./detail-panel";
import { Pagination } from "./pagination";
import { StatusBadge, StatusFilter, type StatusStyle } from "./status-filter";

/** What a list tab's `Row` is given: its row, and whether it is the one in the detail panel. */
export interface ListRowProps<Row> {
  row: Row;
  isSelected: boolean;
}

/** What a list tab is: its heading, its statuses, its buttons, its table and its panels. */
export interface ListTabConfig<Row extends { id: string }, Selected extends { id: string }, Status extends string> {
  /** Makes the heading's id, `<id>-heading`, which names the section. */
  id: string;
  title: string;
  /** The statuses of the filter above the table, if the list has any. */
  statusStyle?: StatusStyle<Status>;
  /** The CSV export's address; the current status is passed on, so the file holds what is listed. */
  exportHref?: string;
  /** A Refresh button, for lists that change without the administrator doing anything. */
  refresh?: boolean;
  columns: readonly string[];
  /** The heading of the last column (see DataTable). */
  lastColumn?: ReactNode;
  emptyMessage: ReactNode;
  /** One <tr> of the table. */
  Row: ComponentType<ListRowProps<Row>>;
  /** The panel under the list: the selected row's (`Panel`), or a prompt to select one. */
  detail?: { label: string; emptyText: string; Panel: ComponentType<{ selected: Selected }> };
}

/** What a list tab's loader answers (the rows themselves go apart, under the tab's own name). */
export interface ListTabData<Selected, Status extends string> {
  total: number;
  page: number;
  /** The fetch error, shown in place of the table. */
  error: string | null;
  status?: Status | null;
  selected?: Selected | null;
}

/**
 * The frame of a CMS list tab (orders, contact submissions, outbox, assistant): a heading with the
 * count, the tab's buttons (a CSV export of what the filter shows, Refresh), an introduction, the
 * status filter, the table of `rows` (or the fetch error, or the empty message) with its
 * pagination, and the detail panel of the selected row under it. The filter, page and selection
 * live in the URL.
 */
export function ListTab<Row extends { id: string }, Selected extends { id: string }, Status extends string>({
  tab,
  data: { total, page, error, status = null, selected = null },
  rows,
  actions,
  intro,
}: {
  tab: ListTabConfig<Row, Selected, Status>;
  data: ListTabData<Selected, Status>;
  rows: readonly Row[];
  /** Further buttons of the heading. */
  actions?: ReactNode;
  /** Shown under the heading, before the filter. */
  intro?: ReactNode;
}) {
  const headingId = `${tab.id}-heading`;
  const buttons =
    tab.exportHref || tab.refresh || actions ? (
      <div className="flex flex-wrap items-center gap-2">
        {tab.exportHref ? <ExportLink href={`${tab.exportHref}${status ? `?status=${status}` : ""}`} /> : null}
        {tab.refresh ? <RefreshButton /> : null}
        {actions}
      </div>
    ) : null;
  const list = (
    // min-w-0: in the grid beside the detail panel, the list must not grow to its table's width.
    <section className="min-w-0 rounded-lg border bg-card p-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {tab.title} ({total})
        </h2>
        {buttons}
      </div>
      {intro}
      {tab.statusStyle ? <StatusFilter style={tab.statusStyle} current={status} /> : null}
      <DataTable
        label={tab.title}
        columns={tab.columns}
        lastColumn={tab.lastColumn}
        error={error}
        empty={rows.length === 0}
        emptyMessage={tab.emptyMessage}
        footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
      >
        {rows.map((row) => (
          <tab.Row key={row.id} row={row} isSelected={selected?.id === row.id} />
        ))}
      </DataTable>
    </section>
  );
  if (!tab.detail) return list;
  const { label, emptyText, Panel } = tab.detail;
  return (
    <div className="grid gap-6">
      {list}
      {selected ? <Panel selected={selected} /> : <EmptyDetailPanel label={label} emptyText={emptyText} />}
    </div>
  );
}

export function ExportLink({ href }: { href: string }) {
  return (
    <a
      href={href}
      download
      className="inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent"
    >
      <DownloadIcon aria-hidden="true" className="size-4" />
      Export CSV
    </a>
  );
}

/** Reloads the list: payments are confirmed, and messages arrive, while the tab is open. */
export function RefreshButton() {
  const revalidator = useRevalidator();
  const refreshing = revalidator.state === "loading";
  return (
    <Button type="button" variant="outline" onClick={() => void revalidator.revalidate()} disabled={refreshing}>
      <RefreshCwIcon aria-hidden="true" className={cn(refreshing && "animate-spin")} />
      {refreshing ? "Refreshing..." : "Refresh"}
    </Button>
  );
}

/** A list row, highlighted while it is the one in the detail panel. */
export function ListRow({
  selected = false,
  align = "middle",
  children,
}: {
  selected?: boolean;
  align?: "middle" | "top";
  children: ReactNode;
}) {
  return (
    <tr
      className={cn("border-b last:border-0", align === "top" ? "align-top" : "align-middle", selected && "bg-muted")}
    >
      {children}
    </tr>
  );
}

/** A list cell holding an instant, kept on one line. */
export function TimeCell({ value }: { value: { iso: string; text: string } }) {
  return (
    <td className="py-3 pr-4 whitespace-nowrap">
      <Time value={value} />
    </td>
  );
}

/** A list cell holding the row's status badge. */
export function StatusCell<Status extends string>({ status, style }: { status: Status; style: StatusStyle<Status> }) {
  return (
    <td className="py-3 pr-4">
      <StatusBadge status={status} style={style} />
    </td>
  );
}
