/**
 * schema.org structured data (JSON-LD) that search engines read: the organisation on the home
 * page, FAQPage for every FAQ, BreadcrumbList on nested pages, Article for case studies, an
 * ItemList of Course items for the training catalogue. Pure functions of the page's data, so the
 * markup and the structured data never disagree.
 */
import type { FaqItem } from "~/content/types";
import { escapeHtml } from "../site/placeholders";
import type { SiteIdentity } from "../site/site-identity";

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
    ...(identity.phone ? { telephone: internationalPhone(identity.phone) } : {}),
    ...(identity.address ? { address: postalAddressJsonLd(identity.address) } : {}),
    foundingDate: "2008",
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * A phone number as schema.org and Google want it, in international form: "020 7946 0321"
 * becomes "+44 20 7946 0321" (the settings hold UK numbers in national form); a number that
 * already starts with "+" is kept, with its spacing tidied.
 */
export function internationalPhone(phone: string): string {
  const tidy = phone.trim().replace(/\s+/g, " ");
  if (tidy.startsWith("+")) return tidy;
  // A UK national number: trunk prefix 0, then 9 or 10 digits.
  const digits = tidy.replace(/\D/g, "");
  if (/^0\d{9,10}$/.test(digits)) return `+44 ${tidy.replace(/^\(?0/, "").replace(/\)/, "")}`;
  return tidy;
}

const COUNTRY_CODES: Record<string, string> = {
  "united kingdom": "GB",
  uk: "GB",
  "great britain": "GB",
  england: "GB",
  scotland: "GB",
  wales: "GB",
  "northern ireland": "GB",
  usa: "US",
  us: "US",
  "united states": "US",
  "united states of america": "US",
};
const UK_POSTCODE = /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i;
const US_STATE_AND_ZIP = /^([A-Z]{2}) (\d{5}(?:-\d{4})?)$/;

/**
 * An address setting ("4th Floor, 27 Clerkenwell Road, London, EC1M 5RN, United Kingdom") as a
 * schema.org PostalAddress: the country (as its ISO code), the postcode (a UK postcode, or a US
 * state and ZIP code), the town before it, and the street lines before that. An address written
 * another way is kept whole as the street address, rather than split wrongly.
 */
export function postalAddressJsonLd(address: string) {
  const parts = address
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
  const country = COUNTRY_CODES[parts.at(-1)?.toLowerCase() ?? ""];
  const postcode = parts.at(-2) ?? "";
  const usStateAndZip = US_STATE_AND_ZIP.exec(postcode);
  const readable =
    parts.length >= 4 && country && (country === "GB" ? UK_POSTCODE.test(postcode) : Boolean(usStateAndZip));
  if (!readable) return { "@type": "PostalAddress", streetAddress: address.trim() };
  return {
    "@type": "PostalAddress",
    streetAddress: parts.slice(0, -3).join(", "),
    addressLocality: parts.at(-3),
    ...(usStateAndZip
      ? { addressRegion: usStateAndZip[1], postalCode: usStateAndZip[2] }
      : { postalCode: postcode.toUpperCase() }),
    addressCountry: country,
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
  article: {
    headline: string;
    description: string;
    path: string;
    published: string;
    /** The date of the last real change; the publication date when it has not changed since. */
    modified?: string;
    imagePath: string;
  },
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
    dateModified: article.modified ?? article.published,
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
 * A job opening as Google for Jobs reads it: title, description, date posted and the date it is
 * valid through, the company and its own id for the opening, the place (or, for a remote role,
 * the country applicants must live in), the employment type, and that applicants apply on this
 * site (the job page's Apply Now opens the contact form, CV upload included: `directApply`).
 * There is no salary in an opening's record, so `baseSalary` is left out rather than guessed.
 */
export function jobPostingJsonLd(
  job: {
    /** The opening's id, given as the company's own identifier for it. */
    id: string;
    title: string;
    description: string;
    requirements: readonly string[];
    location: string;
    type: string;
    datePosted: string;
    /** ISO 8601; an opening has no closing date, so the loader gives a rolling one. */
    validThrough: string;
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
    validThrough: job.validThrough,
    identifier: { "@type": "PropertyValue", name: organization.name, value: job.id },
    directApply: true,
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
