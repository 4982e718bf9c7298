/**
 * Careers (app/server/careers/careers.server.ts) and the Careers tab's form rules
 * (app/lib/schemas/careers.ts): newest first, active only for the public list, requirements one per
 * line, the title required, and requirements treated as empty when they are not a list.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { careers } from "../../app/db/schema";
import { careerFormSchema, parseRequirements, requirementsToText } from "~/lib/schemas/careers";
import { invalidateAll } from "~/server/platform/cache/cache.server";
import {
  careerPublishing,
  deleteCareer,
  findActiveCareer,
  findCareer,
  getActiveCareers,
  listActiveCareers,
  listCareers,
} from "~/server/careers/careers.server";
import { publish, unpublish } from "~/server/publishing/publishable.server";
import type { Database } from "~/server/platform/db/db.server";
import { routeArgs, routeWithBrokenDatabase, toastOf, withBrokenDatabaseHooks } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";
import type { Actor } from "~/server/platform/audit.server";
import type { CareerInput } from "~/lib/schemas/careers";
import { createTestActor } from "./test-actor";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

/** A new job opening published at once, as the editor's Publish does. */
async function createCareer(db: Database, who: Actor, input: CareerInput) {
  return (await publish(db, who, careerPublishing, input)).row;
}

// A signed-in administrator for the tab, whose data is in this test database.
const cms = setUpCmsHarness({ name: "careers" });

/** The administrator named in the audit log of the entity modules' writes. */
let actor: Actor;
beforeAll(async () => {
  actor = await createTestActor(cms.db);
});

beforeEach(async () => {
  await cms.db.delete(careers);
  invalidateAll();
});

const getDb = cms.getDb;

const day = (n: number) => new Date(Date.UTC(2025, 0, n, 12));

async function insertFixtures() {
  await cms.db.insert(careers).values([
    { title: "Oldest active", createdAt: day(1) },
    { title: "Newest inactive", createdAt: day(9), isActive: false },
    { title: "Middle active", createdAt: day(5), requirements: ["TypeScript", "SQL"] },
    { title: "Newest active", createdAt: day(8), type: "Contract" },
  ]);
}

describe("listCareers", () => {
  it("returns every career, active or not, newest first by created_at", async () => {
    await insertFixtures();
    const list = await listCareers(cms.db);
    expect(list.map((career) => career.title)).toEqual([
      "Newest inactive",
      "Newest active",
      "Middle active",
      "Oldest active",
    ]);
    expect(list.find((career) => career.title === "Middle active")?.requirements).toEqual(["TypeScript", "SQL"]);
  });

  it("finds a search in the declared searchable fields (title, department, description), not elsewhere", async () => {
    await cms.db.insert(careers).values([
      {
        title: "Platform engineer",
        department: "Cloud",
        location: "Leeds",
        type: "Full-time",
        description: "Kubernetes",
      },
      { title: "Designer", department: "Studio", location: "Cloud City", type: "Part-time", description: "Figma" },
    ]);
    const titles = async (q: string) => (await listCareers(cms.db, { q })).map((career) => career.title);
    expect(await titles("cloud")).toEqual(["Platform engineer"]);
    expect(await titles("KUBER")).toEqual(["Platform engineer"]);
    expect(await titles("design")).toEqual(["Designer"]);
    expect(await titles("Leeds")).toEqual([]);
    expect(await titles("  ")).toHaveLength(2);
  });

  it("returns an empty list when there are no careers", async () => {
    await expect(listCareers(cms.db)).resolves.toEqual([]);
  });

  it("treats requirements that are not a list as empty", async () => {
    const row = { id: "x", title: "Odd", requirements: null, type: "Full-time", createdAt: day(1) };
    const fakeDb = {
      select: () => ({ from: () => ({ orderBy: async () => [row], where: () => ({ orderBy: async () => [row] }) }) }),
    } as unknown as Database;
    await expect(listCareers(fakeDb)).resolves.toEqual([expect.objectContaining({ title: "Odd", requirements: [] })]);
    await expect(listActiveCareers(fakeDb)).resolves.toEqual([
      expect.objectContaining({ title: "Odd", requirements: [] }),
    ]);
    expect(requirementsToText(null)).toBe("");
    expect(requirementsToText("not a list")).toBe("");
    expect(requirementsToText(["A", "B"])).toBe("A\nB");
  });
});

describe("listActiveCareers (the public careers page)", () => {
  it("returns only active careers, newest first", async () => {
    await insertFixtures();
    const list = await listActiveCareers(cms.db);
    expect(list.map((career) => career.title)).toEqual(["Newest active", "Middle active", "Oldest active"]);
    expect(list.every((career) => career.isActive)).toBe(true);
  });

  it("returns nothing when every career is inactive", async () => {
    await cms.db.insert(careers).values({ title: "Closed", isActive: false });
    await expect(listActiveCareers(cms.db)).resolves.toEqual([]);
  });
});

