import { clsx, type ClassValue } from "clsx";

/**
 * Joins class names, without merging: every class given is kept. The public pages use this rather
 * than `cn` (lib/utils.ts), whose tailwind-merge is about 9 KB gzip on every first load
 * (docs/decisions/028). So a component's default classes and the ones its callers add must never
 * set the same utility (the stylesheet's order, not the caller, would decide which wins): a
 * component offers a prop for what callers change (Metrics' `columns`, Button's `size`), or lets
 * the caller's classes replace its default (MarketingIcon, ResponsiveImage).
 */
export function cx(...inputs: ClassValue[]): string {
  return clsx(inputs);
}
