import { useId } from "react";
import { Link, useLoaderData } from "react-router";
import { Breadcrumbs } from "~/components/marketing/breadcrumbs";
import { CallToActionBand } from "~/components/marketing/call-to-action";
import { MarketingIcon } from "~/components/marketing/marketing-icon";
import { PageHero } from "~/components/marketing/page-hero";
import { PageSection } from "~/components/marketing/page-section";
import { CourseCard } from "~/components/training/course-card";
import { TrainingHeroImage } from "~/components/training/hero-image";
import { buttonVariants } from "~/components/ui/button";
import { TRAINING_PAGE, TRAINING_PAGE_SLUG, type TrainingPage } from "~/content/training";
import { cx } from "~/lib/class-names";
import { SITE_LOCALE } from "~/lib/site/site-locale";
import { imagePath } from "~/lib/site/images";
import { publicPageMeta } from "~/lib/seo/meta";
import { siteIdentityFromSettings } from "~/lib/site/site-identity";
import { courseListJsonLd } from "~/lib/commerce/course-structured-data";
import { breadcrumbListJsonLd, type BreadcrumbEntry } from "~/lib/seo/structured-data";
import { getCatalogue } from "~/server/commerce/courses.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { withCompanyDetails } from "~/server/content/marketing.server";
import { getPageContent, toPageContentView } from "~/server/content/page-content.server";
import { getPublicSettings } from "~/server/content/site-settings.server";
import { publicDescriptionHtml } from "~/server/publishing/public-description.server";
import type { Route } from "./+types/training";
import { Icon } from "~/components/ui/icon";

const PAGE_PATH = "/training";
/** The curriculum PDF, served by routes/api/curriculum.ts. */
const CURRICULUM_PATH = "/training/curriculum.pdf";

/**
 * /training (SPEC.md "Training"): the page content record "professional-training" (its title,
 * excerpt, HTML body and featured image; the page's own default copy when it is missing or cannot
 * be read), a two-column pitch, the Featured Training Courses (the active courses by name; the
 * built-in six when there are none or the query fails) and a band offering the curriculum PDF.
 * Everything is rendered on the server, so the spec's "Loading content..." spinner never shows.
 */
export async function loader(_: Route.LoaderArgs) {
  const [page, settings, content, catalogue] = await Promise.all([
    withCompanyDetails(TRAINING_PAGE),
    getPublicSettings(getDb),
    // The raw default, not the filled copy: the body's placeholders are filled as HTML-escaped text.
    getPageContent(getDb, TRAINING_PAGE_SLUG, TRAINING_PAGE.defaultRecord),
    getCatalogue(getDb),
  ]);
  // The default record and the PDF's words are not needed in the browser.
  const { defaultRecord: _defaultRecord, curriculumDocument: _curriculumDocument, ...copy } = page;
  const record = toPageContentView(content.record, settings);
  return {
    page: copy,
    record,
    contentSource: content.source,
    // A card shows the editor's formatting when there is some; the JSON-LD keeps the text.
    courses: catalogue.courses.map((course) => ({
      ...course,
      descriptionHtml: publicDescriptionHtml(course.descriptionHtml, settings),
    })),
    coursesSource: catalogue.source,
    // Built here rather than in `meta`, so the builders stay out of the browser's bundle.
    courseList: courseListJsonLd(
      catalogue.courses,
      {
        path: PAGE_PATH,
        courseMode: copy.courses.courseMode,
        // The picture the page shows: the record's featured image, or the training artwork.
        imagePath: record.featuredImageUrl ?? imagePath("showcase-training", 960, "webp"),
        inLanguage: SITE_LOCALE,
      },
      { name: siteIdentityFromSettings(settings).companyName },
      getEnv().publicUrl,
    ),
    breadcrumbList: breadcrumbListJsonLd(breadcrumbTrail(record.title || copy.seo.title), getEnv().publicUrl),
  };
}

function breadcrumbTrail(title: string): BreadcrumbEntry[] {
  return [
    { label: "Home", href: "/" },
    { label: title, href: PAGE_PATH },
  ];
}

export const meta: Route.MetaFunction = ({ data: loaderData, matches }) => {
  if (!loaderData) return publicPageMeta(matches, { ...TRAINING_PAGE.seo, path: PAGE_PATH });
  const { page, record, courseList, breadcrumbList } = loaderData;
  return publicPageMeta(matches, {
    title: record.title || page.seo.title,
    description: record.excerpt ?? page.seo.description,
    path: PAGE_PATH,
    jsonLd: [courseList, breadcrumbList],
  });
};

