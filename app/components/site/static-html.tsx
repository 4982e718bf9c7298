import type { MouseEvent } from "react";
import { useNavigate } from "react-router";
import type { StaticHtml } from "~/lib/static-html";

/**
 * A plain click on a link to a page of this site, which the router can show without loading the
 * whole document again (as its <Link> would); anything else (a new tab, a download, another site,
 * a modified click) is left to the browser.
 */
function routerPath(event: MouseEvent<HTMLElement>): string | null {
  if (event.defaultPrevented || event.button !== 0) return null;
  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return null;
  const link = event.target instanceof Element ? event.target.closest("a") : null;
  if (!link || !event.currentTarget.contains(link) || link.hasAttribute("download")) return null;
  if (link.target && link.target !== "_self") return null;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * HTML the server drew (lib/static-html.ts says why). The wrapper takes no box (`display:
 * contents`), so the drawn element is what the page's grid or flow lays out. Its links are plain
 * `<a>` elements; a click on one to this site is handed to the router, as a <Link> would be.
 */
export function StaticHtmlView({ part }: { part: StaticHtml }) {
  const navigate = useNavigate();
  return (
    // The handler only hands the links' own clicks to the router; the links stay the focusable,
    // keyboard-operable elements (Enter on a link fires this same click).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div
      className="contents"
      onClick={(event) => {
        const path = routerPath(event);
        if (path === null) return;
        event.preventDefault();
        void navigate(path);
      }}
      dangerouslySetInnerHTML={{ __html: part.html }}
    />
  );
}
