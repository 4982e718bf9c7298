import type { ReactNode } from "react";
import type { OverviewPage } from "~/content/types";
import { CallToActionBand } from "./call-to-action";
import { CardGrid } from "./card-grid";
import { FaqSection } from "./faq-section";
import { PageHero } from "./page-hero";
import { PageSection } from "./page-section";

/**
 * /ai, /cloud and /cybersecurity: hero, four cards, case studies (cloud, security), FAQ, what the
 * route adds before the end (`beforeClosing`: the cloud page's testimonials), call to action.
 */
export function OverviewPageView({ page, beforeClosing }: { page: OverviewPage; beforeClosing?: ReactNode }) {
  return (
    <>
      <PageHero hero={page.hero} />
      <PageSection title={page.cards.title} intro={page.cards.intro}>
        <CardGrid cards={page.cards.items} columns={2} />
      </PageSection>
      {page.caseStudies ? (
        <PageSection title={page.caseStudies.title} intro={page.caseStudies.intro} tone="muted">
          <CardGrid cards={page.caseStudies.items} columns={page.caseStudies.items.length >= 3 ? 3 : 2} />
        </PageSection>
      ) : null}
      <FaqSection faq={page.faq} />
      {beforeClosing}
      <CallToActionBand cta={page.closing} />
    </>
  );
}
