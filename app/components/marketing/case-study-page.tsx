import { useId } from "react";
import type { CaseStudy } from "~/content/types";
import type { BreadcrumbEntry } from "~/lib/seo/structured-data";
import { Breadcrumbs } from "./breadcrumbs";
import { CallToActionBand } from "./call-to-action";
import { CardGrid } from "./card-grid";
import { Checklist } from "./checklist";
import { FaqSection } from "./faq-section";
import { Metrics } from "./metrics";
import { PageSection } from "./page-section";
import { Timeline } from "./timeline";
import { Icon } from "~/components/ui/icon";

/**
 * Every case study: the header, then each section the study has, in a fixed order (overview,
 * scope and compliance, challenges, solution, timeline, services, technologies, results,
 * testimonial, FAQ) and the call to action.
 */
export function CaseStudyView({ study, trail }: { study: CaseStudy; trail: readonly BreadcrumbEntry[] }) {
  return (
    <article>
      <header className="border-b bg-gradient-to-b from-accent to-background">
        <div className="mx-auto max-w-7xl px-4 pt-8 pb-16 sm:px-6 lg:px-8">
          <Breadcrumbs trail={trail} />
          <p className="mt-8">
            <span className="rounded-full bg-primary px-3 py-1 text-sm font-medium text-primary-foreground">
              {study.header.industry}
            </span>
          </p>
          <h1 className="mt-4 max-w-4xl text-4xl font-bold tracking-tight text-balance sm:text-5xl">
            {study.header.title}
          </h1>
          <p className="mt-6 max-w-3xl text-lg leading-8 text-muted-foreground">{study.header.client}</p>
          {study.header.facts ? <Metrics metrics={study.header.facts} columns={3} className="mt-10" /> : null}
        </div>
      </header>
      {study.overview ? (
        <PageSection title={study.overview.title}>
          <div className="max-w-3xl space-y-4 text-lg leading-8">
            {study.overview.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </PageSection>
      ) : null}
      {study.scope || study.compliance ? (
        <div className="mx-auto grid max-w-7xl gap-10 px-4 pb-16 sm:px-6 md:grid-cols-2 lg:px-8">
          {[study.scope, study.compliance].map((list) =>
            list ? <TitledList key={list.title} title={list.title} items={list.items} as="bullets" /> : null,
          )}
        </div>
      ) : null}
      <PageSection title={study.challenges.title} tone="muted">
        <CardGrid cards={study.challenges.items} columns={study.challenges.items.length === 4 ? 2 : 3} />
      </PageSection>
      <PageSection title={study.solution.title} intro={study.solution.intro}>
        <CardGrid cards={study.solution.items} columns={study.solution.items.length === 4 ? 2 : 3} />
      </PageSection>
      {study.timeline ? (
        <PageSection title={study.timeline.title} tone="muted">
          <div className="max-w-3xl">
            <Timeline phases={study.timeline.phases} />
          </div>
        </PageSection>
      ) : null}
      {study.services || study.technologies ? (
        <div className="mx-auto grid max-w-7xl gap-10 px-4 py-16 sm:px-6 md:grid-cols-2 lg:px-8">
          {[study.services, study.technologies].map((list) =>
            list ? <TitledList key={list.title} title={list.title} items={list.items} as="tags" /> : null,
          )}
        </div>
      ) : null}
      <PageSection title={study.results.title} tone="muted">
        <Metrics metrics={study.results.metrics} />
        {study.results.outcomes ? (
          <div className="mt-10">
            <Checklist items={study.results.outcomes} />
          </div>
        ) : null}
      </PageSection>
      {study.testimonial ? (
        <figure className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 lg:px-8">
          <Icon name="quote" className="mx-auto size-8 text-primary" />
          <blockquote className="mt-4 text-xl leading-9 font-medium">
            <p>{study.testimonial.quote}</p>
          </blockquote>
          <figcaption className="mt-4 text-muted-foreground">
            <span className="font-semibold text-foreground">{study.testimonial.author}</span>, {study.testimonial.role}
          </figcaption>
        </figure>
      ) : null}
      {study.faq ? <FaqSection faq={study.faq} /> : null}
      <CallToActionBand cta={study.closing} />
    </article>
  );
}

/** A titled list of a case study: bullet points (scope, compliance) or tags (services, technologies). */
function TitledList({ title, items, as }: { title: string; items: readonly string[]; as: "bullets" | "tags" }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      <ul className={as === "bullets" ? "mt-4 list-disc space-y-2 pl-6 leading-7" : "mt-4 flex flex-wrap gap-2"}>
        {items.map((item) => (
          <li
            key={item}
            className={as === "tags" ? "rounded-md border bg-card px-3 py-1.5 text-sm font-medium" : undefined}
          >
            {item}
          </li>
        ))}
      </ul>
    </section>
  );
}
