import { Link, useLoaderData } from "react-router";
import { CallToActionBand } from "~/components/marketing/call-to-action";
import { CardGrid } from "~/components/marketing/card-grid";
import { Metrics } from "~/components/marketing/metrics";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { Steps } from "~/components/marketing/steps";
import { PRODUCT_DEVELOPMENT_PAGE } from "~/content/product-development";
import type { SuccessStory } from "~/content/types";
import { publicPageMeta } from "~/lib/seo/meta";
import { withCompanyDetails } from "~/server/content/marketing.server";
import type { Route } from "./+types/product-development";
import { Icon } from "~/components/ui/icon";

/**
 * Product development (SPEC.md "Product development"): four services, three success stories, a
 * four-phase process, eighteen technologies and a call to action.
 */
export async function loader(_: Route.LoaderArgs) {
  return { page: await withCompanyDetails(PRODUCT_DEVELOPMENT_PAGE) };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, { ...loaderData?.page.seo, path: "/product-development" });

export default function ProductDevelopment() {
  const { page } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero hero={page.hero} />
      <PageSection title={page.services.title} intro={page.services.intro}>
        <CardGrid cards={page.services.items} columns={2} />
      </PageSection>
      <PageSection title={page.successStories.title} intro={page.successStories.intro} tone="muted">
        <ul className="grid gap-6 lg:grid-cols-3">
          {page.successStories.items.map((story) => (
            <li key={story.title}>
              <SuccessStoryCard story={story} />
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection title={page.process.title} intro={page.process.intro}>
        <Steps steps={page.process.items} />
      </PageSection>
      <PageSection title={page.technologies.title} intro={page.technologies.intro} tone="muted">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
          {page.technologies.items.map((technology) => (
            <li key={technology} className="rounded-md border bg-card px-3 py-3 text-center text-sm font-medium">
              {technology}
            </li>
          ))}
        </ul>
      </PageSection>
      <CallToActionBand cta={page.closing} />
    </>
  );
}

function SuccessStoryCard({ story }: { story: SuccessStory }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <p className="text-sm font-medium text-primary">{story.industry}</p>
      <h3 className="mt-2 text-lg font-semibold">{story.title}</h3>
      <p className="mt-2 leading-7 text-muted-foreground">{story.summary}</p>
      <Metrics metrics={story.metrics} columns={1} className="mt-6" />
      {story.link ? (
        <Link
          to={story.link.href}
          prefetch="intent"
          className="mt-auto inline-flex items-center gap-1 pt-6 font-medium text-primary underline-offset-4 hover:underline"
        >
          {story.link.label}
          <Icon name="arrow-right" className="size-4" />
        </Link>
      ) : null}
    </article>
  );
}
