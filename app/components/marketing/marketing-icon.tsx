import { Icon } from "~/components/ui/icon";
import type { IconName } from "~/content/types";

/**
 * An icon of the marketing copy, drawn from the /icons.svg sprite (components/ui/icon.tsx).
 * `className` replaces the default size (classes are joined, not merged: lib/class-names.ts).
 */
export function MarketingIcon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return <Icon name={name} className={className} />;
}
