import { Link, useSearchParams } from "react-router";
import { pageCount } from "~/lib/cms/pagination";

/** Previous / next links that keep the list's other filters in the URL. */
export function Pagination({ page, total, pageSize }: { page: number; total: number; pageSize?: number }) {
  const [searchParams] = useSearchParams();
  const pages = pageCount(total, pageSize);
  if (pages <= 1) return null;
  const hrefFor = (target: number) => {
    const next = new URLSearchParams(searchParams);
    next.set("page", String(target));
    return `?${next.toString()}`;
  };
  const linkClass = "rounded-md border px-3 py-1.5 text-sm font-medium hover:bg-accent";
  return (
    <nav aria-label="Pagination" className="mt-4 flex items-center justify-between gap-4">
      <p className="text-sm text-muted-foreground">
        Page {page} of {pages}
      </p>
      <div className="flex gap-2">
        {page > 1 ? (
          <Link to={hrefFor(page - 1)} className={linkClass}>
            Previous
          </Link>
        ) : null}
        {page < pages ? (
          <Link to={hrefFor(page + 1)} className={linkClass}>
            Next
          </Link>
        ) : null}
      </div>
    </nav>
  );
}
