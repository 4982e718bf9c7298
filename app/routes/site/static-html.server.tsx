import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";

/**
 * React's HTML for a static part of a public page (lib/static-html.ts says why). Components that
 * link with the router's <Link> need a router around them (the HTML is a plain <a>). Each drawing
 * gets its own id prefix, so the ids its headings are named by never clash with the page's own
 * (both would count from the same start).
 */
export function drawStaticHtml(node: ReactNode, idPrefix: string): string {
  return renderToStaticMarkup(<StaticRouter location="/">{node}</StaticRouter>, { identifierPrefix: idPrefix });
}
