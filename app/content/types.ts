/**
 * The shapes of the marketing copy. Every marketing page is typed data in `app/content/` (no JSX)
 * rendered by a template in `app/components/marketing/`; a page family (AI services, case
 * studies, ...) is one template and several data objects of one of these types.
 *
 * Text may contain `{{company_name}}` and the other public-setting placeholders; the page's loader
 * fills them in, so a re-brand is a settings change.
 */

/** Icons the copy may name; `app/server/content/icon-sprite.server.ts` maps each to a lucide icon. */
export const ICON_NAMES = [
  "activity",
  "award",
  "bar-chart",
  "bot",
  "brain",
  "briefcase",
  "building",
  "check-circle",
  "clipboard-check",
  "clock",
  "cloud",
  "code",
  "cpu",
  "database",
  "eye",
  "factory",
  "file-search",
  "file-text",
  "fingerprint",
  "gauge",
  "globe",
  "graduation-cap",
  "handshake",
  "heart-pulse",
  "landmark",
  "layers",
  "lightbulb",
  "line-chart",
  "lock",
  "message-square",
  "monitor",
  "network",
  "package",
  "radar",
  "rocket",
  "scan",
  "search",
  "server",
  "settings",
  "shield",
  "shield-check",
  "shopping-cart",
  "smartphone",
  "sparkles",
  "target",
  "trending-up",
  "truck",
  "users",
  "workflow",
  "wrench",
  "zap",
] as const;
export type IconName = (typeof ICON_NAMES)[number];

/** Artwork shipped in `public/images/` (see `app/lib/site/images.ts` for sizes and formats). */
export const IMAGE_NAMES = [
  "hero-strategy",
  "hero-delivery",
  "showcase-ai",
  "showcase-cloud",
  "showcase-security",
  "showcase-product",
  "showcase-training",
] as const;
export type ImageName = (typeof IMAGE_NAMES)[number];

/** Documents a visitor can download after leaving a name and e-mail (a PDF built from the page). */
export const DOWNLOAD_DOCUMENT_IDS = [
  "aws-guide",
  "data-lake-architecture-guide",
  "enterprise-cloud-migration-case-study",
  "scalable-ecommerce-case-study",
] as const;
export type DownloadDocumentId = (typeof DOWNLOAD_DOCUMENT_IDS)[number];

/** The <title> and description of a page (the title without the company name; the route adds it). */
export interface PageSeo {
  title: string;
  description: string;
}

/** A link to one of the site's own pages, e.g. { label: "Contact Us", href: "/contact" }. */
export interface LinkAction {
  kind: "link";
  label: string;
  /** A path of this site, starting with "/" (a test crawls every one). */
  href: string;
}

/** A button that opens the download dialog for one of the generated PDF documents. */
export interface DownloadAction {
  kind: "download";
  label: string;
  document: DownloadDocumentId;
}

export type PageAction = LinkAction | DownloadAction;

export interface Hero {
  /** A short line above the title, e.g. "AI Solutions". */
  eyebrow?: string;
  title: string;
  lead: string;
  actions?: PageAction[];
}

/** A card: an icon, a title and a sentence or two, optionally a link and bullet points. */
export interface Card {
  icon?: IconName;
  title: string;
  description: string;
  /** A path of this site when the whole card leads somewhere. */
  href?: string;
  /**
   * The link's visible text, e.g. "Explore AI Solutions". It must make sense on its own (search
   * engines and screen readers list links out of context), so never "Learn more" or "Read more";
   * without it the card's title is the link.
   */
  linkLabel?: string;
  features?: string[];
}

export interface Section<Item> {
  title: string;
  intro?: string;
  items: Item[];
}

export interface FaqItem {
  question: string;
  /** Plain text; may hold several sentences. */
  answer: string;
}

/** A figure such as { value: "98%", label: "fewer successful breaches" }. */
export interface Metric {
  value: string;
  label: string;
}

/** A numbered step of a process, e.g. Discovery, Planning, Implementation, Support. */
export interface Step {
  title: string;
  description: string;
  /** e.g. "6 weeks", "Ongoing". */
  duration?: string;
}

/** A band at the end of a page that asks the visitor to act. */
export interface CallToAction {
  title: string;
  text: string;
  actions: PageAction[];
}

export interface Slide {
  image: ImageName;
  /** Describes the picture for screen readers. */
  alt: string;
  /** Shown under the picture (the services carousel). */
  caption?: string;
}

export interface Testimonial {
  quote: string;
  author: string;
  role: string;
}

/** The breadcrumb parent of a nested page: where "up" leads. */
export interface Crumb {
  label: string;
  href: string;
}

// ---------------------------------------------------------------------------------------------
// Single pages

export interface HomePage {
  seo: PageSeo;
  hero: Hero & { slides: [Slide, Slide] };
  /** "Our Services in Action": five captioned slides. */
  showcase: Section<Slide>;
  /** Four cards linking to /ai, /cloud, /cybersecurity and /product-development. */
  services: Section<Card>;
  /** "Why Choose Us": three points. */
  whyChooseUs: Section<Card>;
  /** "Training & Learning Hub", linking to /training. */
  trainingHub: CallToAction & { points: string[] };
  closing: CallToAction;
}

