/**
 * The fixed links of the shared layout (SPEC.md "Top navigation" and "Footer"). The main menu
 * itself comes from the database; these are the parts the spec fixes.
 */

export interface SiteLink {
  title: string;
  href: string;
  description?: string;
}

/** The Services menu's first link: the page of every practice. */
export const ALL_SERVICES_LINK: SiteLink = {
  title: "All Services",
  href: "/services",
  description: "Everything we do, from strategy to support.",
};

export const SERVICE_MENU_LINKS: readonly SiteLink[] = [
  ALL_SERVICES_LINK,
  { title: "AI Solutions", href: "/ai", description: "Assistants, forecasting, vision and document automation." },
  { title: "AWS Cloud", href: "/cloud", description: "Migration, data lakes and secure AWS architecture." },
  { title: "Cyber Security", href: "/cybersecurity", description: "Assessments, monitoring and identity protection." },
];

export const LEGAL_LINKS: readonly SiteLink[] = [
  { title: "Privacy Statement", href: "/privacy-statement" },
  { title: "Terms of Use", href: "/terms-of-use" },
  { title: "Cookie Policy", href: "/cookie-policy" },
];

export const FOOTER_COLUMNS: readonly { heading: string; links: readonly SiteLink[] }[] = [
  {
    heading: "Company",
    links: [
      { title: "About Us", href: "/about" },
      { title: "Our Services", href: "/services" },
      { title: "Contact Us", href: "/contact" },
    ],
  },
  {
    heading: "Services",
    links: [
      { title: "Web Development", href: "/services" },
      { title: "Software Solutions", href: "/services" },
      { title: "IT Consulting", href: "/services" },
    ],
  },
  {
    heading: "Support",
    links: [
      { title: "Terms", href: "/terms-of-use" },
      { title: "Privacy", href: "/privacy-statement" },
      { title: "Cookie Policy", href: "/cookie-policy" },
    ],
  },
];

/**
 * Links of the footer's bottom line, beyond the spec's columns: pages that the menu and the columns
 * do not reach, so every page in the sitemap is a link away (the blog also lists every other
 * published content item).
 */
export const FOOTER_EXTRA_LINKS: readonly SiteLink[] = [
  { title: "Blog", href: "/blog" },
  { title: "Careers", href: "/careers" },
];
