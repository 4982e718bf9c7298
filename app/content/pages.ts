/**
 * The marketing pages that belong to a page family, by address: each overview, service page and
 * case study with the template that shows it. Aliases (SPEC.md route table) find the same page;
 * its `path` stays the canonical address.
 */
import { AI_OVERVIEW, AI_SERVICE_PAGES } from "./ai";
import { CASE_STUDIES } from "./case-studies";
import { CLOUD_OVERVIEW, DATA_LAKE_PAGE } from "./cloud";
import { CYBERSECURITY_PAGE } from "./cybersecurity";
import type { CaseStudy, OverviewPage, ServicePage } from "./types";

export type FamilyPage =
  | { template: "overview"; page: OverviewPage }
  | { template: "service"; page: ServicePage }
  | { template: "case-study"; page: CaseStudy };

export const FAMILY_PAGES: readonly FamilyPage[] = [
  ...[AI_OVERVIEW, CLOUD_OVERVIEW, CYBERSECURITY_PAGE].map((page) => ({ template: "overview" as const, page })),
  ...[...AI_SERVICE_PAGES, DATA_LAKE_PAGE].map((page) => ({ template: "service" as const, page })),
  ...CASE_STUDIES.map((page) => ({ template: "case-study" as const, page })),
];

const byAddress = new Map<string, FamilyPage>(
  FAMILY_PAGES.flatMap((entry) => [entry.page.path, ...(entry.page.aliases ?? [])].map((path) => [path, entry])),
);

/** The page shown at an address (a trailing slash is ignored), or undefined. */
export function findFamilyPage(pathname: string): FamilyPage | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return byAddress.get(path);
}

/** Every address a family page answers at: primary paths and aliases. */
export const FAMILY_PAGE_ADDRESSES: readonly string[] = [...byAddress.keys()];

/** The primary address of every family page (aliases excluded), for the sitemap. */
export const FAMILY_PAGE_PATHS: readonly string[] = FAMILY_PAGES.map((entry) => entry.page.path);
