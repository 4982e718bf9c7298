/**
 * The training curriculum PDF behind /training's "Download Curriculum" button: the current
 * catalogue (the same courses the page shows, including the built-in six when the database has
 * none or cannot be read), each course with its level, duration, price, instructor and every
 * topic it covers, rendered on the server with the site's own PDF writer.
 */
import { TRAINING_PAGE } from "../../content/training";
import { formatPrice } from "../../lib/commerce/currency";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import { slugify } from "../../lib/text/slug";
import { courseSaving, formatRating, studentCountLabel } from "../../lib/commerce/training";
import type { CourseSummary } from "../../lib/commerce/training";
import { fillCompanyDetails } from "../content/marketing.server";
import { renderPdf, type DocumentOutline, type OutlineSection } from "../platform/pdf.server";

export type Settings = Readonly<Record<string, string>>;

export interface CurriculumOptions {
  /** The site's public address: the document links back to /training and /contact. */
  publicUrl?: string;
  /** The publication date printed under the title (today by default). */
  date?: Date;
  /** Compress the page streams (default); tests turn it off to read the text back. */
  compress?: boolean;
}

const link = (path: string, publicUrl: string | undefined) => (publicUrl ? new URL(path, publicUrl).href : undefined);

/**
 * One course: its name, description, instructor and facts, then its level, duration and price as
 * figures (the PDF writer draws figures after the text), then every topic under a heading of its own.
 */
function courseSections(course: CourseSummary): OutlineSection[] {
  const saving = courseSaving(course.price, course.originalPrice);
  const priceLabel =
    saving !== null && course.originalPrice !== null
      ? `Price per delegate (was ${formatPrice(course.originalPrice, "GBP")}, save ${formatPrice(saving, "GBP")})`
      : "Price per delegate";
  const facts = [
    course.lastUpdated ? `Last updated ${course.lastUpdated}` : undefined,
    course.rating !== null ? `Rated ${formatRating(course.rating)} out of 5` : undefined,
    course.students > 0 ? `${studentCountLabel(course.students)} trained so far` : undefined,
  ].filter((fact): fact is string => Boolean(fact));
  const details = [
    ...(course.instructor ? [`Instructor: ${course.instructor}`] : []),
    ...(facts.length > 0 ? [facts.join(" | ")] : []),
  ];
  return [
    {
      heading: course.name,
      paragraphs: [course.description, ...details],
      metrics: [
        { value: course.level, label: "Level" },
        { value: course.duration, label: "Duration" },
        { value: formatPrice(course.price, "GBP"), label: priceLabel },
      ],
    },
    ...(course.features.length > 0
      ? [{ heading: "What you will learn", level: 2 as const, bullets: [...course.features] }]
      : []),
  ];
}

/** The document: an introduction, a course overview, each course in the page's order, and how to book. */
export function curriculumOutline(
  courses: readonly CourseSummary[],
  settings: Settings,
  options: Pick<CurriculumOptions, "publicUrl"> = {},
): DocumentOutline {
  const copy = fillCompanyDetails(TRAINING_PAGE.curriculumDocument, settings);
  const identity = siteIdentityFromSettings(settings);
  const trainingUrl = link("/training", options.publicUrl);
  const contactUrl = link("/contact", options.publicUrl);
  const contact = [
    trainingUrl ? `Courses and booking: ${trainingUrl}` : undefined,
    identity.email ? `E-mail: ${identity.email}` : undefined,
    identity.phone ? `Telephone: ${identity.phone}` : undefined,
    contactUrl ? `Contact form: ${contactUrl}` : undefined,
  ].filter((line): line is string => Boolean(line));
  return {
    title: copy.title,
    subtitle: `${courses.length} ${courses.length === 1 ? "course" : "courses"} from ${identity.companyName}`,
    sections: [
      {
        heading: "Introduction",
        paragraphs: [copy.intro],
        bullets: courses.map((course) => `${course.name}: ${course.level}, ${course.duration}`),
      },
      ...courses.flatMap(courseSections),
      { heading: "How to book", paragraphs: [copy.booking], bullets: contact.length > 0 ? contact : undefined },
    ],
  };
}

/** "acme-digital-training-curriculum.pdf": the company's name, so a saved file says whose it is. */
export function curriculumFilename(settings: Settings): string {
  const company = slugify(siteIdentityFromSettings(settings).companyName);
  return company ? `${company}-training-curriculum.pdf` : "training-curriculum.pdf";
}

export interface CurriculumPdf {
  filename: string;
  pdf: Buffer;
}

export async function buildCurriculumPdf(
  courses: readonly CourseSummary[],
  settings: Settings,
  options: CurriculumOptions = {},
): Promise<CurriculumPdf> {
  const pdf = await renderPdf(curriculumOutline(courses, settings, options), {
    companyName: siteIdentityFromSettings(settings).companyName,
    sourceUrl: link("/training", options.publicUrl),
    date: options.date,
    compress: options.compress,
  });
  return { filename: curriculumFilename(settings), pdf };
}

/**
 * The last document built, reused while the catalogue and the settings are the very same objects
 * (both are cached until the CMS changes them) and the printed date is still today: a burst of
 * downloads then costs one render, not one each. A failed render is not kept.
 */
let lastBuilt:
  { courses: readonly CourseSummary[]; settings: Settings; key: string; result: Promise<CurriculumPdf> } | undefined;

export function getCurriculumPdf(
  courses: readonly CourseSummary[],
  settings: Settings,
  options: Pick<CurriculumOptions, "publicUrl"> & { now?: Date } = {},
): Promise<CurriculumPdf> {
  const now = options.now ?? new Date();
  const key = `${now.toISOString().slice(0, 10)} ${options.publicUrl ?? ""}`;
  if (lastBuilt && lastBuilt.courses === courses && lastBuilt.settings === settings && lastBuilt.key === key) {
    return lastBuilt.result;
  }
  const result = buildCurriculumPdf(courses, settings, { publicUrl: options.publicUrl, date: now });
  const entry = { courses, settings, key, result };
  lastBuilt = entry;
  result.catch(() => {
    if (lastBuilt === entry) lastBuilt = undefined;
  });
  return result;
}
