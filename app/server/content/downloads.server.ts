/**
 * The documents a visitor can download after leaving a name and an e-mail address ("Download AWS
 * Guide" and the like): each is a PDF built from the copy of the page that offers it, so the
 * document never disagrees with the page. A request is recorded as a contact submission, which the
 * CMS's Contact Submissions tab lists like any other message.
 */
import { contactSubmissions } from "../../db/schema";
import { ENTERPRISE_CLOUD_MIGRATION } from "../../content/case-studies/enterprise-cloud-migration";
import { SCALABLE_ECOMMERCE } from "../../content/case-studies/scalable-ecommerce";
import { CLOUD_OVERVIEW, DATA_LAKE_PAGE } from "../../content/cloud";
import {
  DOWNLOAD_DOCUMENT_IDS,
  type CallToAction,
  type Card,
  type CaseStudy,
  type DownloadDocumentId,
  type FaqItem,
  type OverviewPage,
  type Section,
  type ServicePage,
} from "../../content/types";
import type { DownloadRequest } from "../../lib/schemas/download";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import type { Database } from "../platform/db/db.server";
import { fillCompanyDetails } from "./marketing.server";
import { renderPdf, type DocumentOutline, type OutlineSection } from "../platform/pdf.server";

export type Settings = Readonly<Record<string, string>>;

export interface OutlineContext {
  /** The site's public address, for the links a document mentions (none: links are left out). */
  publicUrl?: string;
}

export interface DownloadDocument {
  /** The document's name, e.g. "AWS Cloud Guide"; the submission's subject is "Download: <title>". */
  title: string;
  /** The page the document is made from and offered on. */
  sourcePath: string;
  /** The source page's name, e.g. "AWS Cloud Services" (its title without the company name). */
  sourceLabel(settings: Settings): string;
  /** One or two sentences on what the document holds (the page's own description). */
  summary(settings: Settings): string;
  outline(settings: Settings, context?: OutlineContext): DocumentOutline;
}

export function isDownloadDocumentId(value: unknown): value is DownloadDocumentId {
  return typeof value === "string" && (DOWNLOAD_DOCUMENT_IDS as readonly string[]).includes(value);
}

function document<Page extends { path: string; seo: { title: string; description: string } }>(
  title: string,
  page: Page,
  build: (page: Page, settings: Settings, context: OutlineContext) => Omit<DocumentOutline, "title">,
): DownloadDocument {
  return {
    title,
    sourcePath: page.path,
    sourceLabel: (settings) => fillCompanyDetails(page.seo.title, settings),
    summary: (settings) => fillCompanyDetails(page.seo.description, settings),
    outline: (settings, context = {}) => ({ title, ...build(fillCompanyDetails(page, settings), settings, context) }),
  };
}

export const DOWNLOAD_DOCUMENTS: Record<DownloadDocumentId, DownloadDocument> = {
  "aws-guide": document("AWS Cloud Guide", CLOUD_OVERVIEW, overviewOutline),
  "data-lake-architecture-guide": document("Data Lake Architecture Guide", DATA_LAKE_PAGE, servicePageOutline),
  "enterprise-cloud-migration-case-study": document(
    "Enterprise Cloud Migration Case Study",
    ENTERPRISE_CLOUD_MIGRATION,
    caseStudyOutline,
  ),
  "scalable-ecommerce-case-study": document("Scalable E-commerce Case Study", SCALABLE_ECOMMERCE, caseStudyOutline),
};

export function findDownloadDocument(id: unknown): (DownloadDocument & { id: DownloadDocumentId }) | undefined {
  return isDownloadDocumentId(id) ? { id, ...DOWNLOAD_DOCUMENTS[id] } : undefined;
}

/* ------------------------------------------------------------------------------------------------
 * Outlines: one builder per page type, covering every section the type has, in the page's order.
 * ---------------------------------------------------------------------------------------------- */

const nonEmpty = <T>(items: readonly T[] | undefined): T[] | undefined => (items?.length ? [...items] : undefined);

function absolute(href: string, context: OutlineContext): string | undefined {
  if (!context.publicUrl) return undefined;
  try {
    return new URL(href, context.publicUrl).href;
  } catch {
    return undefined;
  }
}

/** A section of cards: its title and intro, then each card with its description and features. */
function cardSections(section: Section<Card>, context: OutlineContext): OutlineSection[] {
  return [
    { heading: section.title, paragraphs: section.intro ? [section.intro] : undefined },
    ...section.items.map((card): OutlineSection => {
      const link = card.href ? absolute(card.href, context) : undefined;
      return {
        heading: card.title,
        level: 2,
        paragraphs: [card.description, ...(link ? [`${card.linkLabel ?? card.title}: ${link}`] : [])],
        bullets: nonEmpty(card.features),
      };
    }),
  ];
}

function faqSections(faq: Section<FaqItem>): OutlineSection[] {
  return [
    { heading: faq.title, paragraphs: faq.intro ? [faq.intro] : undefined },
    ...faq.items.map((item): OutlineSection => ({ heading: item.question, level: 2, paragraphs: [item.answer] })),
  ];
}

/** The closing band, and how to reach the company (from the public settings). */
function closingSection(closing: CallToAction, settings: Settings, context: OutlineContext): OutlineSection {
  const identity = siteIdentityFromSettings(settings);
  const contact = [
    identity.email ? `E-mail: ${identity.email}` : undefined,
    identity.phone ? `Telephone: ${identity.phone}` : undefined,
    absolute("/contact", context) ? `Online: ${absolute("/contact", context)}` : undefined,
  ].filter((line): line is string => Boolean(line));
  return { heading: closing.title, paragraphs: [closing.text], bullets: nonEmpty(contact) };
}

