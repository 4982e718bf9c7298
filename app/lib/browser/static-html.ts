/**
 * Parts of public pages that travel as HTML drawn by React on the server (routes/site/
 * static-html.server.tsx) instead of as components: the content blocks and a content page's article.
 * They are static (no state, no handlers), so the browser needs none of their code to show them,
 * and the pages' first-load JavaScript stays what it was before the CMS could edit them
 * ("public pages must not get heavier"). The HTML is React's output from typed, checked data, so it is escaped like any
 * React output; a rich-text body inside it was sanitised before it was drawn.
 */
export interface StaticHtml {
  /** Unique on the page (a block's id, or the part's name): React's key. */
  id: string;
  html: string;
}

/** An item of a grid where blocks join the page's own cards: a card (a component) or a block's HTML. */
export type GridItem<Card> = { kind: "card"; card: Card } | { kind: "block"; block: StaticHtml };
