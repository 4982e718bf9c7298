/**
 * The CMS lists' search box: the items whose declared `searchable` fields (lib/content-kinds)
 * contain what was typed, case-insensitively. A field holding HTML is searched by its text, so a
 * search finds words, not the tags and attributes around them.
 */
import { getTableColumns, ilike, or, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { searchableFieldsOf, type DeclaredKind } from "../../lib/content-kinds/define-kind";
import { containsPattern } from "../platform/db/like-pattern.server";

/** The condition for a search of `query` among a kind's items; undefined (no condition) for an empty query. */
export function searchCondition(table: PgTable, kind: DeclaredKind, query: string | undefined): SQL | undefined {
  const typed = query?.trim();
  if (!typed) return undefined;
  const pattern = containsPattern(typed);
  const columns = getTableColumns(table);
  return or(
    ...searchableFieldsOf(kind).map(({ field, html }) => {
      const column = columns[field];
      if (!column) throw new Error(`The searchable field "${field}" is no column of its table.`);
      return ilike(html ? sql`regexp_replace(${column}, '<[^>]*>', ' ', 'g')` : column, pattern);
    }),
  );
}
