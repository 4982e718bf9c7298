import type { BlockDataOf } from "~/lib/blocks/block-data";
import { BlockLink } from "./block-link";
import { Icon } from "~/components/ui/icon";

/**
 * A service card (SPEC.md "service card": title, description, badge, features, link), drawn like
 * the page's own cards; the link's text is the card's title, which makes sense out of context.
 */
export function ServiceCardBlock({ data }: { data: BlockDataOf<"service_card"> }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      {data.badge ? (
        <p className="mb-3 w-fit rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-foreground">
          {data.badge}
        </p>
      ) : null}
      <h3 className="text-lg font-semibold">{data.title}</h3>
      <p className="mt-2 leading-7 text-muted-foreground">{data.description}</p>
      {data.features.length > 0 ? (
        <ul className="mt-4 space-y-2 text-sm">
          {data.features.map((feature, index) => (
            <li key={`${index}-${feature}`} className="flex gap-2">
              <Icon name="check" className="mt-0.5 size-4 shrink-0 text-primary" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
      ) : null}
      {data.link ? (
        <BlockLink
          href={data.link}
          className="mt-auto inline-flex items-center gap-1 pt-6 font-medium text-primary underline-offset-4 hover:underline"
        >
          {`Explore ${data.title}`}
          <Icon name="arrow-right" className="size-4" />
        </BlockLink>
      ) : null}
    </article>
  );
}
