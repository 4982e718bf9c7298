import { CardView, GridList, type GridColumns } from "~/components/marketing/card-grid";
import type { Card } from "~/content/types";
import type { GridItem } from "~/lib/browser/static-html";
import { StaticHtmlView } from "../static-html";

/**
 * The page's cards and its blocks in one grid, in the order the server merged them
 * (routes/site/block-html.server.tsx): the cards stay components, the blocks come as HTML.
 */
export function CardsWithBlocks({ items, columns }: { items: readonly GridItem<Card>[]; columns?: GridColumns }) {
  return (
    <GridList
      columns={columns}
      items={items.map((item) =>
        item.kind === "card"
          ? { key: `card-${item.card.title}`, node: <CardView card={item.card} /> }
          : { key: item.block.id, node: <StaticHtmlView part={item.block} /> },
      )}
    />
  );
}
