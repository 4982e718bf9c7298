/**
 * The public pages that exist, for the sitemap (and the link crawl that checks every page answers).
 * Each issue that adds a public page adds its path here.
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  "/",
  "/blog",
  "/privacy-statement",
  "/terms-of-use",
  "/cookie-policy",
];
