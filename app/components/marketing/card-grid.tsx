import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Card } from "~/content/types";
import { cx } from "~/lib/class-names";
import { MarketingIcon } from "./marketing-icon";
import { Icon } from "~/components/ui/icon";

const COLUMNS = { 2: "md:grid-cols-2", 3: "md:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" };

export type GridColumns = keyof typeof COLUMNS;

/** Cards in a responsive grid: icon, title, text, optional features and a link to their page. */
export function CardGrid({ cards, columns = 3 }: { cards: readonly Card[]; columns?: GridColumns }) {
  return (
    <GridList columns={columns} items={cards.map((card) => ({ key: card.title, node: <CardView card={card} /> }))} />
  );
}

/** The grid itself, for cards drawn by others too (content blocks beside the page's own cards). */
export function GridList({
  items,
  columns = 3,
}: {
  items: readonly { key: string; node: ReactNode }[];
  columns?: GridColumns;
}) {
  return (
    <ul className={cx("grid gap-6", COLUMNS[columns])}>
      {items.map((item) => (
        <li key={item.key}>{item.node}</li>
      ))}
    </ul>
  );
}

export function CardView({ card }: { card: Card }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      {card.icon ? (
        <span className="mb-4 inline-flex size-11 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <MarketingIcon name={card.icon} />
        </span>
      ) : null}
      <h3 className="text-lg font-semibold">{card.title}</h3>
      <p className="mt-2 leading-7 text-muted-foreground">{card.description}</p>
      {card.features && card.features.length > 0 ? (
        <ul className="mt-4 space-y-2 text-sm">
          {card.features.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Icon name="check" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {card.href ? (
        <Link
          to={card.href}
          prefetch="intent"
          className="mt-auto inline-flex items-center gap-1 pt-6 font-medium text-primary underline-offset-4 hover:underline"
        >
          {card.linkLabel ?? card.title}
          <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : null}
    </article>
  );
}
