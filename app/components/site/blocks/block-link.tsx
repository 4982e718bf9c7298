import type { ReactNode } from "react";
import { Link } from "react-router";
import { sameSitePath } from "~/lib/text/safe-links";

/**
 * A link an editor typed into a block (already checked by its schema): a path of this site goes
 * through the router, any other address is a plain link that opens in the same tab.
 */
export function BlockLink({ href, className, children }: { href: string; className?: string; children: ReactNode }) {
  const path = sameSitePath(href);
  if (path !== null) {
    return (
      <Link to={path} prefetch="intent" className={className}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} rel="noopener">
      {children}
    </a>
  );
}
