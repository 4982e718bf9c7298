import type * as React from "react";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { cx } from "~/lib/class-names";

/** What one kind of failure tells the person: a heading, a sentence, and where to go next. */
export interface ErrorView {
  title: string;
  message?: string;
  link: { to: string; label: string };
}

const LAYOUTS = {
  /** A whole page of its own (the root, the CMS shell). */
  page: "mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center",
  /** Inside the site's layout, where the page's content would be. */
  section: "mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center",
  /** Inside a CMS tab. */
  card: "flex flex-col items-start gap-2 rounded-lg border bg-card p-6",
} as const;

/**
 * The one error boundary every route uses (after the Epic Stack's GeneralErrorBoundary): a route
 * says what to show for a status it expects (404, 403) and for anything else; it never shows the
 * error itself, which the server has logged. `byStatus` entries may be a view or an element.
 */
export function GeneralErrorBoundary({
  byStatus = {},
  otherwise,
  layout = "section",
  code,
}: {
  byStatus?: Record<number, ErrorView | ((data: unknown) => React.ReactNode)>;
  otherwise: ErrorView;
  layout?: keyof typeof LAYOUTS;
  /** A large status line above the heading ("404", "Sorry"), as the root page shows. */
  code?: (status: number | null) => string;
}) {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : null;
  const handler = status === null ? undefined : byStatus[status];
  if (typeof handler === "function") return <>{handler(isRouteErrorResponse(error) ? error.data : null)}</>;
  const view = handler ?? otherwise;
  const Heading = layout === "card" ? "h2" : "h1";
  const Container = layout === "page" ? "main" : "section";
  return (
    <Container className={LAYOUTS[layout]}>
      {code ? <p className="text-5xl font-bold">{code(status)}</p> : null}
      <Heading className={cx("font-semibold", layout === "card" ? "text-lg" : "text-2xl")}>{view.title}</Heading>
      {view.message ? <p className="text-muted-foreground">{view.message}</p> : null}
      {/* A whole-page error loads the next page afresh: the app that failed may not be usable. */}
      <Link
        to={view.link.to}
        reloadDocument={layout === "page"}
        className="mt-2 font-medium text-primary underline underline-offset-4"
      >
        {view.link.label}
      </Link>
    </Container>
  );
}
