import { Link, useLoaderData } from "react-router";
import { CallToActionBand } from "~/components/marketing/call-to-action";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { Steps } from "~/components/marketing/steps";
import { JobDescription } from "~/components/site/job-description";
import { JobTags } from "~/components/site/job-tags";
import { Button } from "~/components/ui/button";
import { CAREERS_PAGE } from "~/content/careers";
import { applyPath, careerPath } from "~/lib/site/careers";
import { publicPageMeta } from "~/lib/seo/meta";
import { getActiveCareers, type Career } from "~/server/careers/careers.server";
import { getPublicSettings, type SettingsMap } from "~/server/content/site-settings.server";
import { getDb } from "~/server/platform/db/database.server";
import { publicDescriptionHtml } from "~/server/publishing/public-description.server";
import { logger } from "~/server/platform/logger.server";
import { withCompanyDetails } from "~/server/content/marketing.server";
import type { Route } from "./+types/careers";
import { Icon } from "~/components/ui/icon";

/**
 * /careers (SPEC.md "Careers"): the active openings, newest first, each with Apply Now; the
 * hiring process and Send Your CV. When the openings cannot be read, the page says so and still
 * offers Send Your CV.
 */
export async function loader(_: Route.LoaderArgs) {
  const [page, openings] = await Promise.all([withCompanyDetails(CAREERS_PAGE), loadOpenings()]);
  return { page, ...openings };
}

async function loadOpenings() {
  try {
    const [careers, settings] = await Promise.all([getActiveCareers(getDb), getPublicSettings(getDb)]);
    return { openings: careers.map((career) => toOpening(career, settings)), failed: false };
  } catch (error) {
    logger.error({ err: error }, "could not load the job openings");
    return { openings: [], failed: true };
  }
}

function toOpening(career: Career, settings: SettingsMap) {
  const { id, title, department, type, experience, location, description, requirements } = career;
  const descriptionHtml = publicDescriptionHtml(career.descriptionHtml, settings);
  const path = careerPath(career);
  return { id, title, department, type, experience, location, description, descriptionHtml, requirements, path };
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) =>
  publicPageMeta(matches, { ...loaderData?.page.seo, path: "/careers" });

export default function Careers() {
  const { page, openings, failed } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHero hero={page.hero} />
      <section id="openings" aria-labelledby="openings-heading" className="scroll-mt-20">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <h2 id="openings-heading" className="text-3xl font-bold tracking-tight">
            {page.openings.title}
          </h2>
          <p className="mt-4 max-w-3xl text-lg text-muted-foreground">
            {openings.length > 0 ? page.openings.intro : page.openings.introWhenEmpty}
          </p>
          {openings.length === 0 ? (
            <p className="mt-10 rounded-lg border bg-card p-8 text-center text-muted-foreground">
              {failed ? "Failed to fetch job openings" : page.openings.empty}
            </p>
          ) : (
            <ul className="mt-10 grid gap-6 lg:grid-cols-2">
              {openings.map((opening) => (
                <li key={opening.id}>
                  <OpeningCard opening={opening} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
      <PageSection title={page.hiringProcess.title} intro={page.hiringProcess.intro} tone="muted">
        <Steps steps={page.hiringProcess.items} />
      </PageSection>
      <CallToActionBand cta={page.sendCv} />
    </>
  );
}

type Opening = ReturnType<typeof toOpening>;

function OpeningCard({ opening }: { opening: Opening }) {
  return (
    <article className="flex h-full flex-col rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <JobTags job={opening} />
      <h3 className="mt-4 text-xl font-semibold">
        <Link to={opening.path} className="underline-offset-4 hover:underline">
          {opening.title}
        </Link>
      </h3>
      {opening.location ? (
        <p className="mt-2 flex items-center gap-2 text-sm text-muted-foreground">
          <Icon name="map-pin" className="size-4" />
          {opening.location}
        </p>
      ) : null}
      <JobDescription text={opening.description} html={opening.descriptionHtml} className="mt-4 leading-7" />
      {opening.requirements.length > 0 ? (
        <>
          <h4 className="mt-4 font-medium">Requirements</h4>
          <ul className="mt-2 list-disc space-y-1 pl-6 text-sm leading-6">
            {opening.requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-auto flex flex-wrap gap-3 pt-6">
        <Button asChild>
          {/* Named with the job, as every card has an Apply Now; the name starts with the visible text. */}
          <Link to={applyPath(opening.title)} aria-label={`Apply Now: ${opening.title}`}>
            <Icon name="briefcase" />
            Apply Now
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to={opening.path} aria-label={`Role details: ${opening.title}`}>
            <Icon name="clock" />
            Role details
          </Link>
        </Button>
      </div>
    </article>
  );
}
