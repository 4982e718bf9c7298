import { Link } from "react-router";
import type { BreadcrumbEntry } from "~/lib/seo/structured-data";

/** Where a nested page sits: Home / parent / this page (the last entry is the current page). */
export function Breadcrumbs({ trail }: { trail: readonly BreadcrumbEntry[] }) {
  return (
    <nav aria-label="Breadcrumb">
      <ol className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
        {trail.map((entry, index) => {
          const current = index === trail.length - 1;
          return (
            <li key={entry.href} className="flex items-center gap-2">
              {index > 0 ? <span aria-hidden="true">/</span> : null}
              {current ? (
                <span aria-current="page" className="font-medium text-foreground">
                  {entry.label}
                </span>
              ) : (
                <Link to={entry.href} className="underline-offset-4 hover:text-foreground hover:underline">
                  {entry.label}
                </Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
