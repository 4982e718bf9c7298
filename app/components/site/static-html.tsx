import type { StaticHtml } from "~/lib/browser/static-html";
import { useFollowLinks } from "./plain-link";

/**
 * HTML the server drew (lib/browser/static-html.ts says why). The wrapper takes no box (`display:
 * contents`), so the drawn element is what the page's grid or flow lays out. Its links are plain
 * `<a>` elements; a click on one to this site is handed to the router, as a <Link> would be.
 */
export function StaticHtmlView({ part }: { part: StaticHtml }) {
  const followLinks = useFollowLinks();
  return (
    // The handler only hands the links' own clicks to the router; the links stay the focusable,
    // keyboard-operable elements (Enter on a link fires this same click).
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions
    <div className="contents" onClick={followLinks} dangerouslySetInnerHTML={{ __html: part.html }} />
  );
}
