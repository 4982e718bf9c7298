/**
 * What the CMS lists share on the server: reading the list's address, and answering with the tab's
 * own message when the database cannot be read.
 */
import { pageFromSearch } from "~/lib/cms/pagination";
import { isUuid } from "~/lib/schemas/id";
import { getDb } from "~/server/platform/db/database.server";
import type { Database } from "~/server/platform/db/db.server";
import { logger } from "~/server/platform/logger.server";

/** The longest search a CMS list reads from `?q=`; the rest of a longer one is ignored. */
const SEARCH_LIMIT = 200;

/** What a CMS list's search box asked for (`?q=`), trimmed; "" when nothing was. */
export function listSearchQuery(searchParams: URLSearchParams): string {
  return (searchParams.get("q") ?? "").trim().slice(0, SEARCH_LIMIT);
}

export interface ListQuery<Status extends string> {
  /** `?status=`, when it names one of the tab's statuses. */
  status: Status | null;
  /** `?page=`, 1 when absent or not a page number. */
  page: number;
  /** `?selected=`, when it is a well-formed id (anything else selects nothing, without a query). */
  selectedId: string | null;
  searchParams: URLSearchParams;
}

export function listQuery<Status extends string = never>(
  request: Request,
  isStatus?: (value: unknown) => value is Status,
): ListQuery<Status> {
  const searchParams = new URL(request.url).searchParams;
  const status = searchParams.get("status");
  const selectedId = searchParams.get("selected");
  return {
    status: isStatus?.(status) ? status : null,
    page: pageFromSearch(searchParams),
    selectedId: isUuid(selectedId) ? selectedId : null,
    searchParams,
  };
}

/**
 * A list tab's reads. When they fail, the error is logged (`what` names the list there) and the
 * tab answers `fallback`: its message in place of the list, so the page still renders and says
 * what went wrong.
 */
export async function readListTab<T>(what: string, read: (db: Database) => Promise<T>, fallback: NoInfer<T>) {
  try {
    return await read(await getDb());
  } catch (error) {
    logger.error({ err: error }, `could not read a CMS list: ${what}`);
    return fallback;
  }
}

/**
 * A plain list's reads (blocks, settings, redirects, ...): the items `read` finds, or, when the
 * database fails, no items and the tab's `failureMessage` for the list's error state.
 */
export function readCmsList<T>(
  read: (db: Database) => Promise<T[]>,
  failureMessage: string,
): Promise<{ items: T[]; error: string | null }> {
  return readListTab<{ items: T[]; error: string | null }>(
    failureMessage,
    async (db) => ({ items: await read(db), error: null }),
    {
      items: [],
      error: failureMessage,
    },
  );
}
