import { ArrowLeftIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";

/** The CMS's link back to where the editor came from (a tab's list, the editor), with its arrow. */
export function BackLink({ to, children = "Back" }: { to: string; children?: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm">
      <Link to={to}>
        <ArrowLeftIcon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  );
}
