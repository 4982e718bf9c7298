/**
 * Where a library image is used: any content item, job opening, course or page record whose row
 * mentions the image's id (its stable address `/media/<id>.webp`, a variant's file name, or an
 * editor document that records the id). The whole row is searched as text, so a column added
 * later (a structured document, say) is searched too without a change here.
 */
import { sql } from "drizzle-orm";
import type { MediaUse } from "../../lib/cms/media";
import type { Database } from "../platform/db/db.server";

export type { MediaUse };

const KIND_LABELS: Record<MediaUse["kind"], string> = {
  content: "content item",
  career: "job opening",
  course: "course",
  page: "page record",
};

/** The tables searched, with the column that names each row; written here, never from input. */
const SOURCES = [
  { kind: "content", table: "content", title: "title", editPath: (id: string) => `/cms/content/${id}` },
  { kind: "career", table: "careers", title: "title", editPath: () => "/cms/careers" },
  { kind: "course", table: "training_courses", title: "name", editPath: () => "/cms/courses" },
  { kind: "page", table: "page_content", title: "title", editPath: () => "/cms/settings" },
] as const;

export async function findMediaUsage(db: Database, mediaId: string): Promise<MediaUse[]> {
  // The id is a UUID read from our own row, so it holds no LIKE wildcard.
  const pattern = `%${mediaId}%`;
  const uses: MediaUse[] = [];
  for (const source of SOURCES) {
    const result = (await db.execute(
      sql`select id::text as id, ${sql.identifier(source.title)} as title from ${sql.identifier(source.table)} as t
          where to_jsonb(t.*)::text like ${pattern} order by 2`,
    )) as unknown as { rows: { id: string; title: string }[] };
    for (const row of result.rows) {
      uses.push({ kind: source.kind, id: row.id, title: row.title, editPath: source.editPath(row.id) });
    }
  }
  return uses;
}

/** "content item “Our services” and job opening “Engineer”": the uses, named for a person. */
export function describeUsage(uses: readonly MediaUse[]): string {
  const names = uses.slice(0, 5).map((use) => `${KIND_LABELS[use.kind]} “${use.title}”`);
  if (uses.length > 5) names.push(`${uses.length - 5} more`);
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}
