/** Job openings (careers): the CMS's Careers tab and the public careers page (SPEC.md section 7). */
import { and, desc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { careers } from "../../db/schema";
import { versionedFieldsOf, type VersionedFields } from "../../lib/content-kinds/define-kind";
import { jobOpening } from "../../lib/content-kinds/job-opening";
import type { CareerType } from "../../lib/enums";
import { auditedChange, recordAudit, type Actor } from "../platform/audit.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { scheduledHandlersOf } from "../publishing/publishable.server";
import { searchCondition } from "../publishing/list-search.server";
import { isActiveSwitch, type Publishable } from "../publishing/publishable-kind.server";
import type { ScheduledActionHandlers } from "../publishing/scheduled-actions.server";

export const ACTIVE_CAREERS_CACHE_KEY = "careers:active";

export type CareerRow = typeof careers.$inferSelect;

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
  const rows = await db
    .select()
    .from(careers)
    .where(
      and(
        options.trashed ? isNotNull(careers.deletedAt) : isNull(careers.deletedAt),
        searchCondition(careers, jobOpening, options.q),
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

/** What a draft and a revision of a job opening hold: its declared fields (lib/content-kinds/job-opening.ts). */
export type EditableCareerFields = VersionedFields<typeof jobOpening>;

export const CAREER_NOT_FOUND = "This job opening does not exist or has been deleted";

/** Job openings in the draft and publishing model (publishing/publishable.server.ts): active = published. */
export const careerPublishing: Publishable<CareerRow, EditableCareerFields> = {
  kind: jobOpening.kind,
  fields: versionedFieldsOf(jobOpening),
  live: isActiveSwitch(),
  notFound: CAREER_NOT_FOUND,
  audit: {
    entity: ENTITY,
    actions: {
      create: "career.create",
      update: "career.update",
      publish: "career.publish",
      unpublish: "career.unpublish",
      restoreRevision: "career.restore_revision",
    },
    details: (row) => ({ title: row.title }),
  },
  find: async (db, id, options) => {
    const query = db
      .select()
      .from(careers)
      .where(and(eq(careers.id, id), isNull(careers.deletedAt)));
    const [row] = options?.forUpdate ? await query.for("update") : await query;
    return row;
  },
  insert: async (db, values) => {
    const [row] = await db.insert(careers).values(values).returning();
    if (!row) throw new Error("The career was not created");
    return row;
  },
  update: async (db, id, values) => {
    const [row] = await db
      .update(careers)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(careers.id, id), isNull(careers.deletedAt)))
      .returning();
    return row;
  },
  changed: careersChanged,
};

/** Moves a career to the trash; whether it was there to move (deletions are undoable). */
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

/** The scheduler publishes (activates) and unpublishes job openings through the same model. */
export const careerScheduledHandlers: ScheduledActionHandlers = scheduledHandlersOf(careerPublishing);

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
