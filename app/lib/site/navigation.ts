/**
 * Main-menu items. They come from the navigation_items table; these defaults stand in while the
 * table is empty or cannot be read (SPEC.md "Top navigation").
 */

export interface NavItem {
  title: string;
  url: string;
}

/** An item with one of these URLs opens the matching dropdown instead of linking straight away. */
export const SERVICES_MENU_URL = "/services";
export const LEGAL_MENU_URL = "/legal";

export const DEFAULT_NAV_ITEMS: readonly NavItem[] = [
  { title: "Home", url: "/" },
  { title: "About", url: "/about" },
  { title: "Services", url: SERVICES_MENU_URL },
  { title: "Training", url: "/training" },
  { title: "Contact", url: "/contact" },
  { title: "Legal", url: LEGAL_MENU_URL },
];

export type NavEntry =
  { kind: "link"; item: NavItem } | { kind: "services"; item: NavItem } | { kind: "legal"; item: NavItem };

export function classifyNavItem(item: NavItem): NavEntry {
  if (item.url === SERVICES_MENU_URL) return { kind: "services", item };
  if (item.url === LEGAL_MENU_URL) return { kind: "legal", item };
  return { kind: "link", item };
}

/** Whether a menu link is the page being shown; "/" matches only itself. */
export function isCurrentPath(url: string, pathname: string): boolean {
  if (url === "/") return pathname === "/";
  return pathname === url || pathname.startsWith(`${url}/`);
}
