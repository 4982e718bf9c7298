/**
 * Where each block type appears on the public site, in one table: the CMS shows it beside each
 * type's list, and the pages named here render that type's active blocks in their order. This is
 * the seed's descriptions made into rules ("each type renders where its description
 * says"); a block's own description stays free text for the editors.
 */
import type { BlockType } from "../enums";

export interface BlockPlacement {
  /** Heading of the type's list in the CMS. */
  heading: string;
  /** Where the type's active blocks show, as the CMS tells the editor. */
  shownOn: string;
}

export const BLOCK_PLACEMENTS: Record<BlockType, BlockPlacement> = {
  hero: {
    heading: "Heroes",
    shownOn: "Home page, top: the first active hero replaces the page's heading, text and buttons.",
  },
  service_card: {
    heading: "Service cards",
    shownOn:
      "Home (What We Do) and Services (What We Offer): a card replaces the page's card with the same link, others follow it.",
  },
  feature: {
    heading: "Features",
    shownOn: "Home page, Why Choose Us: after the page's own points.",
  },
  testimonial: {
    heading: "Testimonials",
    shownOn: "Home and Cloud pages: What our clients say.",
  },
  team_member: {
    heading: "Team members",
    shownOn: "About page: Leadership, before Join Our Team.",
  },
  cta: {
    heading: "Calls to action",
    shownOn: "Service pages and case studies: the first active one, just before the footer.",
  },
};

/** The order the CMS lists the types in: roughly top to bottom of a page. */
export const BLOCK_TYPE_ORDER: readonly BlockType[] = [
  "hero",
  "service_card",
  "feature",
  "testimonial",
  "team_member",
  "cta",
];
