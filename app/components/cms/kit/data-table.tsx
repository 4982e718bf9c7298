import type * as React from "react";
import { ScrollBox } from "./scroll-box";

/**
 * A CMS list as a table: the fetch error or the empty message instead when there is one,
 * else the column headings and the rows (`children`, one <tr> each) in a sideways-scrolling box.
 */
export function DataTable({
  label,
  columns,
  firstColumn,
  lastColumn = <span className="sr-only">Actions</span>,
  error = null,
  empty = false,
  emptyMessage,
  footer,
  children,
}: {
  /** What the table lists ("Users"), said by a screen reader when its box scrolls sideways. */
  label: string;
  columns: readonly string[];
  /** A heading before the columns (a list with bulk actions: "select all on this page"). */
  firstColumn?: React.ReactNode;
  /** The heading of the last column; by default "Actions", for screen readers only. */
  lastColumn?: React.ReactNode;
  error?: string | null;
  empty?: boolean;
  emptyMessage?: React.ReactNode;
  /** Shown under the table, inside the scrolling box (e.g. the pagination). */
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  if (error) {
    return (
      <p role="alert" className="mt-4 rounded-md border border-destructive p-3 text-sm font-medium text-destructive">
        {error}
      </p>
    );
  }
  if (empty) return <p className="mt-6 py-8 text-center text-muted-foreground">{emptyMessage}</p>;
  return (
    <ScrollBox label={label} className="mt-4">
      <table className="w-full text-left text-sm">
        <thead className="border-b text-muted-foreground">
          <tr>
            {firstColumn ? (
              <th scope="col" className="w-8 py-2 pr-2 font-medium">
                {firstColumn}
              </th>
            ) : null}
            {columns.map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4 font-medium">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2 font-medium">
              {lastColumn}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footer}
    </ScrollBox>
  );
}
