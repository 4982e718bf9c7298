import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import type { PageAction } from "~/content/types";
import { cx } from "~/lib/class-names";
import { DownloadButton } from "./download-button";

/** The buttons of a hero or call-to-action band: links to the site's pages, or a PDF download. */
export function PageActions({
  actions,
  className,
  inverted = false,
}: {
  actions: readonly PageAction[];
  className?: string;
  /** On a primary-coloured band the first button swaps colours so it stands out. */
  inverted?: boolean;
}) {
  if (actions.length === 0) return null;
  return (
    <div className={cx("flex flex-wrap gap-3", className)}>
      {actions.map((action, index) => {
        const variant = index === 0 ? (inverted ? "secondary" : "default") : "outline";
        return action.kind === "link" ? (
          <Button key={action.label} asChild size="lg" variant={variant}>
            <Link to={action.href} prefetch="intent">
              {action.label}
            </Link>
          </Button>
        ) : (
          <DownloadButton key={action.label} action={action} variant={variant} />
        );
      })}
    </div>
  );
}
