/**
 * Training courses (SPEC.md sections 2 "Training", 3 and 7): the public catalogue, the CMS Courses
 * tab, and the checkout, which prices an order from these rows and nothing else.
 */
import { and, asc, eq, ilike, inArray, isNotNull, isNull, lt, or, sql } from "drizzle-orm";
import { trainingCourses } from "../../../db/schema";
import { BUILT_IN_COURSES } from "../../content/training-courses";
import type { CourseInput } from "../../lib/schemas/courses";
import type { CourseSummary } from "../../lib/training";
import { auditedChange, type Actor, type AuditActor } from "../platform/audit.server";
import { ExpectedError } from "../platform/errors.server";
import type { RevisionAction } from "../../lib/enums";
import { recordRevision } from "../publishing/revisions.server";
import type { ScheduledActionHandlers } from "../publishing/scheduled-actions.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
import { containsPattern } from "../platform/db/like-pattern.server";
import { logger } from "../platform/logger.server";

export type Course = typeof trainingCourses.$inferSelect;

export const ACTIVE_COURSES_CACHE_KEY = "courses:active";

/**
 * By name, ignoring case ("Agile" before "AWS"), then by id: the same order on PGlite and on a
 * PostgreSQL server, whatever collation its database was created with.
 */
const BY_NAME = [sql`lower(${trainingCourses.name})`, asc(trainingCourses.name), asc(trainingCourses.id)];

function toSummary(course: CourseSummary): CourseSummary {
  const { id, name, description, duration, level, price, originalPrice, rating, students, emoji } = course;
  const features = Array.isArray(course.features) ? course.features.filter((f) => typeof f === "string") : [];
  return {
    id,
    name,
    description,
    duration,
    level,
    price,
    originalPrice,
    rating,
    students,
    emoji,
    features,
    instructor: course.instructor,
    lastUpdated: course.lastUpdated,
  };
}

/**
 * Every course not in the trash, active or not, by name (the CMS list); `trashed` lists the trash
 * instead. `q` finds a word in the name or the description.
 */
export function listCourses(db: Database, options: { trashed?: boolean; q?: string } = {}): Promise<Course[]> {
  const query = options.q?.trim();
  const pattern = containsPattern(query ?? "");
  return db
    .select()
    .from(trainingCourses)
    .where(
      and(
        options.trashed ? isNotNull(trainingCourses.deletedAt) : isNull(trainingCourses.deletedAt),
        query ? or(ilike(trainingCourses.name, pattern), ilike(trainingCourses.description, pattern)) : undefined,
      ),
    )
    .orderBy(...BY_NAME);
}

/** The courses a visitor can buy, by name (SPEC.md section 7). */
export async function listActiveCourses(db: Database): Promise<CourseSummary[]> {
  const rows = await db
    .select()
    .from(trainingCourses)
    .where(and(eq(trainingCourses.isActive, true), isNull(trainingCourses.deletedAt)))
    .orderBy(...BY_NAME);
  return rows.map(toSummary);
}

export interface Catalogue {
  courses: CourseSummary[];
  /** "database", or "built-in" when the query failed or found no active course (SPEC.md section 4). */
  source: "database" | "built-in";
}

const builtInCatalogue = (): Catalogue => ({ courses: BUILT_IN_COURSES.map(toSummary), source: "built-in" });

/**
 * The Featured Training Courses: the active courses, cached until the CMS changes one. A failed
 * query or an empty list shows the built-in six, with no message to the visitor (SPEC.md section 8).
 */
export async function getCatalogue(getDb: () => Promise<Database>): Promise<Catalogue> {
  try {
    const courses = await cached(ACTIVE_COURSES_CACHE_KEY, async () => listActiveCourses(await getDb()));
    return courses.length > 0 ? { courses, source: "database" } : builtInCatalogue();
  } catch (error) {
    logger.error({ err: error }, "could not load the training courses; showing the built-in catalogue");
    return builtInCatalogue();
  }
}

/** The courses with these ids that exist outside the trash, active or not, in no particular order. */
export function findCoursesByIds(db: Database, ids: readonly string[]): Promise<Course[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(trainingCourses)
    .where(and(inArray(trainingCourses.id, [...ids]), isNull(trainingCourses.deletedAt)));
}

/** The course with this id, unless it is in the trash. */
export async function findCourse(db: Database, id: string): Promise<Course | undefined> {
  const [row] = await db
    .select()
    .from(trainingCourses)
    .where(and(eq(trainingCourses.id, id), isNull(trainingCourses.deletedAt)));
  return row;
}

/** The catalogue and the assistant's site search show the change on their next request. */
function coursesChanged(): void {
  invalidate(ACTIVE_COURSES_CACHE_KEY);
}