export default function Training() {
  const { page, record, courses } = useLoaderData<typeof loader>();
  const title = record.title || page.seo.title;
  return (
    <>
      <PageHero
        hero={{ eyebrow: page.eyebrow, title, lead: record.excerpt ?? page.seo.description }}
        above={<Breadcrumbs trail={breadcrumbTrail(title)} />}
        aside={
          <TrainingHeroImage
            key={record.featuredImageUrl ?? "artwork"}
            src={record.featuredImageUrl}
            fallbackAlt={page.heroImageAlt}
          />
        }
      />
      <PageSection title={page.pitch.title}>
        <div className={record.html ? "grid gap-10 lg:grid-cols-[3fr_2fr]" : undefined}>
          {record.html ? (
            <div
              data-testid="training-pitch"
              className="space-y-4 text-lg leading-8 [&_a]:font-medium [&_a]:text-primary [&_a]:underline [&_a]:underline-offset-4 [&_h2]:text-2xl [&_h2]:font-semibold [&_h3]:text-xl [&_h3]:font-semibold [&_img]:h-auto [&_img]:max-w-full [&_li]:mt-1 [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
              // Placeholders filled as escaped text and sanitised on the server (toPageContentView).
              dangerouslySetInnerHTML={{ __html: record.html }}
            />
          ) : null}
          <WhyTrainWithUs why={page.pitch.why} />
        </div>
      </PageSection>
      <FeaturedCourses section={page.courses} courses={courses} />
      <CurriculumBand curriculum={page.curriculum} />
    </>
  );
}

function WhyTrainWithUs({ why }: { why: TrainingPage["pitch"]["why"] }) {
  const headingId = useId();
  return (
    <aside aria-labelledby={headingId} className="rounded-lg border bg-card p-6 text-card-foreground shadow-sm">
      <h3 id={headingId} className="text-xl font-semibold">
        {why.title}
      </h3>
      <ul className="mt-6 space-y-5">
        {why.items.map((item) => (
          <li key={item.title} className="flex gap-4">
            {item.icon ? (
              <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <MarketingIcon name={item.icon} className="size-5" />
              </span>
            ) : null}
            <div>
              <h4 className="font-semibold">{item.title}</h4>
              <p className="mt-1 text-sm leading-6 text-muted-foreground">{item.description}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}

type LoadedCourses = Awaited<ReturnType<typeof loader>>["courses"];

function FeaturedCourses({ section, courses }: { section: TrainingPage["courses"]; courses: LoadedCourses }) {
  return (
    <section id="courses" aria-labelledby="courses-heading" className="scroll-mt-20 bg-muted/50">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <h2 id="courses-heading" className="text-3xl font-bold tracking-tight">
            {section.title}
          </h2>
          <p className="mt-4 text-lg text-muted-foreground">{section.intro}</p>
        </div>
        <ul className="mt-10 grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {courses.map((course) => (
            <li key={course.id}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The call-to-action band. SPEC.md's Download Curriculum button has no action; ours is a plain
 * link to the PDF the server builds from the catalogue (a real file download, no JavaScript).
 */
/**
 * The large button's height and padding with the small text these two links have always shown (they
 * took the button's classes unmerged, and text-sm came after the large size's text-base in the
 * stylesheet).
 */
const CURRICULUM_LINK_SIZE = "h-11 px-6 text-sm";

function CurriculumBand({ curriculum }: { curriculum: TrainingPage["curriculum"] }) {
  return (
    <CallToActionBand cta={curriculum}>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a
          href={CURRICULUM_PATH}
          download
          className={cx(buttonVariants({ variant: "secondary", size: null }), CURRICULUM_LINK_SIZE)}
        >
          <Icon name="download" />
          {curriculum.downloadLabel}
          <span className="sr-only"> (PDF)</span>
        </a>
        <Link
          to={curriculum.contact.href}
          prefetch="intent"
          className={cx(buttonVariants({ variant: "outline", size: null }), CURRICULUM_LINK_SIZE)}
        >
          {curriculum.contact.label}
        </Link>
      </div>
    </CallToActionBand>
  );
}
