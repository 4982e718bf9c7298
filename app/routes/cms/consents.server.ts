/**
 * The consent log's view: the search in the address (`?id=`, `?from=`, `?to=` as London
 * days, `?page=`), checked here, and one page of records written for the page. The CSV export
 * reads the same search, so it exports exactly what the page lists.
 */
import { timeParts } from "~/lib/text/format";
import { formatNumber } from "~/lib/text/numbers";
import { fromLondonWallClock } from "~/lib/cms/london-time";
import { pageFromSearch, PAGE_SIZE } from "~/lib/cms/pagination";
import { isUuid } from "~/lib/schemas/id";
import { searchCookieConsents, type ConsentFilter, type CookieConsent } from "~/server/contact/cookie-consents.server";
import { readListTab } from "./list-tab.server";

export const CONSENT_SEARCH_MESSAGES = {
  id: "Enter a consent ID as the cookie settings show it, such as 0b5c1c4e-8d0a-4a57-9d8e-6f1f2f3a4b5c.",
  day: "Enter a date as YYYY-MM-DD.",
  range: "The end date must not be before the start date.",
} as const;

/** The search as typed (kept in the form) and what it means; `errors` by field, when some of it is not valid. */
export interface ConsentSearch {
  typed: { id: string; from: string; to: string };
  filter: ConsentFilter;
  errors: Partial<Record<"id" | "from" | "to", string>>;
}

function londonDay(value: string): Date | null {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? fromLondonWallClock(`${value}T00:00`) : null;
}

/** The day after a London day, as the exclusive end of a range that includes that day. */
function dayAfter(value: string): Date | null {
  const start = londonDay(value);
  if (!start) return null;
  const next = new Date(`${value}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return fromLondonWallClock(`${next.toISOString().slice(0, 10)}T00:00`);
}

/** Reads the search from the address; a part that is not valid is reported and left out of the filter. */
export function consentSearch(searchParams: URLSearchParams): ConsentSearch {
  const typed = {
    id: (searchParams.get("id") ?? "").trim(),
    from: (searchParams.get("from") ?? "").trim(),
    to: (searchParams.get("to") ?? "").trim(),
  };
  const errors: ConsentSearch["errors"] = {};
  const filter: ConsentFilter = {};
  if (typed.id) {
    if (isUuid(typed.id.toLowerCase())) filter.id = typed.id.toLowerCase();
    else errors.id = CONSENT_SEARCH_MESSAGES.id;
  }
  if (typed.from) {
    const from = londonDay(typed.from);
    if (from) filter.from = from;
    else errors.from = CONSENT_SEARCH_MESSAGES.day;
  }
  if (typed.to) {
    const until = dayAfter(typed.to);
    if (until) filter.until = until;
    else errors.to = CONSENT_SEARCH_MESSAGES.day;
  }
  if (filter.from && filter.until && filter.until <= filter.from) {
    errors.to = CONSENT_SEARCH_MESSAGES.range;
    delete filter.until;
  }
  return { typed, filter, errors };
}

const CHOICE_LABELS: Record<string, string> = {
  accepted: "Accepted all",
  rejected: "Rejected all",
  customized: "Customised",
};

function consentRow(consent: CookieConsent) {
  return {
    id: consent.id,
    recorded: timeParts(consent.createdAt, "precise"),
    choice: CHOICE_LABELS[consent.choice] ?? consent.choice,
    functional: consent.functional,
    performance: consent.performance,
    targeting: consent.targeting,
    policyVersion: consent.policyVersion,
  };
}

export type ConsentRowView = ReturnType<typeof consentRow>;

/** One page of the records the search finds; a search with a mistake in it lists nothing until fixed. */
export async function loadConsentLog(request: Request) {
  const searchParams = new URL(request.url).searchParams;
  const search = consentSearch(searchParams);
  const page = pageFromSearch(searchParams);
  const invalid = Object.keys(search.errors).length > 0;
  const exportQuery = new URLSearchParams(Object.entries(search.typed).filter(([, value]) => value !== "")).toString();
  return readListTab(
    "consents",
    async (db) => {
      const { consents, total } = invalid
        ? { consents: [], total: 0 }
        : await searchCookieConsents(db, search.filter, { page, pageSize: PAGE_SIZE });
      return {
        typed: search.typed,
        errors: search.errors,
        page,
        total,
        totalText: formatNumber(total),
        exportHref: `/cms/consents/export.csv${exportQuery ? `?${exportQuery}` : ""}`,
        error: null as string | null,
        consents: consents.map(consentRow),
      };
    },
    {
      typed: search.typed,
      errors: search.errors,
      page,
      total: 0,
      totalText: "0",
      exportHref: "/cms/consents/export.csv",
      error: "Failed to fetch consent records",
      consents: [],
    },
  );
}
