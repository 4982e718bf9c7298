/**
 * How pages place lists of blocks: beside their own cards in one grid, or as a section of their
 * own (testimonials, the team). Each block is drawn by the render map (content-block.tsx).
 */
import { useId } from "react";
import { CardView, GridList, type GridColumns } from "~/components/marketing/card-grid";
import { PageSection } from "~/components/marketing/page-section";
import type { Card } from "~/content/types";
import type { TypedBlock } from "~/lib/blocks/block-data";
import { cn } from "~/lib/utils";
import { ContentBlock } from "./content-block";

/**
 * The page's cards and the blocks in one grid. With `replaceByLink`, a service card block whose
 * link is a card's link takes that card's place (the same service, as the editors now word it);
 * the other blocks follow the page's cards, in their order.
 */
export function CardsWithBlocks({
  cards,
  blocks,
  columns,
  replaceByLink = false,
}: {
  cards: readonly Card[];
  blocks: readonly TypedBlock[];
  columns?: GridColumns;
  replaceByLink?: boolean;
}) {
  const linkOf = (block: TypedBlock) => (block.blockType === "service_card" ? block.data.link : undefined);
  const used = new Set<string>();
  const items = cards.map((card) => {
    const replacement =
      replaceByLink && card.href
        ? blocks.find((block) => linkOf(block) === card.href && !used.has(block.id))
        : undefined;
    if (!replacement) return { key: `card-${card.title}`, node: <CardView card={card} /> };
    used.add(replacement.id);
    return { key: replacement.id, node: <ContentBlock block={replacement} /> };
  });
  for (const block of blocks) {
    if (!used.has(block.id)) items.push({ key: block.id, node: <ContentBlock block={block} /> });
  }
  return <GridList items={items} columns={columns} />;
}

/** "What our clients say": the active testimonials, nothing when there are none. */
export function TestimonialsSection({ blocks }: { blocks: readonly TypedBlock[] }) {
  const headingId = useId();
  if (blocks.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="border-t bg-muted/40">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">
          What our clients say
        </h2>
        <BlockGrid blocks={blocks} />
      </div>
    </section>
  );
}

/** The About page's leadership: the active team members, nothing when there are none. */
export function TeamSection({ blocks }: { blocks: readonly TypedBlock[] }) {
  if (blocks.length === 0) return null;
  return (
    <PageSection title="Leadership" intro="The people who lead our practices and answer for the work we deliver.">
      <BlockGrid blocks={blocks} className="" />
    </PageSection>
  );
}

function BlockGrid({ blocks, className = "mt-8" }: { blocks: readonly TypedBlock[]; className?: string }) {
  return (
    <ul className={cn("grid gap-6 md:grid-cols-2 lg:grid-cols-3", className)}>
      {blocks.map((block) => (
        <li key={block.id}>
          <ContentBlock block={block} />
        </li>
      ))}
    </ul>
  );
}
