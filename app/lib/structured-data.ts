/**
 * schema.org structured data (JSON-LD) that search engines read: the organisation on the home
 * page, FAQPage for every FAQ, BreadcrumbList on nested pages, Article for case studies. Pure
 * functions of the page's data, so the markup and the structured data never disagree.
 */
import type { FaqItem } from "~/content/types";
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
