import type { IconName } from "~/content/types";
import { cn } from "~/lib/utils";

/**
 * An icon of the marketing copy, drawn from the /icons.svg sprite. The stroke settings sit here
 * because a <use> inherits them; the colour follows the text (currentColor), so both themes work.
 */
export function MarketingIcon({ name, className }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cn("size-6", className)}
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
