import { useLoaderData } from "react-router";
import { CallToActionBand } from "~/components/marketing/call-to-action";
import { CardGrid } from "~/components/marketing/card-grid";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { Steps } from "~/components/marketing/steps";
import { SERVICES_PAGE } from "~/content/services";
import { publicPageMeta } from "~/lib/seo/meta";
import { CardsWithBlocks } from "~/components/site/blocks/cards-with-blocks";
import { withCompanyDetails } from "~/server/content/marketing.server";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import type { Route } from "./+types/services";
import { cardsWithBlocks } from "./block-html.server";
import { Icon } from "~/components/ui/icon";

/**
 * Services (SPEC.md "Services"): six services with five features each, the overview video's
 * placeholder, the four-step process, six industries and Request a Quote.
 */
export async function loader(_: Route.LoaderArgs) {
  // Service card blocks join What We Offer (lib/blocks/block-placements.ts).
  const [page, blocks] = await Promise.all([withCompanyDetails(SERVICES_PAGE), loadPageBlocks(["service_card"])]);
  return { page, services: cardsWithBlocks(page.services.items, blocks.service_card, { replaceByLink: true }) };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, { ...loaderData?.page.seo, path: "/services" });

export default function Services() {
  const { page, services } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero hero={page.hero} />
      <PageSection title={page.services.title} intro={page.services.intro}>
        <CardsWithBlocks items={services} />
      </PageSection>
      <PageSection title={page.video.title} tone="muted">
        {/* The spec keeps this a placeholder until the video exists: a frame, not a player. */}
        <div className="flex aspect-video max-w-4xl flex-col items-center justify-center gap-4 rounded-lg border-2 border-dashed bg-card p-8 text-center">
          <Icon name="play-circle" className="size-16 text-muted-foreground" />
          <p className="max-w-xl text-muted-foreground">{page.video.description}</p>
        </div>
      </PageSection>
      <PageSection title={page.process.title} intro={page.process.intro}>
        <Steps steps={page.process.items} />
      </PageSection>
      <PageSection title={page.industries.title} intro={page.industries.intro} tone="muted">
        <CardGrid cards={page.industries.items} />
      </PageSection>
      <CallToActionBand cta={page.closing} />
    </>
  );
}