export interface AboutPage {
  seo: PageSeo;
  hero: Hero;
  /** "Our Story": founded 2008, offices in the UK and USA. */
  story: { title: string; paragraphs: string[]; facts: Metric[] };
  /** Excellence, Innovation, Partnership. */
  values: Section<Card>;
  /** Innovate, Invest, Implement. */
  approach: Section<Card>;
  /** "Join Our Team", linking to /careers. */
  joinTeam: CallToAction;
}

export interface ServicesPage {
  seo: PageSeo;
  hero: Hero;
  /** Six cards, each with five features. */
  services: Section<Card>;
  /** The overview video the spec marks as a placeholder ("coming soon"). */
  video: { title: string; description: string };
  /** Discovery, Planning, Implementation, Support. */
  process: Section<Step>;
  /** Healthcare, Finance, Education, Retail, Manufacturing, Logistics. */
  industries: Section<Card>;
  /** "Request a Quote" to /contact. */
  closing: CallToAction;
}

export interface SuccessStory {
  title: string;
  industry: string;
  summary: string;
  metrics: Metric[];
  /** A case study of this site, when there is one (the e-commerce story). */
  link?: LinkAction;
}

export interface ProductDevelopmentPage {
  seo: PageSeo;
  hero: Hero;
  services: Section<Card>;
  successStories: Section<SuccessStory>;
  process: Section<Step>;
  /** Eighteen technology names. */
  technologies: Section<string>;
  closing: CallToAction;
}

// ---------------------------------------------------------------------------------------------
// Overview pages: /ai, /cloud, /cybersecurity

export interface OverviewPage {
  path: string;
  /** Other addresses that show this page; their canonical URL is `path`. */
  aliases?: string[];
  seo: PageSeo;
  hero: Hero;
  /** /ai: four use cases; /cloud: four service groups; /cybersecurity: four services. */
  cards: Section<Card>;
  /** /cloud: three case studies; /cybersecurity: the featured security programme. */
  caseStudies?: Section<Card>;
  faq: Section<FaqItem>;
  closing: CallToAction;
}

// ---------------------------------------------------------------------------------------------
// Service pages: the four /ai/... pages and /cloud/data-lake-analytics

/** A short case study inside a service page (Data Lake & Analytics). */
export interface CaseStudySummary {
  industry: string;
  title: string;
  client: string;
  challenge: string;
  solution: string;
  /** Four result figures. */
  results: Metric[];
}

export interface ServicePage {
  path: string;
  /** Other addresses that show this page; their canonical URL is `path`. */
  aliases?: string[];
  parent: Crumb;
  seo: PageSeo;
  hero: Hero;
  /** The checklist (AI pages) or the four benefit bullets (Data Lake). */
  checklist: { title: string; items: string[] };
  features: Section<Card>;
  caseStudy?: CaseStudySummary;
  faq: Section<FaqItem>;
  closing: CallToAction;
}

// ---------------------------------------------------------------------------------------------
// Case studies: /case-studies/..., /cloud/enterprise-cloud-migration,
// /cloud/enterprise-cyber-security. Every section but the header, challenges, solution and
// results is optional; the template shows those present, in this order.

export interface TimelinePhase extends Step {
  /** What was done in the phase, shown when the phase is expanded. */
  activities: string[];
  /** False for a step still in progress; the e-commerce timeline's last step alone is incomplete. */
  complete: boolean;
}

export interface CaseStudy {
  path: string;
  aliases?: string[];
  parent: Crumb;
  seo: PageSeo;
  /** ISO date the case study was published (for Article structured data). */
  published: string;
  /** ISO date of its last substantive change, when it has one (Article `dateModified`). */
  modified?: string;
  header: {
    /** Shown as a badge, e.g. "Financial Services". */
    industry: string;
    title: string;
    /** The client described without naming them, e.g. "A global financial services firm ...". */
    client: string;
    /** Headline facts, e.g. 25,000+ employees, 50+ countries, 12 months. */
    facts?: Metric[];
  };
  overview?: { title: string; paragraphs: string[] };
  scope?: { title: string; items: string[] };
  compliance?: { title: string; items: string[] };
  challenges: { title: string; items: Card[] };
  solution: { title: string; intro: string; items: Card[] };
  timeline?: { title: string; phases: TimelinePhase[] };
  /** "Services provided" or "Cloud services used". */
  services?: { title: string; items: string[] };
  /** "Technology stack": product and tool names. */
  technologies?: { title: string; items: string[] };
  results: { title: string; metrics: Metric[]; outcomes?: string[] };
  testimonial?: Testimonial;
  faq?: Section<FaqItem>;
  closing: CallToAction;
}

// ---------------------------------------------------------------------------------------------
// Careers (the openings themselves come from the database)

export interface CareersPage {
  seo: PageSeo;
  hero: Hero;
  /**
   * The list of openings (#openings): its intro while there are openings, the intro above the
   * empty state (which must not promise roles below), and the empty state itself.
   */
  openings: { title: string; intro: string; introWhenEmpty: string; empty: string };
  /** Application, Screening, Interview, Offer. */
  hiringProcess: Section<Step>;
  /** "Send Your CV" to /contact. */
  sendCv: CallToAction;
}

// ---------------------------------------------------------------------------------------------
// Contact (the details themselves come from the site settings)

export interface ContactPage {
  seo: PageSeo;
  hero: Hero;
  /** The heading and note above the form; the application variant when `job` is set. */
  form: { title: string; intro: string; applicationTitle: string; applicationIntro: string };
  details: { title: string; emailHeading: string; phoneHeading: string; officesHeading: string; hoursHeading: string };
}
