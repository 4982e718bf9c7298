import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";

/**
 * React's HTML for a static part of a public page (lib/browser/static-html.ts says why). Components that
 * link with the router's <Link> need a router around them (the HTML is a plain <a>). Each drawing
 * gets its own id prefix, so the ids its headings are named by never clash with the page's own
 * (both would count from the same start).
 */
export function drawStaticHtml(node: ReactNode, idPrefix: string): string {
  const html = renderToStaticMarkup(<StaticRouter location="/">{node}</StaticRouter>, { identifierPrefix: idPrefix });
  return html.replace(RESOURCE_HINTS, "");
}

/**
 * React puts its resource hints (a `<link rel="preload" as="image">` for an eager image) before
 * the markup it draws. Inside the page's body they would be links in the wrong place (the
 * document's own render hints in the head); React escapes `>` in attribute values, so a tag ends
 * at the first `>`.
 */
const RESOURCE_HINTS = /^(?:<link [^>]*>)+/;
