/**
 * The CMS Courses tab (app/routes/cms/courses.tsx) called as React Router calls it, with real
 * sessions, anti-forgery tokens and a PGlite database: the list by name, create, update, show/hide
 * (and the public catalogue following at once), delete (also of a course that was ordered), the
 * spec's messages, the audit log, refused input that changes nothing, and non-administrators refused.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { auditLog, orderItems, orders, trainingCourses } from "../../app/db/schema";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import { getCatalogue, purgeTrashedCourses } from "~/server/commerce/courses.server";
import { getToast } from "~/server/platform/toast.server";
import {
  postForm,
  routeArgs,
  routeWithBrokenDatabase,
  toastOf,
  withBrokenDatabaseHooks,
} from "./broken-database-routes";
import { setUpCmsHarness, type Role } from "./cms-harness";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const URL_PATH = "http://localhost/cms/courses";
const UNKNOWN_ID = "00000000-0000-4000-8000-0000000000ff";

// The toasts' signed cookie needs a secret, which is generated in DATA_DIR.
const cms = setUpCmsHarness({ name: "cms-courses" });

beforeEach(async () => {
  invalidateAll();
  await cms.db.delete(orders);
  await cms.db.delete(trainingCourses);
  await cms.db.delete(auditLog);
  // Another active course, so the public catalogue comes from the database rather than the
  // built-in six (which it shows when no course is active).
  await cms.db.insert(trainingCourses).values({
    name: "Cyber Security Essentials",
    description: "Defend a small network.",
    duration: "24 hours",
    level: "Beginner",
    price: 899,
  });
});

const getDb = cms.getDb;

/** A POST to the tab as `who`, with the anti-forgery token unless told otherwise. */
function post(fields: Record<string, string>, who: Role = "admin", { withToken = true } = {}) {
  return cms.post(URL_PATH, fields, { as: who, withToken });
}

async function loadRoute() {
  return import("~/routes/cms/courses");
}

/** What the action answered: a redirect Response, or data() with a status. */
type ActionAnswer = Response | { data: unknown; init: ResponseInit | null };

/**
 * Sends `fields` as the tab's forms do: "create" and "update" are the editor's Publish
 * (/cms/courses/new and /cms/courses/{id}; decision 017), anything else the list's action.
 */
async function act(fields: Record<string, string>, who: Role = "admin") {
  if (fields.intent === "create" || fields.intent === "update") {
    const { courseEditorAction } = await import("~/routes/cms/course-editor.server");
    const id = fields.intent === "create" ? "new" : (fields.id ?? "");
    const request = cms.post(`${URL_PATH}/${id}`, { ...fields, intent: "publish" }, { as: who });
    return (await courseEditorAction(request, id)) as ActionAnswer;
  }
  const { action } = await loadRoute();
  return (await action(routeArgs(post(fields, who)))) as ActionAnswer;
}

/** The toast a response carries, read back as the next page's root loader reads it. */
async function toastIn(answer: ActionAnswer) {
  const headers = answer instanceof Response ? answer.headers : new Headers(answer.init?.headers ?? undefined);
  const cookie = headers.get("Set-Cookie")!.split(";")[0]!;
  return (await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }))).toast;
}

/** Expects a success: back to the list with a success toast saying `description`. */
async function expectBackToListWith(answer: ActionAnswer, description: string) {
  expect(answer).toBeInstanceOf(Response);
  const response = answer as Response;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toBe("/cms/courses");
  await expect(toastIn(response)).resolves.toMatchObject({ type: "success", description });
}

/** The status a loader or action threw (a redirect Response, or data() with a status). */
async function thrownStatus(promise: Promise<unknown>): Promise<{ status: number; location?: string | null }> {
  const error = await promise.then(
    () => {
      throw new Error("the request was not refused");
    },
    (caught: unknown) => caught,
  );
  if (error instanceof Response) return { status: error.status, location: error.headers.get("Location") };
  return { status: (error as { init?: ResponseInit }).init?.status ?? 0 };
}

const form = {
  intent: "create",
  name: "  Kubernetes in Production  ",
  description: "Run clusters that heal themselves.",
  duration: "32 hours",
  level: "Advanced",
  price: "£1,299.50",
  originalPrice: "1599",
  rating: "4.7",
  students: "1,204",
  emoji: "🚢",
  features: "Pods and deployments\n\n  Helm charts  \r\nObservability\n",
  instructor: "Ada Lovelace",
  lastUpdated: "June 2025",
  isActive: "true",
};

async function courseNamed(name: string) {
  const [row] = await cms.db.select().from(trainingCourses).where(eq(trainingCourses.name, name));
  return row;
}

async function createdCourse() {
  await expectBackToListWith(await act(form), "Course published");
  return (await courseNamed("Kubernetes in Production"))!;
}

