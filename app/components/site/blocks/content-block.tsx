/**
 * The one render map of content blocks: a block's type picks its component (the union in
 * lib/blocks/block-data.ts makes the data fit it). Pages decide where a type goes
 * (lib/blocks/block-placements.ts); this decides how a block looks. Drawn on the server only
 * (routes/site/block-html.server.tsx): nothing here needs JavaScript in the browser, so none of
 * it is sent there.
 */
import type { TypedBlock } from "~/lib/blocks/block-data";
import { CtaBlock } from "./cta-block";
import { FeatureBlock } from "./feature-block";
import { HeroBlock } from "./hero-block";
import { ServiceCardBlock } from "./service-card-block";
import { TeamMemberBlock } from "./team-member-block";
import { TestimonialBlock } from "./testimonial-block";

export function ContentBlock({ block }: { block: TypedBlock }) {
  switch (block.blockType) {
    case "testimonial":
      return <TestimonialBlock data={block.data} />;
    case "feature":
      return <FeatureBlock data={block.data} />;
    case "team_member":
      return <TeamMemberBlock data={block.data} />;
    case "service_card":
      return <ServiceCardBlock data={block.data} />;
    case "hero":
      return <HeroBlock data={block.data} />;
    case "cta":
      return <CtaBlock data={block.data} />;
  }
}
