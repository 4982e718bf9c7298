/**
 * Revisions: every save of a content item, job opening or course keeps one, with the
 * editable fields as saved, who saved them and what the save did; the editor's History panel lists
 * them, compares two and restores one. The pruning rule keeps history useful without growing for
 * ever (docs/decisions/015-drafts-and-publishing.md):
 *   - every revision of the last REVISIONS_KEEP_ALL_DAYS days is kept;
 *   - older ones only the last of each day (London time);
 *   - and never fewer than the newest REVISIONS_KEEP_AT_LEAST of an item, whatever their age.
 * It runs after each save (for that item) and with `npm run retention` (for all).
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import { revisions } from "../../db/schema";
import type { RevisionAction, RevisionEntityKind } from "../../lib/enums";
import type { Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";

export const REVISIONS_KEEP_ALL_DAYS = 30;
export const REVISIONS_KEEP_AT_LEAST = 20;

export type Revision = typeof revisions.$inferSelect;
export type RevisionSummary = Pick<Revision, "id" | "action" | "userEmail" | "createdAt">;

/** Keeps one revision of an item's editable fields, then prunes that item's history. */
export async function recordRevision(
  db: Database,
  revision: {
    kind: RevisionEntityKind;
    entityId: string;
    action: RevisionAction;
    snapshot: Record<string, unknown>;
    actor: Actor | { id: string | null; email: string };
  },
): Promise<Revision> {
  const [row] = await db
    .insert(revisions)
    .values({
      entityKind: revision.kind,
      entityId: revision.entityId,
      action: revision.action,
      snapshot: revision.snapshot,
      userId: revision.actor.id,
      userEmail: revision.actor.email,
      // now() is the transaction's start: two revisions of one transaction would tie.
      createdAt: sql`clock_timestamp()`,
    })
    .returning();
  if (!row) throw new Error("The revision was not recorded");
  await pruneRevisions(db, { kind: revision.kind, entityId: revision.entityId });
  return row;
}

/** An item's revisions, newest first, without their snapshots (the History panel's list). */
export function listRevisions(db: Database, kind: RevisionEntityKind, entityId: string): Promise<RevisionSummary[]> {
  return db
    .select({
      id: revisions.id,
      action: revisions.action,
      userEmail: revisions.userEmail,
      createdAt: revisions.createdAt,
    })
    .from(revisions)
    .where(and(eq(revisions.entityKind, kind), eq(revisions.entityId, entityId)))
    .orderBy(desc(revisions.createdAt), desc(revisions.id));
}

/** One revision of this item, or undefined (another item's revision is not found here either). */
export async function getRevision(
  db: Database,
  kind: RevisionEntityKind,
  entityId: string,
  revisionId: string,
): Promise<Revision | undefined> {
  const [row] = await db
    .select()
    .from(revisions)
    .where(and(eq(revisions.id, revisionId), eq(revisions.entityKind, kind), eq(revisions.entityId, entityId)));
  return row;
}

/**
 * Deletes the revisions the rule above lets go, of one item or of all; returns how many. `now` is
 * the database's clock unless a test gives its own.
 */
export async function pruneRevisions(
  db: Database,
  options: { kind?: RevisionEntityKind; entityId?: string; now?: Date } = {},
): Promise<number> {
  const now: SQL = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const scope: SQL[] = [];
  if (options.kind) scope.push(sql`entity_kind = ${options.kind}`);
  if (options.entityId) scope.push(sql`entity_id = ${options.entityId}`);
  const where = scope.length > 0 ? sql`where ${sql.join(scope, sql` and `)}` : sql``;
  const result = (await db.execute(sql`
    delete from revisions where id in (
      select id from (
        select id, created_at,
          row_number() over (partition by entity_kind, entity_id order by created_at desc, id desc) as newest,
          row_number() over (
            partition by entity_kind, entity_id, (created_at at time zone 'Europe/London')::date
            order by created_at desc, id desc
          ) as of_day
        from revisions ${where}
      ) ranked
      where newest > ${REVISIONS_KEEP_AT_LEAST}
        and created_at < ${now} - make_interval(days => ${REVISIONS_KEEP_ALL_DAYS}::int)
        and of_day > 1
    )
    returning id`)) as unknown as { rows: unknown[] };
  return result.rows.length;
}
