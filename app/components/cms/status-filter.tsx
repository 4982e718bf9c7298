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

/** "All" and one link per status; the current one is marked for assistive technology. */
export function StatusFilter<Status extends string>({
  statuses,
  current,
  labels,
}: {
  statuses: readonly Status[];
  current: Status | null;
  labels: Readonly<Record<Status, string>>;
}) {
  const hrefWith = useHrefWith();
  return (
    <nav aria-label="Filter by status" className="mt-4">
      <ul className="flex flex-wrap gap-2">
        {([null, ...statuses] as const).map((value) => (
          <li key={value ?? "all"}>
            <Link
              to={hrefWith({ status: value, page: null })}
              aria-current={current === value ? "page" : undefined}
              className={cn(
                "inline-block rounded-md border px-3 py-1.5 text-sm font-medium",
                current === value ? "bg-primary text-primary-foreground" : "hover:bg-accent",
              )}
            >
              {value ? labels[value] : "All"}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

type BadgeTone = NonNullable<React.ComponentProps<typeof Badge>["tone"]>;

/** A row's status as a coloured badge, with the same labels as the filter above the list. */
export function StatusBadge<Status extends string>({
  status,
  labels,
  tones,
}: {
  status: Status;
  labels: Readonly<Record<Status, string>>;
  tones: Readonly<Record<Status, BadgeTone>>;
}) {
  return (
    <Badge tone={tones[status]} data-status={status}>
      {labels[status]}
    </Badge>
  );
}
