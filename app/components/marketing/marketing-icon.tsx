import type { IconName } from "~/content/types";

/**
 * An icon of the marketing copy, drawn from the /icons.svg sprite. The stroke settings sit here
 * because a <use> inherits them; the colour follows the text (currentColor), so both themes work.
 * `className` replaces the default size (classes are joined, not merged: lib/class-names.ts).
 */
export function MarketingIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      <use href={`/icons.svg#${name}`} />
    </svg>
  );
}