/** What the audit log keeps of a saved course, and of one shown, hidden or deleted. */
const savedDetails = ({ name, price, originalPrice, isActive }: Course) => ({ name, price, originalPrice, isActive });
const nameOnly = ({ name }: Course) => ({ name });

/**
 * Runs one administrator's change to a course with its audit entry `action` (none when no course
 * matched), then forgets the cached catalogue.
 */
async function changeCourse<T extends Course | undefined>(
  db: Database,
  actor: AuditActor,
  action: string,
  change: (tx: Database) => Promise<T>,
  details: (course: Course) => Record<string, unknown>,
  /** The revision the change keeps (issue 17); none for a deletion. */
  revision: RevisionAction | null = null,
): Promise<T> {
  const withRevision = async (tx: Database) => {
    const row = await change(tx);
    if (row && revision) {
      const { id: _id, createdAt: _created, updatedAt: _updated, ...snapshot } = row;
      await recordRevision(tx, { kind: "course", entityId: row.id, action: revision, snapshot, actor });
    }
    return row;
  };
  const course = await auditedChange(db, actor, withRevision, (row) =>
    row ? { action, entity: "training_courses", entityId: row.id, details: details(row) } : null,
  );
  coursesChanged();
  return course;
}

async function updateCourseRow(tx: Database, id: string, changes: Partial<CourseInput>): Promise<Course | undefined> {
  const [row] = await tx
    .update(trainingCourses)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(trainingCourses.id, id))
    .returning();
  return row;
}

export function createCourse(db: Database, actor: Actor, input: CourseInput): Promise<Course> {
  const insert = async (tx: Database) => {
    const [row] = await tx.insert(trainingCourses).values(input).returning();
    if (!row) throw new Error("The course was not created");
    return row;
  };
  return changeCourse(db, actor, "course.create", insert, savedDetails, "saved");
}

/** The updated course, or undefined when no course has this id. */
export function updateCourse(db: Database, actor: Actor, id: string, input: CourseInput): Promise<Course | undefined> {
  return changeCourse(db, actor, "course.update", (tx) => updateCourseRow(tx, id, input), savedDetails, "saved");
}

/** Shows or hides a course on /training (and in the checkout); undefined when there is no such course. */
export function setCourseActive(
  db: Database,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<Course | undefined> {
  const action = isActive ? "course.activate" : "course.deactivate";
  const revision = isActive ? "published" : "unpublished";
  return changeCourse(db, actor, action, (tx) => updateCourseRow(tx, id, { isActive }), nameOnly, revision);
}

/**
 * Moves a course to the trash (issue 17); undefined when there is no such course outside it. The
 * retention job deletes it for good after 30 days; orders keep their frozen copy of its name and prices.
 */
export function deleteCourse(db: Database, actor: Actor, id: string): Promise<Course | undefined> {
  const trash = async (tx: Database) => {
    const [row] = await tx
      .update(trainingCourses)
      .set({ deletedAt: new Date(), deletedBy: actor.id })
      .where(and(eq(trainingCourses.id, id), isNull(trainingCourses.deletedAt)))
      .returning();
    return row;
  };
  return changeCourse(db, actor, "course.delete", trash, nameOnly);
}

/** Takes a course out of the trash, as it was; undefined when it is not there. */
export function restoreCourse(db: Database, actor: Actor, id: string): Promise<Course | undefined> {
  const restore = async (tx: Database) => {
    const [row] = await tx
      .update(trainingCourses)
      .set({ deletedAt: null, deletedBy: null })
      .where(and(eq(trainingCourses.id, id), isNotNull(trainingCourses.deletedAt)))
      .returning();
    return row;
  };
  return changeCourse(db, actor, "course.restore", restore, nameOnly);
}

/** The retention job: deletes for good the courses in the trash since before `cutoff`. */
export async function purgeTrashedCourses(db: Database, cutoff: Date): Promise<{ id: string; title: string }[]> {
  const rows = await db
    .delete(trainingCourses)
    .where(lt(trainingCourses.deletedAt, cutoff))
    .returning({ id: trainingCourses.id, title: trainingCourses.name });
  if (rows.length > 0) coursesChanged();
  return rows;
}

/** What the scheduler (publishing/scheduler.server.ts) does to a course at its time: show or hide it. */
export const courseScheduledHandlers: ScheduledActionHandlers = {
  course: {
    publish: async (db, id, actor) => {
      if (!(await setCourseActive(db, actor, id, true))) throw new ExpectedError("This course does not exist");
    },
    unpublish: async (db, id, actor) => {
      if (!(await setCourseActive(db, actor, id, false))) throw new ExpectedError("This course does not exist");
    },
  },
};
