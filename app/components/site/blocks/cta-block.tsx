import { useId } from "react";
import { Button } from "~/components/ui/button";
import type { BlockDataOf } from "~/lib/blocks/block-data";
import { BlockLink } from "./block-link";

/**
 * A call to action: heading, text and one button, in a band just before the footer. It follows the
 * page's own closing band (whose buttons the spec fixes, downloads included), so it takes the
 * muted tone rather than a second primary band.
 */
export function CtaBlock({ data }: { data: BlockDataOf<"cta"> }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="border-t bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-12 text-center sm:px-6 lg:px-8">
        <h2 id={headingId} className="text-2xl font-bold tracking-tight">
          {data.heading}
        </h2>
        {data.body ? <p className="mx-auto mt-4 max-w-2xl text-lg text-muted-foreground">{data.body}</p> : null}
        <Button asChild size="lg" className="mt-8">
          <BlockLink href={data.buttonUrl}>{data.buttonLabel}</BlockLink>
        </Button>
      </div>
    </section>
  );
}
