/**
 * schema.org structured data (JSON-LD) that search engines read: the organisation on the home
 * page, FAQPage for every FAQ, BreadcrumbList on nested pages, Article for case studies, an
 * ItemList of Course items for the training catalogue. Pure functions of the page's data, so the
 * markup and the structured data never disagree.
 */
import type { FaqItem } from "~/content/types";
import { escapeHtml } from "./placeholders";
import type { SiteIdentity } from "./site-identity";

export interface BreadcrumbEntry {
  label: string;
  /** The path of the entry's page, e.g. "/ai". */
  href: string;
}

const absolute = (path: string, publicUrl: string) => new URL(path, publicUrl).href;

export function organizationJsonLd(identity: SiteIdentity, publicUrl: string, logoPath: string) {
  const sameAs = [identity.linkedinUrl, identity.twitterUrl, identity.facebookUrl].filter(Boolean);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: identity.companyName,
    url: absolute("/", publicUrl),
    logo: absolute(logoPath, publicUrl),
    ...(identity.siteDescription ? { description: identity.siteDescription } : {}),
    ...(identity.email ? { email: identity.email } : {}),
    ...(identity.phone ? { telephone: identity.phone } : {}),
    ...(identity.address ? { address: identity.address } : {}),
    foundingDate: "2008",
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

export function faqPageJsonLd(items: readonly FaqItem[]) {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.question,
      acceptedAnswer: { "@type": "Answer", text: item.answer },
    })),
  };
}

/** The trail from the home page to the current page (the last entry is the page itself). */
export function breadcrumbListJsonLd(trail: readonly BreadcrumbEntry[], publicUrl: string) {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((entry, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: entry.label,
      item: absolute(entry.href, publicUrl),
    })),
  };
}

export function articleJsonLd(
  article: { headline: string; description: string; path: string; published: string; imagePath: string },
  publisher: { name: string; logoPath: string },
  publicUrl: string,
) {
  return {
    "@context": "https://schema.org",
    "@type": "Article",
    headline: article.headline,
    description: article.description,
    mainEntityOfPage: absolute(article.path, publicUrl),
    url: absolute(article.path, publicUrl),
    datePublished: article.published,
    image: absolute(article.imagePath, publicUrl),
    author: { "@type": "Organization", name: publisher.name, url: absolute("/", publicUrl) },
    publisher: {
      "@type": "Organization",
      name: publisher.name,
      logo: { "@type": "ImageObject", url: absolute(publisher.logoPath, publicUrl) },
    },
  };
}

const EMPLOYMENT_TYPES: Record<string, string> = {
  "Full-time": "FULL_TIME",
  "Part-time": "PART_TIME",
  Contract: "CONTRACTOR",
  Internship: "INTERN",
};

/** The country of an office named in a job's location: Boston is the US office, all else the UK. */
function countryOf(location: string): "US" | "GB" {
  return /\b(Boston|USA|US|United States)\b/i.test(location) ? "US" : "GB";
}

/**
 * A job opening as Google for Jobs reads it: title, description, date posted, the company, the
 * place (or, for a remote role, the country applicants must live in) and the employment type.
 */
export function jobPostingJsonLd(
  job: {
    title: string;
    description: string;
    requirements: readonly string[];
    location: string;
    type: string;
    datePosted: string;
    path: string;
  },
  organization: { name: string; logoPath: string },
  publicUrl: string,
) {
  const country = countryOf(job.location);
  const remote = /\bremote\b/i.test(job.location);
  const description = [
    `<p>${escapeHtml(job.description)}</p>`,
    ...(job.requirements.length > 0
      ? [`<ul>${job.requirements.map((item) => `<li>${escapeHtml(item)}</li>`).join("")}</ul>`]
      : []),
  ].join("");
  return {
    "@context": "https://schema.org",
    "@type": "JobPosting",
    title: job.title,
    description,
    datePosted: job.datePosted,
    url: absolute(job.path, publicUrl),
    employmentType: EMPLOYMENT_TYPES[job.type] ?? "OTHER",
    hiringOrganization: {
      "@type": "Organization",
      name: organization.name,
      sameAs: absolute("/", publicUrl),
      logo: absolute(organization.logoPath, publicUrl),
    },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: {
            "@type": "Country",
            name: country === "US" ? "United States" : "United Kingdom",
          },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: job.location.replace(/\s*\(.*\)\s*$/, ""),
              addressCountry: country,
            },
          },
        }),
  };
}
