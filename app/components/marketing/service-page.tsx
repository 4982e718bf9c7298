import type { CaseStudySummary, ServicePage } from "~/content/types";
import type { BreadcrumbEntry } from "~/lib/seo/structured-data";
import { Breadcrumbs } from "./breadcrumbs";
import { CallToActionBand } from "./call-to-action";
import { CardGrid } from "./card-grid";
import { Checklist } from "./checklist";
import { FaqSection } from "./faq-section";
import { Metrics } from "./metrics";
import { PageHero } from "./page-hero";
import { PageSection } from "./page-section";

/**
 * One service (the four AI services, Data Lake & Analytics): hero, checklist, feature cards, an
 * optional case study, FAQ and call to action.
 */
export function ServicePageView({ page, trail }: { page: ServicePage; trail: readonly BreadcrumbEntry[] }) {
  return (
    <>
      <PageHero hero={page.hero} above={<Breadcrumbs trail={trail} />} />
      <PageSection title={page.checklist.title}>
        <Checklist items={page.checklist.items} />
      </PageSection>
      <PageSection title={page.features.title} intro={page.features.intro} tone="muted">
        <CardGrid cards={page.features.items} columns={3} />
      </PageSection>
      {page.caseStudy ? <CaseStudySummaryView study={page.caseStudy} /> : null}
      <FaqSection faq={page.faq} />
      <CallToActionBand cta={page.closing} />
    </>
  );
}

function CaseStudySummaryView({ study }: { study: CaseStudySummary }) {
  return (
    <PageSection title={study.title} intro={study.client}>
      <p className="-mt-4 mb-8">
        <span className="rounded-full bg-accent px-3 py-1 text-sm font-medium text-accent-foreground">
          {study.industry}
        </span>
      </p>
      <div className="grid gap-8 md:grid-cols-2">
        <div>
          <h3 className="text-lg font-semibold">The challenge</h3>
          <p className="mt-2 leading-7 text-muted-foreground">{study.challenge}</p>
        </div>
        <div>
          <h3 className="text-lg font-semibold">Our solution</h3>
          <p className="mt-2 leading-7 text-muted-foreground">{study.solution}</p>
        </div>
      </div>
      <h3 className="mt-10 text-lg font-semibold">Results</h3>
      <Metrics metrics={study.results} className="mt-4" />
    </PageSection>
  );
}
