import type { Crumb } from "~/content/types";
import type { BreadcrumbEntry } from "./structured-data";

/** The trail of a nested page: Home, its parent, the page itself. */
export function breadcrumbTrail(page: { parent: Crumb; path: string; seo: { title: string } }): BreadcrumbEntry[] {
  return [{ label: "Home", href: "/" }, page.parent, { label: page.seo.title, href: page.path }];
}
