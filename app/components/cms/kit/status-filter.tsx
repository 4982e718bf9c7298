import type * as React from "react";
import { Link, useSearchParams } from "react-router";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

/**
 * The current address with some query parameters changed (null removes one): the lists of the
 * CMS keep their filter, page and selection in the URL, so a reload or a shared link shows the same.
 */
export function useHrefWith() {
  const [searchParams] = useSearchParams();
  return (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(searchParams);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "?";
  };
}

type BadgeTone = NonNullable<React.ComponentProps<typeof Badge>["tone"]>;

/** How a list shows its statuses: their order, their labels and the colours of their badges. */
export interface StatusStyle<Status extends string> {
  statuses: readonly Status[];
  labels: Readonly<Record<Status, string>>;
  /** Badge tones that keep AA contrast in both themes. */
  tones: Readonly<Record<Status, BadgeTone>>;
}

/** "All" and one link per status; the current one is marked for assistive technology. */
export function StatusFilter<Status extends string>({
  style,
  current,
}: {
  style: StatusStyle<Status>;
  current: Status | null;
}) {
  const hrefWith = useHrefWith();
  return (
    <nav aria-label="Filter by status" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {([null, ...style.statuses] as const).map((value) => (
          <li key={value ?? "all"}>
            <Link
              to={hrefWith({ status: value, page: null })}
              aria-current={current === value ? "page" : undefined}
              className={cn(
                "inline-block rounded-md border px-3 py-1.5 text-sm font-medium",
                current === value ? "bg-primary text-primary-foreground" : "hover:bg-accent",
              )}
            >
              {value ? style.labels[value] : "All"}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A row's status as a coloured badge, with the same labels as the filter above the list. */
export function StatusBadge<Status extends string>({ status, style }: { status: Status; style: StatusStyle<Status> }) {
  return (
    <Badge tone={style.tones[status]} data-status={status}>
      {style.labels[status]}
    </Badge>
  );
}
