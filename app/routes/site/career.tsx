import { data, Link, redirect, useLoaderData } from "react-router";
import { Breadcrumbs } from "~/components/marketing/breadcrumbs";
import { JobDescription } from "~/components/site/job-description";
import { JobTags } from "~/components/site/job-tags";
import { Button } from "~/components/ui/button";
import { applyPath, careerIdPrefix, careerPath } from "~/lib/site/careers";
import { pageMeta, publicPageMeta } from "~/lib/seo/meta";
import { breadcrumbListJsonLd, jobPostingJsonLd } from "~/lib/seo/structured-data";
import { findActiveCareer } from "~/server/careers/careers.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { getDb } from "~/server/platform/db/database.server";
import { publicDescriptionHtml } from "~/server/publishing/public-description.server";
import { structuredDataSite } from "~/server/content/structured-data-site.server";
import type { Route } from "./+types/career";
import NotFound from "./not-found";
import { GeneralErrorBoundary } from "~/components/ui/general-error-boundary";
import { formatDate } from "~/lib/text/format";
import { Icon } from "~/components/ui/icon";

/**
 * One job opening, /careers/<title>-<id prefix>, with JobPosting structured data for Google for
 * Jobs. An inactive or unknown opening is a 404; an address with an old title redirects to the
 * current one.
 */
/** How far ahead an open opening's `validThrough` lies (Google for Jobs' JobPosting). */
const VALID_FOR_DAYS = 30;

export async function loader({ params }: Route.LoaderArgs) {
  const idPrefix = careerIdPrefix(params.job);
  const [career, settings, { publicUrl, identity }] = await Promise.all([
    idPrefix ? findActiveCareer(getDb, idPrefix) : undefined,
    getPublicSettings(getDb),
    structuredDataSite(),
  ]);
  if (!career) throw data(null, { status: 404 });
  const path = careerPath(career);
  if (path !== `/careers/${params.job}`) throw redirect(path, 301);
  const { id, title, department, type, experience, location, description, requirements, createdAt } = career;
  // The editor's formatting when there is some; JobPosting and the meta description keep the text.
  const descriptionHtml = publicDescriptionHtml(career.descriptionHtml, settings);
  const job = { id, title, department, type, experience, location, description, descriptionHtml, requirements, path };
  const datePosted = createdAt.toISOString().slice(0, 10);
  // An opening has no closing date: it is open while its page answers, so it is always said to be
  // valid for the next 30 days; once deactivated, its page is a 404 and search engines drop it.
  const validThrough = new Date(Date.now() + VALID_FOR_DAYS * 86_400_000).toISOString();
  return {
    job,
    datePosted,
    // Written on the server, like every date a public page shows (docs/decisions/033).
    datePostedText: formatDate(datePosted, "long"),
    validThrough,
    // Built here rather than in `meta`, so the builders stay out of the browser's bundle.
    jsonLd: [
      jobPostingJsonLd(
        { ...job, datePosted, validThrough },
        { name: identity.companyName, logoPath: "/favicon.svg" },
        publicUrl,
      ),
      breadcrumbListJsonLd(trailOf(job), publicUrl),
    ],
  };
}

const trailOf = (job: { title: string; path: string }) => [
  { label: "Home", href: "/" },
  { label: "Careers", href: "/careers" },
  { label: job.title, href: job.path },
];

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return [...pageMeta({ title: "Page not found" }), { name: "robots", content: "noindex" }];
  const { job, jsonLd } = loaderData;
  return publicPageMeta(matches, {
    title: `${job.title} (${job.type}, ${job.location})`,
    description: job.description.slice(0, 160),
    path: job.path,
    jsonLd,
  });
};

export default function CareerRoute() {
  const { job, datePosted, datePostedText } = useLoaderData<typeof loader>();
  return (
    <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
      <Breadcrumbs trail={trailOf(job)} />
      <JobTags job={job} className="mt-8" />
      <h1 className="mt-4 text-4xl font-bold tracking-tight">{job.title}</h1>
      <p className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-1 text-muted-foreground">
        {job.location ? (
          <span className="flex items-center gap-2">
            <Icon name="map-pin" className="size-4" />
            {job.location}
          </span>
        ) : null}
        <span>
          Posted <time dateTime={datePosted}>{datePostedText}</time>
        </span>
      </p>
      <JobDescription text={job.description} html={job.descriptionHtml} className="mt-8 text-lg leading-8" />
      {job.requirements.length > 0 ? (
        <section aria-labelledby="requirements-heading" className="mt-10">
          <h2 id="requirements-heading" className="text-2xl font-semibold">
            Requirements
          </h2>
          <ul className="mt-4 list-disc space-y-2 pl-6 leading-7">
            {job.requirements.map((requirement) => (
              <li key={requirement}>{requirement}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <div className="mt-10 flex flex-wrap gap-3">
        <Button asChild size="lg">
          <Link to={applyPath(job.title)}>
            <Icon name="briefcase" />
            Apply Now
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to="/careers#openings">See all open positions</Link>
        </Button>
      </div>
    </article>
  );
}

/** A closed or unknown opening is the site's not-found page; a failure to read it, a short apology. */
export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      byStatus={{ 404: () => <NotFound /> }}
      otherwise={{
        title: "This job opening could not be loaded",
        message: "Please try again in a few minutes.",
        link: { to: "/careers", label: "See all open positions" },
      }}
    />
  );
}
