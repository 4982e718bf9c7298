import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/**
 * Joins class names, letting a later Tailwind class override an earlier one of the same kind. For
 * the CMS and for code that loads on demand: tailwind-merge must stay out of the public pages' first
 * load, which joins with `cx` (lib/class-names.ts) instead.
 */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
