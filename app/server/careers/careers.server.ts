/** Job openings (careers): the CMS's Careers tab and the public careers page (SPEC.md section 7). */
import { and, desc, eq, ilike, inArray, isNotNull, isNull, lt, or } from "drizzle-orm";
import { careers } from "../../../db/schema";
import type { CareerType } from "../../lib/enums";
import type { CareerInput } from "../../lib/schemas/careers";
import { auditedChange, recordAudit, type Actor, type AuditActor } from "../platform/audit.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { containsPattern } from "../platform/db/like-pattern.server";
import { ExpectedError } from "../platform/errors.server";
import type { RevisionAction } from "../../lib/enums";
import { recordRevision } from "../publishing/revisions.server";
import type { ScheduledActionHandlers } from "../publishing/scheduled-actions.server";

export const ACTIVE_CAREERS_CACHE_KEY = "careers:active";

type CareerRow = typeof careers.$inferSelect;

export type Career = Omit<CareerRow, "type" | "requirements"> & { type: CareerType; requirements: string[] };

/** The spec's rule: requirements are a list of text, treated as empty when they are not a list. */
function toCareer(row: CareerRow): Career {
  const requirements: unknown = row.requirements;
  return {
    ...row,
    type: row.type as CareerType,
    requirements: Array.isArray(requirements)
      ? requirements.filter((item): item is string => typeof item === "string")
      : [],
  };
}

/**
 * Every career not in the trash, active or not, newest first (the CMS list); `trashed` lists the
 * trash instead. `q` finds a word in the title, department or description.
 */
export async function listCareers(db: Database, options: { trashed?: boolean; q?: string } = {}): Promise<Career[]> {
  const query = options.q?.trim();
  const pattern = containsPattern(query ?? "");
  const rows = await db
    .select()
    .from(careers)
    .where(
      and(
        options.trashed ? isNotNull(careers.deletedAt) : isNull(careers.deletedAt),
        query
          ? or(ilike(careers.title, pattern), ilike(careers.department, pattern), ilike(careers.description, pattern))
          : undefined,
      ),
    )
    .orderBy(desc(careers.createdAt), desc(careers.id));
  return rows.map(toCareer);
}

/** The open positions a visitor sees: active only, newest first. */
export async function listActiveCareers(db: Database): Promise<Career[]> {
  const rows = await db
    .select()
    .from(careers)
    .where(and(eq(careers.isActive, true), isNull(careers.deletedAt)))
    .orderBy(desc(careers.createdAt), desc(careers.id));
  return rows.map(toCareer);
}

/** The open positions, cached until a career changes (the careers page and every job page read them). */
export function getActiveCareers(getDb: () => Promise<Database>): Promise<Career[]> {
  return cached(ACTIVE_CAREERS_CACHE_KEY, async () => listActiveCareers(await getDb()));
}

/**
 * The active opening whose id starts with these hex digits (the end of its public address), or
 * undefined; of two such openings (a one-in-four-billion chance), the newest.
 */
export async function findActiveCareer(getDb: () => Promise<Database>, idPrefix: string): Promise<Career | undefined> {
  if (!/^[0-9a-f]{8}$/.test(idPrefix)) return undefined;
  return (await getActiveCareers(getDb)).find((career) => career.id.startsWith(idPrefix));
}

/** The careers pages and the assistant's site search show the change on their next request. */
function careersChanged(): void {
  invalidate(ACTIVE_CAREERS_CACHE_KEY);
}

/** The career with this id, unless it is in the trash. */
export async function findCareer(db: Database, id: string): Promise<Career | undefined> {
  const [row] = await db
    .select()
    .from(careers)
    .where(and(eq(careers.id, id), isNull(careers.deletedAt)));
  return row ? toCareer(row) : undefined;
}

const ENTITY = "careers";

/** Keeps a revision of a saved job opening (issue 17): its fields, without id and timestamps. */
async function keepRevision(tx: Database, actor: AuditActor, row: CareerRow, action: RevisionAction): Promise<void> {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...snapshot } = row;
  await recordRevision(tx, { kind: "career", entityId: row.id, action, snapshot, actor });
}