async function catalogueNames() {
  return (await getCatalogue(getDb)).courses.map((course) => course.name);
}

async function auditActions(entityId: string) {
  const rows = await cms.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  return rows.map((row) => ({ action: row.action, email: row.userEmail, entity: row.entity }));
}

describe("the loader", () => {
  it("lists every course, active or not, by name", async () => {
    await cms.db.insert(trainingCourses).values([
      { name: "Agile Delivery", description: "d", duration: "8 hours", level: "Beginner", price: 499, isActive: false },
      { name: "Zero Trust Networks", description: "d", duration: "16 hours", level: "Advanced", price: 999 },
    ]);
    const { loader } = await loadRoute();
    const { courses, error } = await loader(routeArgs(cms.request(URL_PATH)));
    expect(error).toBeNull();
    expect(courses.map((course) => [course.name, course.isActive])).toEqual([
      ["Agile Delivery", false],
      ["Cyber Security Essentials", true],
      ["Zero Trust Networks", true],
    ]);
  });
});

describe("the list's search (issue 17)", () => {
  it("finds a word of the description, not only of the name", async () => {
    const { loader } = await loadRoute();
    const found = await loader(routeArgs(cms.request(`${URL_PATH}?q=${encodeURIComponent("small network")}`)));
    expect(found.query).toBe("small network");
    expect(found.courses.map((course) => course.name)).toEqual(["Cyber Security Essentials"]);
    const none = await loader(routeArgs(cms.request(`${URL_PATH}?q=nowhere`)));
    expect(none.courses).toEqual([]);
  });
});

describe("create, update, show/hide and delete", () => {
  it("creates a course from the form, with the typed values cleaned, audited and on the catalogue", async () => {
    const course = await createdCourse();
    expect(course).toMatchObject({
      name: "Kubernetes in Production",
      price: 1299.5,
      originalPrice: 1599,
      rating: 4.7,
      students: 1204,
      emoji: "🚢",
      features: ["Pods and deployments", "Helm charts", "Observability"],
      instructor: "Ada Lovelace",
      lastUpdated: "June 2025",
      isActive: true,
    });
    await expect(auditActions(course.id)).resolves.toEqual([
      { action: "course.create", email: "admin@example.com", entity: "training_courses" },
      { action: "course.activate", email: "admin@example.com", entity: "training_courses" },
    ]);
    await expect(catalogueNames()).resolves.toEqual(["Cyber Security Essentials", "Kubernetes in Production"]);
  });

  it("updates a course by id, and the catalogue shows the new price at once", async () => {
    const course = await createdCourse();
    // Read once, so the catalogue is cached before the change.
    expect((await getCatalogue(getDb)).courses.find((card) => card.id === course.id)?.price).toBe(1299.5);

    // The editor's form carries the version it was opened on (a save over a newer one is refused).
    const baseVersion = course.updatedAt.toISOString();
    const changes = { price: "1099", features: "Helm charts", baseVersion };
    const answer = await act({ ...form, intent: "update", id: course.id, ...changes });
    await expectBackToListWith(answer, "Course published");
    expect(await courseNamed("Kubernetes in Production")).toMatchObject({
      id: course.id,
      price: 1099,
      features: ["Helm charts"],
    });
    expect((await getCatalogue(getDb)).courses.find((card) => card.id === course.id)?.price).toBe(1099);
    await expect(auditActions(course.id)).resolves.toContainEqual(
      expect.objectContaining({ action: "course.activate" }),
    );
  });

  it("deactivates a course, which leaves the catalogue, and activates it again", async () => {
    const course = await createdCourse();
    await expect(catalogueNames()).resolves.toContain("Kubernetes in Production");

    const hidden = await act({ intent: "set-active", id: course.id, isActive: "false" });
    await expectBackToListWith(hidden, "Course deactivated");
    expect((await courseNamed("Kubernetes in Production"))?.isActive).toBe(false);
    await expect(catalogueNames()).resolves.toEqual(["Cyber Security Essentials"]);

    // The form names the state it wants, so sending it twice does not flip the course back.
    await expectBackToListWith(
      await act({ intent: "set-active", id: course.id, isActive: "false" }),
      "Course deactivated",
    );
    expect((await courseNamed("Kubernetes in Production"))?.isActive).toBe(false);

    const shown = await act({ intent: "set-active", id: course.id, isActive: "true" });
    await expectBackToListWith(shown, "Course activated");
    expect((await courseNamed("Kubernetes in Production"))?.isActive).toBe(true);
    await expect(catalogueNames()).resolves.toEqual(["Cyber Security Essentials", "Kubernetes in Production"]);

    expect((await auditActions(course.id)).map((entry) => entry.action)).toEqual([
      "course.create",
      "course.activate",
      "course.deactivate",
      "course.deactivate",
      "course.activate",
    ]);
  });

  it("deletes a course, which leaves the catalogue", async () => {
    const course = await createdCourse();
    await expect(catalogueNames()).resolves.toContain("Kubernetes in Production");
    await expectBackToListWith(await act({ intent: "delete", id: course.id }), "Course deleted successfully");
    // Deleting moves it to the trash: the row stays, marked, until the retention job.
    expect(await courseNamed("Kubernetes in Production")).toMatchObject({ deletedAt: expect.any(Date) });
    await expect(catalogueNames()).resolves.toEqual(["Cyber Security Essentials"]);
    expect((await auditActions(course.id)).map((entry) => entry.action)).toEqual([
      "course.create",
      "course.activate",
      "course.delete",
    ]);
  });

  it("deletes a course that was ordered: the order keeps its own copy of the name and prices", async () => {
    const course = await createdCourse();
    const [order] = await cms.db.insert(orders).values({ currency: "USD", total: 1663, provider: "test" }).returning();
    await cms.db.insert(orderItems).values({
      orderId: order!.id,
      courseId: course.id,
      courseName: course.name,
      position: 0,
      basePrice: 1299.5,
      unitPrice: 1663,
      currency: "USD",
      exchangeRate: 1.28,
    });

    await expectBackToListWith(await act({ intent: "delete", id: course.id }), "Course deleted successfully");
    // Deleting moves it to the trash: the row stays, marked, until the retention job.
    expect(await courseNamed("Kubernetes in Production")).toMatchObject({ deletedAt: expect.any(Date) });
    // Deleted for good (by the retention job, after 30 days in the trash): the order keeps its copy.
    await purgeTrashedCourses(cms.db, new Date(Date.now() + 1000));
    const items = await cms.db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(items).toEqual([
      expect.objectContaining({
        courseId: null,
        courseName: "Kubernetes in Production",
        basePrice: 1299.5,
        unitPrice: 1663,
      }),
    ]);
  });
});

