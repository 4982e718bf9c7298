import { useLoaderData } from "react-router";
import { CallToActionBand } from "~/components/marketing/call-to-action";
import { CardGrid } from "~/components/marketing/card-grid";
import { Metrics } from "~/components/marketing/metrics";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { ABOUT_PAGE } from "~/content/about";
import { publicPageMeta } from "~/lib/seo/meta";
import { StaticHtmlView } from "~/components/site/static-html";
import { withCompanyDetails } from "~/server/content/marketing.server";
import { loadPageBlocks } from "~/server/content/page-blocks.server";
import type { Route } from "./+types/about";
import { teamHtml } from "./block-html.server";

/**
 * About (SPEC.md "About"): intro, Our Story, three values, the three-pillar approach, the team
 * member blocks as Leadership (lib/blocks/block-placements.ts), Join Our Team.
 */
export async function loader(_: Route.LoaderArgs) {
  const [page, blocks] = await Promise.all([withCompanyDetails(ABOUT_PAGE), loadPageBlocks(["team_member"])]);
  return { page, team: teamHtml(blocks.team_member) };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, { ...loaderData?.page.seo, path: "/about" });

export default function About() {
  const { page, team } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero hero={page.hero} />
      <PageSection title={page.story.title}>
        <div className="grid gap-10 lg:grid-cols-2">
          <div className="space-y-4 text-lg leading-8">
            {page.story.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <Metrics metrics={page.story.facts} columns={2} className="content-start" />
        </div>
      </PageSection>
      <PageSection title={page.values.title} intro={page.values.intro} tone="muted">
        <CardGrid cards={page.values.items} />
      </PageSection>
      <PageSection title={page.approach.title} intro={page.approach.intro}>
        <CardGrid cards={page.approach.items} />
      </PageSection>
      {team ? <StaticHtmlView part={team} /> : null}
      <CallToActionBand cta={page.joinTeam} />
    </>
  );
}