export async function createCareer(db: Database, actor: Actor, input: CareerInput): Promise<Career> {
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [created] = await tx.insert(careers).values(input).returning();
      if (!created) throw new Error("The career was not created");
      await keepRevision(tx, actor, created, "saved");
      return created;
    },
    (career) => ({ action: "career.create", entity: ENTITY, entityId: career.id, details: { title: career.title } }),
  );
  careersChanged();
  return toCareer(row);
}

/** The updated career, or undefined when no career has this id. */
export async function updateCareer(
  db: Database,
  actor: Actor,
  id: string,
  input: CareerInput,
): Promise<Career | undefined> {
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [updated] = await tx
        .update(careers)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(careers.id, id))
        .returning();
      if (updated) await keepRevision(tx, actor, updated, "saved");
      return updated;
    },
    (career) =>
      career
        ? {
            action: "career.update",
            entity: ENTITY,
            entityId: career.id,
            details: { title: career.title, isActive: career.isActive },
          }
        : null,
  );
  careersChanged();
  return row ? toCareer(row) : undefined;
}

/** Moves a career to the trash; whether it was there to move (issue 17: deletions are undoable). */
export async function deleteCareer(db: Database, actor: Actor, id: string): Promise<boolean> {
  const deleted = await auditedChange(
    db,
    actor,
    async (tx) =>
      (
        await tx
          .update(careers)
          .set({ deletedAt: new Date(), deletedBy: actor.id })
          .where(and(eq(careers.id, id), isNull(careers.deletedAt)))
          .returning({ id: careers.id })
      ).length > 0,
    (existed) => (existed ? { action: "career.delete", entity: ENTITY, entityId: id } : null),
  );
  careersChanged();
  return deleted;
}

/**
 * A scheduled publication (is_active on) or unpublication (off) of a job opening, carried out by
 * the scheduler (publishing/scheduler.server.ts) with the audit entry of whoever scheduled it.
 */
async function setCareerActive(db: Database, actor: AuditActor, id: string, isActive: boolean): Promise<void> {
  const row = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [updated] = await tx
        .update(careers)
        .set({ isActive, updatedAt: new Date() })
        .where(eq(careers.id, id))
        .returning();
      if (!updated) throw new ExpectedError("This job opening does not exist or has been deleted", { status: 404 });
      await keepRevision(tx, actor, updated, isActive ? "published" : "unpublished");
      return updated;
    },
    (career) => ({
      action: isActive ? "career.publish" : "career.unpublish",
      entity: ENTITY,
      entityId: career.id,
      details: { title: career.title, scheduled: true },
    }),
  );
  if (row) careersChanged();
}

export const careerScheduledHandlers: ScheduledActionHandlers = {
  career: {
    publish: (db, id, actor) => setCareerActive(db, actor, id, true),
    unpublish: (db, id, actor) => setCareerActive(db, actor, id, false),
  },
};
/** Takes careers out of the trash, as they were; returns the ids restored. */
export async function restoreCareers(db: Database, actor: Actor, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const restored = await db.transaction(async (tx) => {
    const rows = await tx
      .update(careers)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(inArray(careers.id, [...ids]), isNotNull(careers.deletedAt)))
      .returning({ id: careers.id, title: careers.title });
    for (const row of rows) await recordAudit(tx, actor, "career.restore", ENTITY, row.id, { title: row.title });
    return rows.map((row) => row.id);
  });
  careersChanged();
  return restored;
}

/** The retention job: deletes for good the careers in the trash since before `cutoff`. */
export async function purgeTrashedCareers(db: Database, cutoff: Date): Promise<{ id: string; title: string }[]> {
  const rows = await db
    .delete(careers)
    .where(lt(careers.deletedAt, cutoff))
    .returning({ id: careers.id, title: careers.title });
  if (rows.length > 0) careersChanged();
  return rows;
}
