import type { BlockDataOf } from "~/lib/blocks/block-data";
import { Icon } from "~/components/ui/icon";

/** One client quote with its source (SPEC.md block type "testimonial"). */
export function TestimonialBlock({ data }: { data: BlockDataOf<"testimonial"> }) {
  const source = [data.role, data.company].filter(Boolean).join(", ");
  return (
    <figure className="flex h-full flex-col gap-4 rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <Icon name="quote" className="size-6 text-primary" />
      <blockquote className="flex-1 text-base leading-relaxed">
        <p>{data.quote}</p>
      </blockquote>
      <figcaption className="text-sm">
        <span className="block font-semibold">{data.author}</span>
        {source ? <span className="block text-muted-foreground">{source}</span> : null}
      </figcaption>
    </figure>
  );
}
