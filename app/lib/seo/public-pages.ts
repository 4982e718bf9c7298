import { FAMILY_PAGE_PATHS } from "~/content/pages";

/**
 * The public pages that exist, for the sitemap (and the link crawl that checks every page answers).
 * Each issue that adds a public page adds its path here; aliases are left out, as their canonical
 * address is their primary page's.
 */
export const PUBLIC_PAGE_PATHS: readonly string[] = [
  "/",
  "/about",
  "/services",
  "/product-development",
  "/contact",
  "/careers",
  "/training",
  "/basket",
  ...FAMILY_PAGE_PATHS,
  "/blog",
  "/privacy-statement",
  "/terms-of-use",
  "/cookie-policy",
];
