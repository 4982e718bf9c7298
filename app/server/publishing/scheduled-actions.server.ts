/**
 * Scheduled publications and unpublications: what the editors ask for, what the
 * Scheduled view lists, and the claim that lets exactly one server instance carry each out.
 *
 * A due row is claimed with FOR UPDATE SKIP LOCKED inside the transaction that carries it out and
 * marks it done: another instance skips the locked row, and after the commit no longer sees it as
 * pending; a crash before the commit rolls everything back and the row stays due. No lease needed.
 */
import { and, asc, eq, isNull, lte, sql, type SQL } from "drizzle-orm";
import { careers, content, scheduledActions, trainingCourses } from "../../db/schema";
import type { RevisionEntityKind, ScheduledActionKind } from "../../lib/enums";
import { recordAudit, type Actor, type AuditActor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { logger } from "../platform/logger.server";

export type ScheduledAction = typeof scheduledActions.$inferSelect;

export const SCHEDULE_IN_PAST = "Choose a time in the future";
export const SCHEDULE_NOT_FOUND = "This scheduled action has already run or was cancelled";

/**
 * Schedules `action` of an item at `runAt`, replacing a pending schedule of the same action for it
 * (an item has at most one pending publication and one pending unpublication). Call inside the
 * transaction of the change it belongs to; it records its own audit entry ("<kind>.schedule").
 */
export async function scheduleAction(
  db: Database,
  actor: Actor,
  item: { kind: RevisionEntityKind; id: string; action: ScheduledActionKind; runAt: Date; now?: Date },
): Promise<ScheduledAction> {
  if (item.runAt.getTime() <= (item.now ?? new Date()).getTime())
    throw new ExpectedError(SCHEDULE_IN_PAST, { field: `${item.action}At` });
  await db
    .delete(scheduledActions)
    .where(
      and(
        eq(scheduledActions.entityKind, item.kind),
        eq(scheduledActions.entityId, item.id),
        eq(scheduledActions.action, item.action),
        isNull(scheduledActions.doneAt),
      ),
    );
  const [row] = await db
    .insert(scheduledActions)
    .values({
      entityKind: item.kind,
      entityId: item.id,
      action: item.action,
      runAt: item.runAt,
      createdBy: actor.id,
      createdByEmail: actor.email,
    })
    .returning();
  if (!row) throw new Error("The scheduled action was not recorded");
  await recordAudit(db, actor, `${item.kind}.schedule`, item.kind, item.id, {
    action: item.action,
    runAt: item.runAt.toISOString(),
    scheduledActionId: row.id,
  });
  return row;
}

/** A pending scheduled action by its id (undefined once it ran or was cancelled). */
export async function findPendingScheduledAction(db: Database, id: string): Promise<ScheduledAction | undefined> {
  const [row] = await db
    .select()
    .from(scheduledActions)
    .where(and(eq(scheduledActions.id, id), isNull(scheduledActions.doneAt)))
    .limit(1);
  return row;
}

/**
 * Cancels a pending scheduled action, with its "<kind>.schedule_cancel" audit entry; refuses one
 * that ran. `of` limits it to one kind of item, or one item: the caller checked the permission of
 * that kind, so an action of another is "not found".
 */
export function cancelScheduledAction(
  db: Database,
  actor: Actor,
  id: string,
  of: { kind: RevisionEntityKind; entityId?: string },
): Promise<ScheduledAction> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(scheduledActions)
      .where(
        and(
          eq(scheduledActions.id, id),
          isNull(scheduledActions.doneAt),
          eq(scheduledActions.entityKind, of.kind),
          of.entityId === undefined ? undefined : eq(scheduledActions.entityId, of.entityId),
        ),
      )
      .returning();
    if (!row) throw new ExpectedError(SCHEDULE_NOT_FOUND, { status: 404 });
    await recordAudit(tx, actor, `${row.entityKind}.schedule_cancel`, row.entityKind, row.entityId, {
      action: row.action,
      runAt: row.runAt.toISOString(),
      scheduledActionId: row.id,
    });
    return row;
  });
}

