import type { MouseEvent } from "react";

/**
 * Where a click on a link should take the router, or null when the browser should follow it: a
 * plain click on a link to a page of this site, which the router can show without loading the
 * whole document again (as its <Link> would). Anything else (a new tab, a download, another site,
 * a modified click, a click a handler already took) is left to the browser.
 */
export function routerPath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || !event.currentTarget.contains(link) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