describe("refused input changes nothing", () => {
  it("a price of 0 is refused with the field's message", async () => {
    const before = await cms.db.select().from(trainingCourses);
    const answer = await act({ ...form, price: "0" });
    expect(answer).not.toBeInstanceOf(Response);
    const { data, init } = answer as { data: unknown; init: ResponseInit };
    expect(init.status).toBe(400);
    expect(data).toMatchObject({ ok: false, intent: "publish", errors: { price: "Price must be greater than 0" } });
    // What was typed comes back, for a form drawn again without JavaScript; the token does not.
    expect(data).toMatchObject({ values: { price: "0", level: "Advanced" } });
    expect(data).not.toHaveProperty("values.csrf");
    expect(await cms.db.select().from(trainingCourses)).toEqual(before);
  });

  it("an original price below the price is refused on create and on update", async () => {
    const refusedCreate = (await act({ ...form, price: "1299", originalPrice: "999" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(refusedCreate.init.status).toBe(400);
    expect(refusedCreate.data).toMatchObject({
      errors: { originalPrice: "Original price cannot be lower than the price" },
    });
    expect(await courseNamed("Kubernetes in Production")).toBeUndefined();

    const course = await createdCourse();
    const refusedUpdate = (await act({ ...form, intent: "update", id: course.id, price: "1700" })) as {
      data: unknown;
      init: ResponseInit;
    };
    expect(refusedUpdate.init.status).toBe(400);
    expect(refusedUpdate.data).toMatchObject({
      errors: { originalPrice: "Original price cannot be lower than the price" },
    });
    expect(await courseNamed("Kubernetes in Production")).toEqual(course);
    expect((await auditActions(course.id)).map((entry) => entry.action)).toEqual(["course.create", "course.activate"]);
  });

  it("several refused fields each get their message; a missing name is named", async () => {
    const answer = (await act({ intent: "create", name: " ", price: "12.345", rating: "6", students: "-2" })) as {
      data: { errors: Record<string, string> };
    };
    expect(answer.data.errors).toEqual({
      name: "Name is required",
      description: "Description is required",
      duration: "Duration is required",
      level: "Level is required",
      price: "Price can have at most two decimal places",
      rating: "Rating must be between 0 and 5",
      students: "Students cannot be negative",
    });
    await expect(cms.db.select().from(trainingCourses)).resolves.toHaveLength(1);
  });

  it("an unknown course is reported with the spec's messages", async () => {
    const cases = [
      [{ ...form, intent: "update", id: UNKNOWN_ID }, "This course does not exist or has been deleted"],
      [{ intent: "set-active", id: UNKNOWN_ID, isActive: "false" }, "Failed to update course"],
      [{ intent: "delete", id: UNKNOWN_ID }, "Failed to delete course"],
      [{ intent: "delete", id: "not-a-uuid" }, "Failed to delete course"],
    ] as const;
    for (const [fields, description] of cases) {
      const answer = await act(fields);
      expect(answer, JSON.stringify(fields)).not.toBeInstanceOf(Response);
      expect((answer as { init: ResponseInit }).init.status, JSON.stringify(fields)).toBe(404);
      await expect(toastIn(answer)).resolves.toMatchObject({ type: "error", description });
    }
    await expect(cms.db.select().from(trainingCourses)).resolves.toHaveLength(1);
  });

  it("set-active needs an explicit true or false, and an unknown intent is refused", async () => {
    const [existing] = await cms.db.select().from(trainingCourses);
    const toggle = (await act({ intent: "set-active", id: existing!.id, isActive: "toggle" })) as {
      init: ResponseInit;
    };
    expect(toggle.init.status).toBe(400);
    const unknown = (await act({ intent: "archive", id: existing!.id })) as { data: unknown; init: ResponseInit };
    expect(unknown.init.status).toBe(400);
    expect(unknown.data).toEqual({ ok: false, intent: "archive", errors: { form: "Unknown action." } });
    expect((await courseNamed("Cyber Security Essentials"))?.isActive).toBe(true);
  });
});

describe("who may use the tab", () => {
  it("support (read-only) reads the list but gets 403 from every action", async () => {
    const { loader, action } = await loadRoute();
    const [existing] = await cms.db.select().from(trainingCourses);
    const read = cms.request(URL_PATH, { as: "support" });
    expect((await loader(routeArgs(read))).courses.map((course) => course.id)).toContain(existing!.id);

    const requests: Record<string, string>[] = [
      form,
      { ...form, intent: "update", id: existing!.id, name: "Renamed" },
      { intent: "set-active", id: existing!.id, isActive: "false" },
      { intent: "delete", id: existing!.id },
    ];
    for (const fields of requests) {
      await expect(thrownStatus(action(routeArgs(post(fields, "support")))), fields.intent).resolves.toEqual({
        status: 403,
      });
    }
    expect(await cms.db.select().from(trainingCourses)).toEqual([existing]);
    await expect(cms.db.select().from(auditLog)).resolves.toEqual([]);
  });

  it("an anonymous visitor is sent to sign in, and a form without the anti-forgery token is refused", async () => {
    const { loader, action } = await loadRoute();
    await expect(thrownStatus(loader(routeArgs(new Request(URL_PATH))))).resolves.toEqual({
      status: 302,
      location: "/cms?redirectTo=%2Fcms%2Fcourses",
    });
    await expect(thrownStatus(action(routeArgs(postForm(URL_PATH, form))))).resolves.toMatchObject({ status: 302 });
    await expect(thrownStatus(action(routeArgs(post(form, "admin", { withToken: false }))))).resolves.toEqual({
      status: 403,
    });
    expect(await courseNamed("Kubernetes in Production")).toBeUndefined();
  });
});

/* ------------------------------------------------------------------------------------------------
 * When the database fails: the spec's messages, nothing thrown. Last in the file, as it reloads the
 * route's modules with a database that fails all but the sign-in.
 * ---------------------------------------------------------------------------------------------- */

describe("the Courses tab when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  it('the loader answers "Failed to fetch courses" with an empty list', async () => {
    const { loader } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/courses"));
    await expect(loader(routeArgs(cms.request(URL_PATH)))).resolves.toEqual({
      courses: [],
      error: "Failed to fetch courses",
      query: "",
    });
  });

  it("saving (in the editor), showing or hiding, and deleting answer 500 with the spec's messages", async () => {
    const { courseEditorAction } = await routeWithBrokenDatabase(
      cms,
      () => import("~/routes/cms/course-editor.server"),
    );
    for (const [intent, id] of [
      ["save", "new"],
      ["publish", UNKNOWN_ID],
    ] as const) {
      const request = cms.post(`${URL_PATH}/${id}`, { ...form, intent });
      const answer = (await courseEditorAction(request, id)) as { data: unknown; init: ResponseInit | null };
      expect(answer.init?.status, intent).toBe(500);
      expect(answer.data, intent).toMatchObject({ errors: { form: "Failed to save course" } });
      await expect(toastOf(answer as never)).resolves.toMatchObject({
        type: "error",
        description: "Failed to save course",
      });
    }
    const { action } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/courses"));
    const cases = [
      [{ intent: "set-active", id: UNKNOWN_ID, isActive: "true" }, "Failed to update course"],
      [{ intent: "delete", id: UNKNOWN_ID }, "Failed to delete course"],
    ] as const;
    for (const [fields, description] of cases) {
      const answer = (await action(routeArgs(cms.post(URL_PATH, fields)))) as { init: ResponseInit | null };
      expect(answer.init?.status, fields.intent).toBe(500);
      await expect(toastOf(answer)).resolves.toMatchObject({ type: "error", description });
    }
  });
});
