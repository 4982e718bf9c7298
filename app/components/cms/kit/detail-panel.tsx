import { XIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { cn } from "~/lib/utils";
import { StatusBadge, useHrefWith, type StatusStyle } from "./status-filter";

/**
 * The link in a list row that opens that row in the detail panel. The selection lives in the URL
 * (`?selected=<id>`, keeping the filter and page), and the selected row's link is marked current.
 */
export function SelectRowLink({
  id,
  isSelected,
  className,
  children,
}: {
  id: string;
  isSelected: boolean;
  className?: string;
  children: ReactNode;
}) {
  const hrefWith = useHrefWith();
  return (
    <Link
      to={hrefWith({ selected: id })}
      preventScrollReset
      aria-current={isSelected ? "true" : undefined}
      className={cn("text-primary underline-offset-4 hover:underline", className)}
    >
      {children}
    </Link>
  );
}

/** The panel under a CMS list while no row is selected: a prompt, named for assistive technology. */
export function EmptyDetailPanel({ label, emptyText }: { label: string; emptyText: string }) {
  return (
    <section aria-label={label} className="rounded-lg border bg-card p-6">
      <p className="py-8 text-center text-muted-foreground">{emptyText}</p>
    </section>
  );
}

/**
 * The panel under a CMS list that shows the selected row (an order, a submission, an e-mail): its
 * title, a line under it, its status badge and Close details (back to the list with nothing
 * selected, keeping the filter and page), then the row's details (`children`).
 */
export function DetailPanel<Status extends string>({
  title,
  subtitle,
  status,
  statusStyle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  status: Status;
  statusStyle: StatusStyle<Status>;
  children: ReactNode;
}) {
  const headingId = useId();
  const hrefWith = useHrefWith();
  return (
    // min-w-0: a grid item, it would otherwise grow to its widest table and push the page sideways
    // at 375 px; the tables scroll inside their own boxes instead.
    <section aria-labelledby={headingId} className="min-w-0 rounded-lg border bg-card p-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id={headingId} className="text-lg font-semibold break-words">
            {title}
          </h2>
          <p className="text-sm text-muted-foreground">{subtitle}</p>
        </div>
        <div className="flex items-center gap-3">
          <StatusBadge status={status} style={statusStyle} />
          <Link
            to={hrefWith({ selected: null })}
            preventScrollReset
            className="inline-flex items-center gap-1 rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent"
          >
            <XIcon aria-hidden="true" className="size-4" />
            Close details
          </Link>
        </div>
      </div>
      {children}
    </section>
  );
}

/** The facts of the selected row as a description list; `className` sets the terms' column width. */
export function DetailList({ className, children }: { className: string; children: ReactNode }) {
  return <dl className={cn("mt-4 grid gap-3 text-sm", className)}>{children}</dl>;
}

/** One fact of a DetailList: its name and its value. */
export function Detail({ term, className, children }: { term: string; className?: string; children: ReactNode }) {
  return (
    <>
      <dt className="font-medium text-muted-foreground">{term}</dt>
      <dd className={className}>{children}</dd>
    </>
  );
}

/** An instant as the server wrote it for a person (`timeParts`), machine-readable too. */
export function Time({ value }: { value: { iso: string; text: string } }) {
  return <time dateTime={value.iso}>{value.text}</time>;
}
