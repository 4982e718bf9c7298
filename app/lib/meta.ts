/**
 * The <title>, description, canonical address and sharing tags of a page; every public route's
 * meta function goes through here so that no page forgets one.
 */
export function pageMeta({
  title,
  description,
  canonicalUrl,
  type = "website",
}: {
  title: string;
  description?: string;
  /** The page's one public address (aliases point to their primary page). */
  canonicalUrl?: string;
  type?: "website" | "article";
}) {
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
    ...(description ? [{ property: "og:description", content: description }] : []),
    { name: "twitter:card", content: "summary" },
  ];
}