function introduction(lead: string, eyebrow?: string): OutlineSection {
  return { heading: eyebrow ? `Introduction: ${eyebrow}` : "Introduction", paragraphs: [lead] };
}

/** An overview page (/cloud and the like): hero, service cards, case studies, FAQ, closing band. */
export function overviewOutline(
  page: OverviewPage,
  settings: Settings,
  context: OutlineContext = {},
): Omit<DocumentOutline, "title"> {
  return {
    subtitle: page.hero.title,
    sections: [
      introduction(page.hero.lead, page.hero.eyebrow),
      ...cardSections(page.cards, context),
      ...(page.caseStudies ? cardSections(page.caseStudies, context) : []),
      ...faqSections(page.faq),
      closingSection(page.closing, settings, context),
    ],
  };
}

/** A service page: hero, checklist, feature cards, the case-study block, FAQ, closing band. */
export function servicePageOutline(
  page: ServicePage,
  settings: Settings,
  context: OutlineContext = {},
): Omit<DocumentOutline, "title"> {
  const study = page.caseStudy;
  return {
    subtitle: page.hero.title,
    sections: [
      introduction(page.hero.lead, page.hero.eyebrow),
      { heading: page.checklist.title, bullets: nonEmpty(page.checklist.items) },
      ...cardSections(page.features, context),
      ...(study
        ? [
            { heading: `Case Study: ${study.title}`, paragraphs: [`Industry: ${study.industry}`, study.client] },
            { heading: "The Challenge", level: 2 as const, paragraphs: [study.challenge] },
            { heading: "Our Solution", level: 2 as const, paragraphs: [study.solution] },
            { heading: "Results", level: 2 as const, metrics: nonEmpty(study.results) },
          ]
        : []),
      ...faqSections(page.faq),
      closingSection(page.closing, settings, context),
    ],
  };
}

/**
 * A case study: the client, overview, scope, compliance, challenges, solution, timeline (each phase
 * with its duration and activities), services, technologies, results, testimonial, FAQ, closing.
 */
export function caseStudyOutline(
  study: CaseStudy,
  settings: Settings,
  context: OutlineContext = {},
): Omit<DocumentOutline, "title"> {
  const { header } = study;
  const list = (part: { title: string; items: string[] } | undefined): OutlineSection[] =>
    part ? [{ heading: part.title, bullets: nonEmpty(part.items) }] : [];
  const cards = (part: { title: string; intro?: string; items: Card[] }): OutlineSection[] => [
    { heading: part.title, paragraphs: part.intro ? [part.intro] : undefined },
    ...part.items.map((card): OutlineSection => ({
      heading: card.title,
      level: 2,
      paragraphs: [card.description],
      bullets: nonEmpty(card.features),
    })),
  ];
  return {
    subtitle: header.title,
    sections: [
      {
        heading: "The Client",
        paragraphs: [`Industry: ${header.industry}`, header.client],
        metrics: nonEmpty(header.facts),
      },
      ...(study.overview ? [{ heading: study.overview.title, paragraphs: study.overview.paragraphs }] : []),
      ...list(study.scope),
      ...list(study.compliance),
      ...cards(study.challenges),
      ...cards(study.solution),
      ...(study.timeline
        ? [
            { heading: study.timeline.title },
            ...study.timeline.phases.map((phase, index): OutlineSection => ({
              heading: `${index + 1}. ${phase.title}${phase.duration ? ` (${phase.duration})` : ""}`,
              level: 2,
              paragraphs: [phase.description, ...(phase.complete ? [] : ["Status: in progress."])],
              bullets: nonEmpty(phase.activities),
            })),
          ]
        : []),
      ...list(study.services),
      ...list(study.technologies),
      {
        heading: study.results.title,
        metrics: nonEmpty(study.results.metrics),
        bullets: nonEmpty(study.results.outcomes),
      },
      ...(study.testimonial
        ? [
            {
              heading: "What the Client Said",
              paragraphs: [
                `\u201c${study.testimonial.quote}\u201d`,
                `${study.testimonial.author}, ${study.testimonial.role}`,
              ],
            },
          ]
        : []),
      ...(study.faq ? faqSections(study.faq) : []),
      closingSection(study.closing, settings, context),
    ],
  };
}

/* ------------------------------------------------------------------------------------------------
 * A visitor's request
 * ---------------------------------------------------------------------------------------------- */

export interface DownloadResult {
  /** "<document-id>.pdf" */
  filename: string;
  pdf: Buffer;
}

/**
 * Builds the document's PDF and records the request as a new contact submission: subject
 * "Download: <title>", and a message naming the document and the page it was requested from. The
 * PDF is built first, so a request is only recorded when there is a document to send.
 */
export async function requestDownload(
  db: Database,
  documentId: DownloadDocumentId,
  person: DownloadRequest,
  settings: Settings,
  options: OutlineContext & { compress?: boolean; date?: Date } = {},
): Promise<DownloadResult> {
  const entry = DOWNLOAD_DOCUMENTS[documentId];
  const sourceUrl = absolute(entry.sourcePath, options);
  const pdf = await renderPdf(entry.outline(settings, options), {
    companyName: siteIdentityFromSettings(settings).companyName,
    sourceUrl,
    date: options.date,
    compress: options.compress,
  });
  await db.insert(contactSubmissions).values({
    name: person.name,
    email: person.email,
    subject: `Download: ${entry.title}`,
    message: `Requested the ${entry.title} (PDF) from the page ${sourceUrl ?? entry.sourcePath}.`,
    status: "new",
  });
  return { filename: `${documentId}.pdf`, pdf };
}
