import { DownloadIcon, RefreshCwIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { useRevalidator } from "react-router";
import { Button } from "~/components/ui/button";
import { PAGE_SIZE } from "~/lib/pagination";
import { cn } from "~/lib/utils";
import { DataTable } from "./data-table";
import { Pagination } from "./pagination";
import { StatusFilter, type StatusStyle } from "./status-filter";

/**
 * The frame of a CMS list tab (orders, contact submissions, outbox, assistant): a heading with the
 * count, the tab's buttons (a CSV export of what the filter shows, Refresh), an introduction, the
 * status filter, the table (`children`, one <tr> per row) with its pagination, and the detail panel
 * of the selected row beside it. The filter, page and selection live in the URL.
 */
export function ListTab<Status extends string>({
  id,
  title,
  total,
  page,
  filter,
  exportHref,
  refresh = false,
  actions,
  intro,
  table,
  children,
  detail,
}: {
  /** Makes the heading's id, `<id>-heading`, which names the section. */
  id: string;
  title: string;
  total: number;
  page: number;
  filter?: { style: StatusStyle<Status>; current: Status | null };
  /** The CSV export's address; the current status is passed on, so the file holds what is listed. */
  exportHref?: string;
  /** A Refresh button, for lists that change without the administrator doing anything. */
  refresh?: boolean;
  /** Further buttons of the heading. */
  actions?: ReactNode;
  /** Shown under the heading, before the filter. */
  intro?: ReactNode;
  table: Omit<ComponentProps<typeof DataTable>, "children" | "footer">;
  children: ReactNode;
  /** The selected row's panel, shown under the list. */
  detail?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  const status = filter?.current;
  const buttons =
    exportHref || refresh || actions ? (
      <div className="flex flex-wrap items-center gap-2">
        {exportHref ? <ExportLink href={`${exportHref}${status ? `?status=${status}` : ""}`} /> : null}
        {refresh ? <RefreshButton /> : null}
        {actions}
      </div>
    ) : null;
  const list = (
    <section className="rounded-lg border bg-card p-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {title} ({total})
        </h2>
        {buttons}
      </div>
      {intro}
      {filter ? <StatusFilter style={filter.style} current={filter.current} /> : null}
      <DataTable {...table} footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}>
        {children}
      </DataTable>
    </section>
  );
  if (detail === undefined) return list;
  return (
    <div className="grid gap-6">
      {list}
      {detail}
    </div>
  );
}

function ExportLink({ href }: { href: string }) {
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
function RefreshButton() {
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
