/**
 * Training courses (SPEC.md sections 2 "Training", 3 and 7): the public catalogue, the CMS Courses
 * tab, and the checkout, which prices an order from these rows and nothing else.
 */
import { and, asc, eq, inArray, isNotNull, isNull, lt, sql } from "drizzle-orm";
import { trainingCourses } from "../../db/schema";
import { BUILT_IN_COURSES } from "../../content/training-courses";
import { course } from "../../lib/content-kinds/course";
import { versionedFieldsOf, type VersionedFields } from "../../lib/content-kinds/define-kind";
import type { CourseSummary } from "../../lib/commerce/training";
import { auditedChange, type Actor, type AuditActor } from "../platform/audit.server";
import { publish, scheduledHandlersOf, unpublish } from "../publishing/publishable.server";
import { searchCondition } from "../publishing/list-search.server";
import { isActiveSwitch, type Publishable } from "../publishing/publishable-kind.server";
import type { ScheduledActionHandlers } from "../publishing/scheduled-actions.server";
import { cached, invalidate } from "../platform/cache/cache.server";
import type { Database } from "../platform/db/db.server";
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
    // The editor's sanitised HTML: the card shows it when present, else the plain text.
    descriptionHtml: course.descriptionHtml ?? null,
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
  return db
    .select()
    .from(trainingCourses)
    .where(
      and(
        options.trashed ? isNotNull(trainingCourses.deletedAt) : isNull(trainingCourses.deletedAt),
        searchCondition(trainingCourses, course, options.q),
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

/** The course with this id, unless it is in the trash; `forUpdate` locks it until the transaction ends. */
export async function findCourse(
  db: Database,
  id: string,
  options?: { forUpdate?: boolean },
): Promise<Course | undefined> {
  const query = db
    .select()
    .from(trainingCourses)
    .where(and(eq(trainingCourses.id, id), isNull(trainingCourses.deletedAt)));
  const [row] = options?.forUpdate ? await query.for("update") : await query;
  return row;
}

/** The catalogue and the assistant's site search show the change on their next request. */
function coursesChanged(): void {
  invalidate(ACTIVE_COURSES_CACHE_KEY);
}

/** What a draft and a revision of a course hold: its declared fields (lib/content-kinds/course.ts). */
export type EditableCourseFields = VersionedFields<typeof course>;

export const COURSE_NOT_FOUND = "This course does not exist or has been deleted";

/**
 * Courses in the draft and publishing model (publishing/publishable.server.ts): active = published,
 * so an active course's draft changes neither the catalogue nor the price the checkout charges.
 */
export const coursePublishing: Publishable<Course, EditableCourseFields> = {
  kind: course.kind,
  fields: versionedFieldsOf(course),
  live: isActiveSwitch(),
  notFound: COURSE_NOT_FOUND,
  audit: {
    entity: "training_courses",
    actions: {
      create: "course.create",
      update: "course.update",
      publish: "course.activate",
      unpublish: "course.deactivate",
      restoreRevision: "course.restore_revision",
    },
    details: ({ name, price, originalPrice }) => ({ name, price, originalPrice }),
  },
  find: findCourse,
  insert: async (db, values) => {
    const [row] = await db.insert(trainingCourses).values(values).returning();
    if (!row) throw new Error("The course was not created");
    return row;
  },
  update: async (db, id, values) => {
    const [row] = await db
      .update(trainingCourses)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(trainingCourses.id, id), isNull(trainingCourses.deletedAt)))
      .returning();
    return row;
  },
  changed: coursesChanged,
};

/**
 * The list's one-click Activate / Deactivate: Publish (a pending draft goes live with it) or
 * Unpublish; undefined when there is no such course.
 */
export async function setCourseActive(
  db: Database,
  actor: AuditActor,
  id: string,
  isActive: boolean,
): Promise<Course | undefined> {
  if (!(await findCourse(db, id))) return undefined;
  if (isActive) return (await publish(db, actor, coursePublishing, undefined, id)).row;
  return unpublish(db, actor, coursePublishing, undefined, id);
}

/** What the audit log keeps of a course deleted or restored from the trash. */
const nameOnly = ({ name }: Course) => ({ name });

/** Runs one administrator's trash change to a course with its audit entry, then forgets the catalogue. */
async function changeCourse(
  db: Database,
  actor: Actor,
  action: string,
  change: (tx: Database) => Promise<Course | undefined>,
): Promise<Course | undefined> {
  const course = await auditedChange(db, actor, change, (row) =>
    row ? { action, entity: "training_courses", entityId: row.id, details: nameOnly(row) } : null,
  );
  coursesChanged();
  return course;
}

/**
 * Moves a course to the trash; undefined when there is no such course outside it. The
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
  return changeCourse(db, actor, "course.delete", trash);
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
  return changeCourse(db, actor, "course.restore", restore);
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

/** What the scheduler (publishing/scheduler.server.ts) does to a course at its time: publish or unpublish it. */
export const courseScheduledHandlers: ScheduledActionHandlers = scheduledHandlersOf(coursePublishing);
