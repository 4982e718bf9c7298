import type { StaticHtml } from "~/lib/static-html";

/**
 * HTML the server drew (lib/static-html.ts says why). The wrapper takes no box (`display:
 * contents`), so the drawn element is what the page's grid or flow lays out.
 */
export function StaticHtmlView({ part }: { part: StaticHtml }) {
  return <div className="contents" dangerouslySetInnerHTML={{ __html: part.html }} />;
}
