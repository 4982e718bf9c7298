import { Link } from "react-router";
import { timeParts } from "~/lib/text/format";
import type { FailedSignInsNotice as Notice } from "./cms-layout-data";

/**
 * Tells a user who just signed in about wrong passwords given for their account since their last
 * visit, for as long as this session lasts, so that it is read, not missed like a toast.
 */
export function FailedSignInsNotice({ notice }: { notice: Notice | null | undefined }) {
  if (!notice) return null;
  const when = timeParts(notice.lastAt);
  const attempts = notice.count === 1 ? "1 failed sign-in attempt" : `${notice.count} failed sign-in attempts`;
  return (
    <section
      aria-labelledby="failed-sign-ins-heading"
      className="mb-6 rounded-lg border border-amber-600 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="failed-sign-ins-heading" className="font-semibold">
        {attempts} since your last visit
      </h2>
      <p className="mt-1">
        The latest was on <time dateTime={when.iso}>{when.text}</time>
        {notice.lastFrom ? <> from {notice.lastFrom}</> : null}. If that was not you, your password may be known to
        someone else:{" "}
        <Link to="/cms/account" className="font-medium underline underline-offset-4">
          change your password
        </Link>
        .
      </p>
    </section>
  );
}
