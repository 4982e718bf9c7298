/**
 * The sections that hold only blocks: testimonials and the team. Each block is drawn by the render
 * map (content-block.tsx). Drawn on the server only (routes/site/block-html.server.tsx); pages
 * receive the markup, so none of this reaches the browser.
 */
import { useId } from "react";
import { PageSection } from "~/components/marketing/page-section";
import type { TypedBlock } from "~/lib/blocks/block-data";
import { cx } from "~/lib/class-names";
import { ContentBlock } from "./content-block";

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
    <ul className={cx("grid gap-6 md:grid-cols-2 lg:grid-cols-3", className)}>
      {blocks.map((block) => (
        <li key={block.id}>
          <ContentBlock block={block} />
        </li>
      ))}
    </ul>
  );
}
