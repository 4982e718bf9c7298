import { useLoaderData } from "react-router";
import { Artwork } from "~/components/marketing/artwork";
import { CallToActionBand } from "~/components/marketing/call-to-action";
import { HeroText } from "~/components/marketing/page-hero";
import { PageActions } from "~/components/marketing/page-actions";
import { PageSection } from "~/components/marketing/page-section";
import { CardsWithBlocks } from "~/components/site/blocks/cards-with-blocks";
import { StaticHtmlView } from "~/components/site/static-html";
import { Carousel } from "~/components/ui/carousel";
import { HOME_PAGE } from "~/content/home";
import type { HomePage } from "~/content/types";
import type { StaticHtml } from "~/lib/browser/static-html";
import { publicPageMeta } from "~/lib/seo/meta";
import { organizationJsonLd } from "~/lib/seo/structured-data";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import { withCompanyDetails } from "~/server/content/marketing.server";
import { structuredDataSite } from "~/server/content/structured-data-site.server";
import type { Route } from "./+types/home";
import { blockHtml, cardsWithBlocks, testimonialsHtml } from "./block-html.server";
import { Icon } from "~/components/ui/icon";

/** SPEC.md "Home": hero carousel every 3 s, "Our Services in Action" every 4 s. */
const HERO_AUTOPLAY_MS = 3000;
const SHOWCASE_AUTOPLAY_MS = 4000;

/**
 * The page's copy and its content blocks (lib/blocks/block-placements.ts): the first active hero,
 * service cards, features for Why Choose Us and testimonials, drawn on the server as markup. The
 * page renders without them when the database fails.
 */
export async function loader(_: Route.LoaderArgs) {
  const [page, blocks, { publicUrl, identity }] = await Promise.all([
    withCompanyDetails(HOME_PAGE),
    loadPageBlocks(["hero", "service_card", "feature", "testimonial"]),
    structuredDataSite(),
  ]);
  const hero = blocks.hero[0];
  return {
    page,
    heroBlock: hero ? blockHtml(hero) : null,
    services: cardsWithBlocks(page.services.items, blocks.service_card, { replaceByLink: true }),
    whyChooseUs: cardsWithBlocks(page.whyChooseUs.items, blocks.feature),
    testimonials: testimonialsHtml(blocks.testimonial),
    // Built here rather than in `meta`, so the builders stay out of the browser's bundle.
    jsonLd: [organizationJsonLd(identity, publicUrl, "/favicon.svg")],
  };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  // The home page's title and description are the site's own (site_title, site_description).
  publicPageMeta(matches, { path: "/", jsonLd: loaderData?.jsonLd });

export default function Home() {
  const { page, heroBlock, services, whyChooseUs, testimonials } = useLoaderData<typeof loader>();
  return (
    <>
      <Hero hero={page.hero} heroBlock={heroBlock} />
      <PageSection title={page.showcase.title} intro={page.showcase.intro}>
        <Carousel
          label="Services slideshow"
          autoplayMs={SHOWCASE_AUTOPLAY_MS}
          slidesPerView="responsive"
          slides={page.showcase.items.map((slide) => ({
            key: slide.image,
            content: (
              <figure className="h-full overflow-hidden rounded-lg border bg-card text-card-foreground">
                <Artwork
                  name={slide.image}
                  alt={slide.alt}
                  sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
                  className="aspect-[4/3] w-full object-cover"
                />
                <figcaption className="p-4 text-sm leading-6">{slide.caption}</figcaption>
              </figure>
            ),
          }))}
        />
      </PageSection>
      <PageSection title={page.services.title} intro={page.services.intro} tone="muted">
        <CardsWithBlocks items={services} columns={4} />
      </PageSection>
      <PageSection title={page.whyChooseUs.title} intro={page.whyChooseUs.intro}>
        <CardsWithBlocks items={whyChooseUs} />
      </PageSection>
      <TrainingHub hub={page.trainingHub} />
      {testimonials ? <StaticHtmlView part={testimonials} /> : null}
      <CallToActionBand cta={page.closing} />
    </>
  );
}

/** The page's hero; an active hero block, when there is one, takes over its words and buttons. */
function Hero({ hero, heroBlock }: { hero: HomePage["hero"]; heroBlock: StaticHtml | null }) {
  return (
    <div className="border-b bg-gradient-to-b from-accent to-background">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 lg:grid-cols-2 lg:px-8">
        {heroBlock ? <StaticHtmlView part={heroBlock} /> : <HeroText hero={hero} />}
        <Carousel
          label="Highlights slideshow"
          autoplayMs={HERO_AUTOPLAY_MS}
          slides={hero.slides.map((slide, index) => ({
            key: slide.image,
            content: (
              <Artwork
                name={slide.image}
                alt={slide.alt}
                // Only the first picture is the page's largest paint; the second waits its turn.
                priority={index === 0}
                sizes="(min-width: 1280px) 600px, (min-width: 1024px) 50vw, 100vw"
                className="aspect-[3/2] w-full rounded-lg object-cover"
              />
            ),
          }))}
        />
      </div>
    </div>
  );
}

function TrainingHub({ hub }: { hub: HomePage["trainingHub"] }) {
  return (
    <PageSection title={hub.title} tone="muted">
      <div className="grid gap-10 lg:grid-cols-2">
        <div>
          <p className="text-lg leading-8">{hub.text}</p>
          <PageActions actions={hub.actions} className="mt-8" />
        </div>
        <ul className="space-y-3">
          {hub.points.map((point) => (
            <li key={point} className="flex gap-3">
              <Icon name="check" className="mt-1 size-5 shrink-0 text-primary" />
              <span className="leading-7">{point}</span>
            </li>
          ))}
        </ul>
      </div>
    </PageSection>
  );
}
