/**
 * Content blocks drawn as HTML for the public pages' loaders (lib/browser/static-html.ts says why: the
 * browser then needs none of the blocks' code). The render map (components/site/blocks) stays the
 * one place that decides how a block looks; this only runs it on the server.
 */
import { TeamSection, TestimonialsSection } from "~/components/site/blocks/block-sections";
import { ContentBlock } from "~/components/site/blocks/content-block";
import type { Card } from "~/content/types";
import type { TypedBlock } from "~/lib/blocks/block-data";
import type { GridItem, StaticHtml } from "~/lib/browser/static-html";
import { drawStaticHtml } from "./static-html.server";

/**
 * Drawings kept beside what they were drawn from. The block lists come from a cache that hands out
 * the same objects until a block changes (content-blocks.server.ts), so each block is drawn once
 * per change rather than on every page view; a changed block is a new object, drawn afresh.
 */
const drawn = new WeakMap<object, StaticHtml | null>();

function drawnOnce(source: object, draw: () => StaticHtml | null): StaticHtml | null {
  if (!drawn.has(source)) drawn.set(source, draw());
  return drawn.get(source) ?? null;
}

export function blockHtml(block: TypedBlock): StaticHtml {
  return drawnOnce(block, () => ({
    id: block.id,
    html: drawStaticHtml(<ContentBlock block={block} />, `block-${block.id}-`),
  })) as StaticHtml;
}

/**
 * The page's cards and the blocks in one grid. With `replaceByLink`, a service card block whose
 * link is a card's link takes that card's place (the same service, as the editors now word it);
 * the other blocks follow the page's cards, in their order.
 */
export function cardsWithBlocks(
  cards: readonly Card[],
  blocks: readonly TypedBlock[],
  { replaceByLink = false }: { replaceByLink?: boolean } = {},
): GridItem<Card>[] {
  const linkOf = (block: TypedBlock) => (block.blockType === "service_card" ? block.data.link : undefined);
  const used = new Set<string>();
  const items: GridItem<Card>[] = cards.map((card) => {
    const replacement =
      replaceByLink && card.href
        ? blocks.find((block) => linkOf(block) === card.href && !used.has(block.id))
        : undefined;
    if (!replacement) return { kind: "card", card };
    used.add(replacement.id);
    return { kind: "block", block: blockHtml(replacement) };
  });
  for (const block of blocks) {
    if (!used.has(block.id)) items.push({ kind: "block", block: blockHtml(block) });
  }
  return items;
}

/** "What our clients say" with the active testimonials; null when there are none. */
export function testimonialsHtml(blocks: readonly TypedBlock[]): StaticHtml | null {
  if (blocks.length === 0) return null;
  return drawnOnce(blocks, () => ({
    id: "testimonials",
    html: drawStaticHtml(<TestimonialsSection blocks={blocks} />, "testimonials-"),
  }));
}

/** The About page's Leadership with the active team members; null when there are none. */
export function teamHtml(blocks: readonly TypedBlock[]): StaticHtml | null {
  if (blocks.length === 0) return null;
  return drawnOnce(blocks, () => ({ id: "team", html: drawStaticHtml(<TeamSection blocks={blocks} />, "team-") }));
}