/** An item's pending scheduled actions, soonest first (the editor's status line). */
export function listPendingFor(db: Database, kind: RevisionEntityKind, entityId: string): Promise<ScheduledAction[]> {
  return db
    .select()
    .from(scheduledActions)
    .where(
      and(
        eq(scheduledActions.entityKind, kind),
        eq(scheduledActions.entityId, entityId),
        isNull(scheduledActions.doneAt),
      ),
    )
    .orderBy(asc(scheduledActions.runAt));
}

export interface PendingScheduledAction extends ScheduledAction {
  /** The item's title (a course's name), or null when the item is gone. */
  title: string | null;
}

/** Every pending scheduled action with its item's title, soonest first (the Scheduled view). */
export async function listPendingScheduledActions(db: Database): Promise<PendingScheduledAction[]> {
  const rows = await db
    .select({
      action: scheduledActions,
      contentTitle: content.title,
      careerTitle: careers.title,
      courseName: trainingCourses.name,
    })
    .from(scheduledActions)
    .leftJoin(content, and(eq(scheduledActions.entityKind, "content"), eq(content.id, scheduledActions.entityId)))
    .leftJoin(careers, and(eq(scheduledActions.entityKind, "career"), eq(careers.id, scheduledActions.entityId)))
    .leftJoin(
      trainingCourses,
      and(eq(scheduledActions.entityKind, "course"), eq(trainingCourses.id, scheduledActions.entityId)),
    )
    .where(isNull(scheduledActions.doneAt))
    .orderBy(asc(scheduledActions.runAt), asc(scheduledActions.id));
  return rows.map((row) => ({ ...row.action, title: row.contentTitle ?? row.careerTitle ?? row.courseName ?? null }));
}

/** What carries out a due action of one kind of item; it throws an ExpectedError when it cannot. */
export type ScheduledActionHandler = (db: Database, entityId: string, actor: AuditActor) => Promise<void>;
export type ScheduledActionHandlers = Partial<
  Record<RevisionEntityKind, Partial<Record<ScheduledActionKind, ScheduledActionHandler>>>
>;

export interface ScheduledRunResult {
  done: number;
  failed: number;
}

/**
 * Carries out every due pending action, one transaction each (see the top of this file), and
 * returns how many were done and how many could not be. An action that cannot be carried out (its
 * item is gone, its slug taken ...) is marked done with its error, so it is not tried for ever.
 */
export async function runDueScheduledActions(
  db: Database,
  handlers: ScheduledActionHandlers,
  options: { now?: Date; limit?: number } = {},
): Promise<ScheduledRunResult> {
  const now: SQL = options.now ? sql`${options.now.toISOString()}::timestamptz` : sql`now()`;
  const result: ScheduledRunResult = { done: 0, failed: 0 };
  for (let index = 0; index < (options.limit ?? 100); index += 1) {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(scheduledActions)
        .where(and(isNull(scheduledActions.doneAt), lte(scheduledActions.runAt, now)))
        .orderBy(asc(scheduledActions.runAt), asc(scheduledActions.id))
        .limit(1)
        .for("update", { skipLocked: true });
      if (!row) return null;
      const actor = { id: row.createdBy, email: row.createdByEmail };
      const handler = handlers[row.entityKind as RevisionEntityKind]?.[row.action as ScheduledActionKind];
      let error: string | null = null;
      try {
        if (!handler) throw new ExpectedError(`Nothing carries out ${row.action} of ${row.entityKind} items`);
        // A savepoint: a refused action undoes its own writes, not the claim.
        await tx.transaction((savepoint) => handler(savepoint, row.entityId, actor));
      } catch (caught) {
        if (!(caught instanceof ExpectedError)) throw caught;
        error = caught.message;
        await recordAudit(tx, actor, `${row.entityKind}.schedule_failed`, row.entityKind, row.entityId, {
          action: row.action,
          scheduledActionId: row.id,
          error,
        });
        logger.warn({ scheduledActionId: row.id, error }, "a scheduled action could not be carried out");
      }
      await tx
        .update(scheduledActions)
        .set({ doneAt: sql`${now}`, error })
        .where(eq(scheduledActions.id, row.id));
      return error === null ? "done" : "failed";
    });
    if (outcome === null) break;
    result[outcome] += 1;
  }
  return result;
}