describe("findActiveCareer (a job's own page)", () => {
  it("finds an active opening by the first eight hex digits of its id, never an inactive one", async () => {
    const [open, closed] = await cms.db
      .insert(careers)
      .values([{ title: "Open role" }, { title: "Closed role", isActive: false }])
      .returning();
    await expect(findActiveCareer(getDb, open!.id.slice(0, 8))).resolves.toMatchObject({
      id: open!.id,
      title: "Open role",
    });
    await expect(findActiveCareer(getDb, closed!.id.slice(0, 8))).resolves.toBeUndefined();
  });

  it("refuses anything but eight lower-case hex digits", async () => {
    const id = "3f2a9c1e-7b4d-4e8a-9c0f-1a2b3c4d5e6f";
    await cms.db.insert(careers).values({ id, title: "Open role" });
    await expect(findActiveCareer(getDb, "3f2a9c1e")).resolves.toMatchObject({ id });
    for (const prefix of ["%", "_%", "3f2a9c1", "3F2A9C1E", "3f2a9c1%", ""]) {
      await expect(findActiveCareer(getDb, prefix), prefix).resolves.toBeUndefined();
    }
  });
});

describe("getActiveCareers (cached for the public pages)", () => {
  const input = careerFormSchema.parse({ title: "Cloud Engineer" });

  it("serves the open positions from memory until the CMS creates, updates or deletes one", async () => {
    await cms.db.insert(careers).values({ title: "Existing role" });
    expect((await getActiveCareers(getDb)).map((career) => career.title)).toEqual(["Existing role"]);

    // A row written behind the entity module's back is not seen: the list comes from memory.
    await cms.db.insert(careers).values({ title: "Unseen role", createdAt: day(1) });
    expect((await getActiveCareers(getDb)).map((career) => career.title)).toEqual(["Existing role"]);

    const created = await createCareer(cms.db, actor, input);
    expect((await getActiveCareers(getDb)).map((career) => career.title)).toEqual([
      "Cloud Engineer",
      "Existing role",
      "Unseen role",
    ]);
    await expect(findActiveCareer(getDb, created.id.slice(0, 8))).resolves.toMatchObject({ id: created.id });

    await unpublish(cms.db, actor, careerPublishing, input, created.id);
    await expect(findActiveCareer(getDb, created.id.slice(0, 8))).resolves.toBeUndefined();

    const [existing] = await getActiveCareers(getDb);
    await deleteCareer(cms.db, actor, existing!.id);
    expect((await getActiveCareers(getDb)).map((career) => career.title)).toEqual(["Unseen role"]);
  });
});

describe("creating (Publish), unpublishing and deleting a career", () => {
  const input = careerFormSchema.parse({
    title: "  Senior Engineer  ",
    department: "Engineering",
    location: "London",
    type: "Part-time",
    experience: "3+ years",
    description: "Build things.",
    requirements: "TypeScript\n\n  React  \r\nPostgreSQL\n   ",
    isActive: "true",
  });

  it("creates a career with the form's values and requirements split per line", async () => {
    const created = await createCareer(cms.db, actor, input);
    expect(created).toMatchObject({
      title: "Senior Engineer",
      department: "Engineering",
      location: "London",
      type: "Part-time",
      experience: "3+ years",
      description: "Build things.",
      requirements: ["TypeScript", "React", "PostgreSQL"],
      isActive: true,
    });
    await expect(findCareer(cms.db, created.id)).resolves.toMatchObject({ title: "Senior Engineer" });
  });

  it("unpublishes a career by id with the form's values, and reports an unknown id", async () => {
    const created = await createCareer(cms.db, actor, input);
    const changed = careerFormSchema.parse({ title: "Lead Engineer", requirements: "", isActive: "false" });
    const updated = await unpublish(cms.db, actor, careerPublishing, changed, created.id);
    expect(updated).toMatchObject({
      id: created.id,
      title: "Lead Engineer",
      type: "Full-time",
      department: "",
      requirements: [],
      isActive: false,
    });
    expect(updated!.updatedAt.getTime()).toBeGreaterThanOrEqual(created.updatedAt.getTime());
    await expect(
      unpublish(cms.db, actor, careerPublishing, changed, "00000000-0000-4000-8000-000000000000"),
    ).rejects.toThrow("This job opening does not exist or has been deleted");
  });

  it("deletes a career by id, and says false for an unknown id", async () => {
    const created = await createCareer(cms.db, actor, input);
    await expect(deleteCareer(cms.db, actor, created.id)).resolves.toBe(true);
    await expect(findCareer(cms.db, created.id)).resolves.toBeUndefined();
    await expect(deleteCareer(cms.db, actor, created.id)).resolves.toBe(false);
  });

  it("the database refuses a blank title or an unknown type even if validation were bypassed", async () => {
    await expect(createCareer(cms.db, actor, { ...input, title: "   " })).rejects.toThrow();
    await expect(createCareer(cms.db, actor, { ...input, type: "Freelance" as "Contract" })).rejects.toThrow();
    await expect(listCareers(cms.db)).resolves.toEqual([]);
  });
});

