import { MarketingIcon } from "~/components/marketing/marketing-icon";
import type { BlockDataOf } from "~/lib/blocks/block-data";

/** A feature: icon, title and a sentence or two, drawn like the page's own cards beside it. */
export function FeatureBlock({ data }: { data: BlockDataOf<"feature"> }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      {data.icon ? (
        <span className="mb-4 inline-flex size-11 items-center justify-center rounded-md bg-accent text-accent-foreground">
          <MarketingIcon name={data.icon} />
        </span>
      ) : null}
      <h3 className="text-lg font-semibold">{data.title}</h3>
      <p className="mt-2 leading-7 text-muted-foreground">{data.description}</p>
    </article>
  );
}
