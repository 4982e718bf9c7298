/**
 * What the site assistant may know: the passages of everything the site publishes, each with the
 * address of the page that shows it. The marketing pages' copy, published CMS content, the
 * training page's record, active courses with their prices, active job openings, and the public
 * contact details and business hours. Drafts, archived content, inactive courses and jobs, private
 * settings and anything visitors sent are never read here.
 */
import { and, asc, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { content } from "../../db/schema";
import { ABOUT_PAGE } from "../../content/about";
import { CAREERS_PAGE } from "../../content/careers";
import { CONTACT_PAGE } from "../../content/contact";
import { HOME_PAGE } from "../../content/home";
import { LEGAL_PAGES } from "../../content/legal";
import { FAMILY_PAGES } from "../../content/pages";
import { PRODUCT_DEVELOPMENT_PAGE } from "../../content/product-development";
import { SERVICES_PAGE } from "../../content/services";
import { TRAINING_PAGE, TRAINING_PAGE_SLUG } from "../../content/training";
import { careerPath } from "../../lib/site/careers";
import { formatPrice, ratesFromSettings } from "../../lib/commerce/currency";
import { applyPlaceholders } from "../../lib/site/placeholders";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import { courseAnchor, type CourseSummary } from "../../lib/commerce/training";
import { listActiveCareers, type Career } from "../careers/careers.server";
import type { Catalogue } from "../commerce/courses.server";
import type { Database } from "../platform/db/db.server";
import { fillCompanyDetails } from "../content/marketing.server";
import { findPageContent } from "../content/page-content.server";
import type { SettingsMap } from "../content/site-settings.server";
import { htmlToText, joinAsProse } from "./language.server";
import { contactDetailsFromSettings } from "../../lib/contact/contact-details";

export type PassageKind = "page" | "content" | "course" | "job" | "contact" | "hours";

export interface Passage {
  /** Unique within one index. */
  id: string;
  kind: PassageKind;
  /** The page that shows the passage: a path of this site, possibly with a #fragment. */
  url: string;
  /** The page's title, e.g. "AI Solutions". */
  pageTitle: string;
  /** The passage's own heading: a section, a question, a course or a job title. */
  heading: string;
  text: string;
  /**
   * The items of the list the passage introduces ("What We Offer": the six services), each with
   * the page it links to, if any. A list's items are passages of their own too; kept here as well
   * so that "what do you offer" is answered with the list, not only its first sentence.
   */
  items?: { title: string; url?: string }[];
}

/** Everything the assistant answers from, and the structured records its lists are made of. */
export interface SiteKnowledge {
  passages: Passage[];
  companyName: string;
  courses: CourseSummary[];
  careers: Career[];
  contact: { emails: string[]; phones: string[]; offices: string[]; hours: string[] };
  /** The exchange rates the basket and the checkout use (units per pound), from the site settings. */
  rates: Record<string, number>;
}

/** Keys of the typed copy that hold no prose: addresses, icons, images, buttons, the form's labels. */
const NON_PROSE_KEYS = new Set([
  "path",
  "aliases",
  "parent",
  "seo",
  "icon",
  "image",
  "href",
  "kind",
  "document",
  "alt",
  "published",
  "complete",
  "actions",
  "linkLabel",
  "form",
  "details",
  "slug",
  "lastUpdated",
  "video",
  // The training page's default record: its text is indexed once, as the record (trainingRecordPassages).
  "defaultRecord",
  "heroImageAlt",
]);
const HEADING_KEYS = ["title", "question", "heading", "name"] as const;

type Copy = Record<string, unknown>;

/** The strings directly inside a value (a string, or a list of strings or of rows of strings). */
function directText(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap((item) => (typeof item === "string" ? [item] : directText(item)));
  return [];
}

/**
 * Walks one page's typed copy. Every object with a heading (a section, a card, a question) gives
 * a passage of its own prose under that heading; prose without a heading joins its parent's.
 */
function passagesOfCopy(url: string, pageTitle: string, copy: Copy, kind: PassageKind = "page"): Passage[] {
  const byHeading = new Map<string, string[]>();
  const itemsByHeading = new Map<string, NonNullable<Passage["items"]>>();
  const add = (heading: string, pieces: string[]) => {
    if (pieces.length === 0) return;
    byHeading.set(heading, [...(byHeading.get(heading) ?? []), ...pieces]);
  };
  const headingOf = (object: Copy) => {
    const key = HEADING_KEYS.find((name) => typeof object[name] === "string");
    return key ? (object[key] as string) : undefined;
  };
  const walk = (node: unknown, context: string): void => {
    if (Array.isArray(node)) {
      for (const item of node) if (item !== null && typeof item === "object") walk(item, context);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const object = node as Copy;
    const headingKey = HEADING_KEYS.find((key) => typeof object[key] === "string");
    const heading = headingKey ? (object[headingKey] as string) : context;
    const pieces: string[] = [];
    for (const [key, value] of Object.entries(object)) {
      if (NON_PROSE_KEYS.has(key) || key === headingKey) continue;
      pieces.push(...directText(value));
      if (value !== null && typeof value === "object") walk(value, heading);
      // A list of headed items (cards, services, use cases): the section keeps their titles.
      if (headingKey && Array.isArray(value)) {
        const items = value.flatMap((item) => {
          if (item === null || typeof item !== "object" || Array.isArray(item)) return [];
          const title = headingOf(item as Copy);
          const href = (item as Copy).href;
          return title ? [{ title, url: typeof href === "string" && href.startsWith("/") ? href : undefined }] : [];
        });
        if (items.length >= 2) itemsByHeading.set(heading, [...(itemsByHeading.get(heading) ?? []), ...items]);
      }
    }
    add(heading, pieces);
  };
  const seo = copy.seo as { title?: string; description?: string } | undefined;
  add(pageTitle, seo?.description ? [seo.description] : []);
  walk(copy, pageTitle);
  return [...byHeading].map(([heading, pieces], index) => {
    const items = itemsByHeading.get(heading);
    return {
      id: `${url}#${index}`,
      kind,
      url,
      pageTitle,
      heading,
      text: joinAsProse(pieces),
      ...(items ? { items } : {}),
    };
  });
}

/** The marketing pages, by address, with their titles. */
function marketingPages(): { url: string; title: string; copy: Copy }[] {
  const single = [
    { url: "/", title: "Home", copy: HOME_PAGE },
    { url: "/about", title: ABOUT_PAGE.seo.title, copy: ABOUT_PAGE },
    { url: "/services", title: SERVICES_PAGE.seo.title, copy: SERVICES_PAGE },
    { url: "/product-development", title: PRODUCT_DEVELOPMENT_PAGE.seo.title, copy: PRODUCT_DEVELOPMENT_PAGE },
    { url: "/contact", title: CONTACT_PAGE.seo.title, copy: CONTACT_PAGE },
    { url: "/careers", title: CAREERS_PAGE.seo.title, copy: CAREERS_PAGE },
    { url: "/training", title: TRAINING_PAGE.seo.title, copy: TRAINING_PAGE },
  ];
  const families = FAMILY_PAGES.map(({ page }) => ({ url: page.path, title: page.seo.title, copy: page }));
  const legal = Object.values(LEGAL_PAGES).map((page) => ({ url: `/${page.slug}`, title: page.title, copy: page }));
  return [...single, ...families, ...legal].map((page) => ({ ...page, copy: page.copy as unknown as Copy }));
}

function coursePassage(course: CourseSummary): Passage {
  const price =
    course.originalPrice && course.originalPrice > course.price
      ? `${formatPrice(course.price, "GBP")} (was ${formatPrice(course.originalPrice, "GBP")})`
      : formatPrice(course.price, "GBP");
  return {
    id: `course:${course.id}`,
    kind: "course",
    url: `/training#${courseAnchor(course.id)}`,
    pageTitle: "Training",
    heading: course.name,
    text: joinAsProse([
      `${course.name} training course`,
      course.description,
      `Price: ${price}`,
      `Duration: ${course.duration}`,
      `Level: ${course.level}`,
      course.instructor ? `Instructor: ${course.instructor}` : "",
      `Topics: ${course.features.join(", ")}`,
    ]),
  };
}

function careerPassage(career: Career): Passage {
  return {
    id: `job:${career.id}`,
    kind: "job",
    url: careerPath(career),
    pageTitle: "Careers",
    heading: career.title,
    text: joinAsProse([
      `${career.title} job opening (vacancy) in ${career.department}`,
      `Location: ${career.location}`,
      `Type: ${career.type}`,
      career.experience ? `Experience: ${career.experience}` : "",
      career.description,
      career.requirements.length > 0 ? `Requirements: ${career.requirements.join("; ")}` : "",
    ]),
  };
}

/** The Contact page's own list (lib/contact/contact-details.ts), so the assistant gives the same numbers. */
function contactDetails(settings: SettingsMap): SiteKnowledge["contact"] {
  const { emails, phones, offices, hours } = contactDetailsFromSettings(settings);
  return { emails, phones, offices: offices.map((office) => `${office.label}: ${office.address}`), hours };
}

function contactPassages(contact: SiteKnowledge["contact"], companyName: string): Passage[] {
  const passages: Passage[] = [
    {
      id: "contact:details",
      kind: "contact",
      url: "/contact",
      pageTitle: "Contact Us",
      heading: "Contact details",
      text: joinAsProse([
        `How to contact ${companyName}: e-mail, phone, offices and address`,
        contact.emails.length > 0 ? `E-mail: ${contact.emails.join(", ")}` : "",
        contact.phones.length > 0 ? `Phone: ${contact.phones.join(", ")}` : "",
        contact.offices.length > 0 ? `Offices: ${contact.offices.join("; ")}` : "",
      ]),
    },
  ];
  if (contact.hours.length > 0) {
    passages.push({
      id: "contact:hours",
      kind: "hours",
      url: "/contact",
      pageTitle: "Contact Us",
      heading: "Business hours",
      text: joinAsProse([`Business hours (opening times) of ${companyName}`, ...contact.hours]),
    });
  }
  return passages;
}

/** Published CMS content, split into passages of a few paragraphs each. */
async function publishedContentPassages(db: Database, settings: SettingsMap): Promise<Passage[]> {
  const rows = await db
    .select({ slug: content.slug, title: content.title, excerpt: content.excerpt, body: content.content })
    .from(content)
    .where(and(eq(content.status, "published"), isNotNull(content.publishedAt), isNull(content.deletedAt)))
    .orderBy(desc(content.publishedAt), asc(content.slug))
    .limit(500);
  return rows.flatMap((row) => {
    const title = applyPlaceholders(row.title, settings);
    const url = `/content/${row.slug}`;
    const paragraphs = [row.excerpt ?? "", ...htmlToText(applyPlaceholders(row.body, settings)).split("\n")]
      .map((paragraph) => paragraph.trim())
      .filter(Boolean);
    const chunks: string[][] = [];
    for (const paragraph of paragraphs) {
      const last = chunks.at(-1);
      if (last && last.join(" ").length + paragraph.length < 700) last.push(paragraph);
      else chunks.push([paragraph]);
    }
    return chunks.map((chunk, index) => ({
      id: `${url}#${index}`,
      kind: "content" as const,
      url,
      pageTitle: title,
      heading: title,
      text: joinAsProse(chunk),
    }));
  });
}

/** The training page's editable record (its pitch), or the page's default copy when there is none. */
async function trainingRecordPassages(db: Database | null, settings: SettingsMap): Promise<Passage[]> {
  const record = (db ? await findPageContent(db, TRAINING_PAGE_SLUG) : undefined) ?? TRAINING_PAGE.defaultRecord;
  const text = joinAsProse([record.excerpt ?? "", htmlToText(applyPlaceholders(record.content, settings))]);
  return text
    ? [{ id: "/training#record", kind: "page", url: "/training", pageTitle: "Training", heading: record.title, text }]
    : [];
}

/**
 * Reads everything the assistant may use. A database failure propagates: the caller decides
 * whether to fall back to what needs no database.
 */
export async function collectSiteKnowledge(
  db: Database | null,
  settings: SettingsMap,
  catalogue: Catalogue,
): Promise<SiteKnowledge> {
  const companyName = siteIdentityFromSettings(settings).companyName;
  const contact = contactDetails(settings);
  const [careers, contentPassages, recordPassages] = await Promise.all([
    db ? listActiveCareers(db) : [],
    db ? publishedContentPassages(db, settings) : [],
    trainingRecordPassages(db, settings),
  ]);
  const pages = marketingPages().flatMap((page) =>
    passagesOfCopy(page.url, page.title, fillCompanyDetails(page.copy, settings)),
  );
  return {
    companyName,
    rates: ratesFromSettings(settings),
    courses: catalogue.courses,
    careers,
    contact,
    passages: [
      ...pages,
      ...recordPassages,
      ...contentPassages,
      ...catalogue.courses.map(coursePassage),
      ...careers.map(careerPassage),
      ...contactPassages(contact, companyName),
    ],
  };
}
