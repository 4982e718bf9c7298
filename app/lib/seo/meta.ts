import type { MetaDescriptor } from "react-router";
import type { loader as siteLayoutLoader } from "~/routes/site/layout";
import { SHARE_IMAGE } from "../site/images";

type SiteLayoutData = Awaited<ReturnType<typeof siteLayoutLoader>>;

/** What the public site's layout loader knows that every page's meta needs (name, public URL). */
export function siteLayoutData(matches: readonly ({ id: string; data?: unknown } | undefined)[]) {
  return matches.find((match) => match?.id === "routes/site/layout")?.data as SiteLayoutData | undefined;
}

/**
 * The <title>, description, canonical address and sharing tags of a page; every public route's
 * meta function goes through here so that no page forgets one.
 */
export function pageMeta({
  title,
  description,
  canonicalUrl,
  imageUrl,
  siteName,
  type = "website",
  jsonLd = [],
}: {
  title: string;
  description?: string;
  /** The page's one public address (aliases point to their primary page). */
  canonicalUrl?: string;
  /** The absolute address of the picture shown when the page is shared. */
  imageUrl?: string;
  siteName?: string;
  type?: "website" | "article";
  /** Structured data for search engines (schema.org objects). */
  jsonLd?: readonly object[];
}): MetaDescriptor[] {
  return [
    { title },
    ...(description ? [{ name: "description", content: description }] : []),
    ...(canonicalUrl
      ? [
          { tagName: "link", rel: "canonical", href: canonicalUrl },
          { property: "og:url", content: canonicalUrl },
        ]
      : []),
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    ...(siteName ? [{ property: "og:site_name", content: siteName }] : []),
    ...(description ? [{ property: "og:description", content: description }] : []),
    ...(imageUrl
      ? [
          { property: "og:image", content: imageUrl },
          { property: "og:image:width", content: String(SHARE_IMAGE.width) },
          { property: "og:image:height", content: String(SHARE_IMAGE.height) },
          { name: "twitter:image", content: imageUrl },
        ]
      : []),
    { name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: title },
    ...(description ? [{ name: "twitter:description", content: description }] : []),
    ...jsonLd.map((data) => ({ "script:ld+json": data })),
  ];
}

/**
 * The meta of a public page from its own title and description: "<title> | <company>", the site's
 * title and description where the page has none, the canonical address on the public URL, and the
 * share image.
 */
export function publicPageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  page: {
    /** The page's own title, without the company name; none for the home page. */
    title?: string;
    /** Use `title` as it is, without " | <company>" (an editor's own SEO title). */
    verbatimTitle?: boolean;
    description?: string;
    /** The canonical path, e.g. "/ai" (for an alias, its primary page's path). */
    path: string;
    type?: "website" | "article";
    /** The page's own 1200x630 share picture (a path on this site); the site's default without one. */
    imagePath?: string | null;
    /**
     * Structured data (schema.org objects), built by the page's loader with the site's public
     * address and identity (server/content/structured-data-site.server.ts): its builders stay out
     * of the browser's bundle.
     */
    jsonLd?: readonly object[];
  },
): MetaDescriptor[] {
  const layout = siteLayoutData(matches);
  const identity = layout?.identity;
  const siteTitle = identity?.siteTitle ?? "";
  const title =
    page.title && !page.verbatimTitle
      ? [page.title, identity?.companyName].filter(Boolean).join(" | ")
      : page.title || siteTitle;
  return pageMeta({
    title: title || "Home",
    description: page.description || identity?.siteDescription || undefined,
    canonicalUrl: layout ? new URL(page.path, layout.publicUrl).href : undefined,
    imageUrl: layout ? new URL(page.imagePath || SHARE_IMAGE.path, layout.publicUrl).href : undefined,
    siteName: identity?.companyName,
    type: page.type,
    jsonLd: page.jsonLd ?? [],
  });
}

/**
 * The meta of a marketing family's page (/ai, /cloud, /cybersecurity and their service pages),
 * from what its loader answered: the page's own SEO title and description at its path, with the
 * structured data the loader built. Without data (the page was not found) it says so.
 */
export function familyPageMeta(
  matches: readonly ({ id: string; data?: unknown } | undefined)[],
  loaderData:
    { page: { seo: { title: string; description: string }; path: string }; jsonLd: readonly object[] } | undefined,
): MetaDescriptor[] {
  return publicPageMeta(matches, {
    title: loaderData?.page.seo.title ?? "Page not found",
    description: loaderData?.page.seo.description,
    path: loaderData?.page.path ?? "/",
    jsonLd: loaderData?.jsonLd,
  });
}