describe("careerFormSchema", () => {
  it("splits requirements on line breaks, trims them and drops empty lines", () => {
    expect(parseRequirements("  One \n\nTwo\r\n  \rThree  ")).toEqual(["One", "Two", "Three"]);
    expect(parseRequirements("")).toEqual([]);
  });

  it("requires a title with a clear message", () => {
    for (const title of [undefined, "", "   \n "]) {
      const result = careerFormSchema.safeParse({ title });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ["title"], message: "Title is required" });
    }
  });

  it("defaults to type Full-time and active, with empty optional fields", () => {
    expect(careerFormSchema.parse({ title: "Analyst" })).toEqual({
      title: "Analyst",
      department: "",
      location: "",
      type: "Full-time",
      experience: "",
      description: "",
      requirements: [],
      isActive: true,
    });
  });

  it("reads the Active switch's hidden input", () => {
    expect(careerFormSchema.parse({ title: "A", isActive: "false" }).isActive).toBe(false);
    expect(careerFormSchema.parse({ title: "A", isActive: "true" }).isActive).toBe(true);
  });

  it("refuses an unknown type and over-long values", () => {
    expect(careerFormSchema.safeParse({ title: "A", type: "Freelance" }).success).toBe(false);
    const long = careerFormSchema.safeParse({ title: "x".repeat(201), department: "d".repeat(101) });
    expect(long.error?.issues.map((issue) => issue.message)).toEqual([
      "Title must be at most 200 characters",
      "Department must be at most 100 characters",
    ]);
    const requirement = careerFormSchema.safeParse({ title: "A", requirements: "r".repeat(501) });
    expect(requirement.error?.issues[0]?.message).toBe("Each requirement must be at most 500 characters");
    const many = careerFormSchema.safeParse({ title: "A", requirements: Array(51).fill("r").join("\n") });
    expect(many.error?.issues[0]?.message).toBe("At most 50 requirements");
  });
});

/* ------------------------------------------------------------------------------------------------
 * The tab's loader and action when the database fails: the spec's messages, nothing thrown.
 * ---------------------------------------------------------------------------------------------- */

/** The arguments React Router passes a loader or action; typed loosely, as each route has its own type. */
describe("the Careers tab when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  it('the loader answers "Failed to fetch careers" with an empty list', async () => {
    const { loader } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/careers"));
    await expect(loader(routeArgs(cms.request("http://localhost/cms/careers")))).resolves.toEqual({
      careers: [],
      error: "Failed to fetch careers",
      query: "",
    });
  });

  it('saving (in the editor) answers "Failed to save career" and deleting "Failed to delete career"', async () => {
    const { careerEditorAction } = await routeWithBrokenDatabase(
      cms,
      () => import("~/routes/cms/career-editor.server"),
    );
    const editorUrl = "http://localhost/cms/careers/new";
    const created = (await careerEditorAction(cms.post(editorUrl, { intent: "save", title: "Engineer" }), "new")) as {
      init: ResponseInit | null;
    };
    expect(created.init?.status).toBe(500);
    await expect(toastOf(created as never)).resolves.toMatchObject({
      type: "error",
      description: "Failed to save career",
    });

    const id = "00000000-0000-4000-8000-000000000001";
    const updated = await careerEditorAction(cms.post(editorUrl, { intent: "publish", title: "Engineer" }), id);
    await expect(toastOf(updated as never)).resolves.toMatchObject({
      type: "error",
      description: "Failed to save career",
    });

    const { action } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/careers"));
    const deleted = await action(routeArgs(cms.post("http://localhost/cms/careers", { intent: "delete", id })));
    expect(deleted.init?.status).toBe(500);
    await expect(toastOf(deleted)).resolves.toMatchObject({ type: "error", description: "Failed to delete career" });
  });

  it("a missing title is refused before the database is asked", async () => {
    const { careerEditorAction } = await routeWithBrokenDatabase(
      cms,
      () => import("~/routes/cms/career-editor.server"),
    );
    const result = (await careerEditorAction(
      cms.post("http://localhost/cms/careers/new", { intent: "save", title: " " }),
      "new",
    )) as { data: unknown; init: ResponseInit | null };
    expect(result.init?.status).toBe(400);
    // What was typed comes back (without the anti-forgery token), for a form drawn again without JavaScript.
    expect(result.data).toEqual({
      ok: false,
      intent: "save",
      errors: { title: "Title is required" },
      values: { intent: "save", title: " " },
    });
    await expect(listCareers(cms.db)).resolves.toEqual([]);
  });
});
