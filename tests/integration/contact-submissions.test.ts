/**
 * Contact submissions as the CMS triages them (app/server/contact/contact-submissions.server.ts, listed
 * through submission-list.server.ts): newest first, filtered by status, one page at a time, and a status that
 * must be one of the four values.
 */
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { contactSubmissions } from "../../app/db/schema";
import {
  findContactSubmission,
  isContactStatus,
  updateContactSubmissionStatus,
} from "~/server/contact/contact-submissions.server";
import { listSubmissions } from "~/server/contact/submission-list.server";
import { routeArgs, routeWithBrokenDatabase, toastOf, withBrokenDatabaseHooks } from "./broken-database-routes";
import { setUpCmsHarness } from "./cms-harness";
import { ExpectedError } from "~/server/platform/errors.server";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

// A signed-in administrator for the tab, whose data is in this test database.
const cms = setUpCmsHarness({ name: "contact-submissions" });
const ids: Record<string, string> = {};
/** The administrator who changes statuses (the change is audited under their name). */
let actor: { id: string; email: string };

const at = (n: number) => new Date(Date.UTC(2025, 2, n, 9, 30));

beforeAll(async () => {
  actor = { id: cms.userId("admin"), email: "admin@example.com" };
  const rows = await cms.db
    .insert(contactSubmissions)
    .values([
      { name: "Ada", email: "ada@example.com", subject: "Quote", message: "Hello", createdAt: at(3) },
      { name: "Ben", email: "ben@example.com", subject: "Job", message: "CV", createdAt: at(7), status: "in_progress" },
      { name: "Cy", email: "cy@example.com", subject: "Spam", message: "Buy", createdAt: at(1), status: "spam" },
      {
        name: "Di",
        email: "di@example.com",
        phone: "+44 20 1234 5678",
        subject: "Help",
        message: "Hi",
        createdAt: at(9),
      },
      { name: "Ed", email: "ed@example.com", subject: "Thanks", message: "Done", createdAt: at(5), status: "resolved" },
    ])
    .returning({ id: contactSubmissions.id, name: contactSubmissions.name });
  for (const row of rows) ids[row.name] = row.id;
});

const names = (page: { submissions: { name: string }[] }) => page.submissions.map((submission) => submission.name);

describe("listSubmissions", () => {
  it("lists every submission newest first by created_at, with the total", async () => {
    const page = await listSubmissions(cms.db);
    expect(names(page)).toEqual(["Di", "Ben", "Ed", "Ada", "Cy"]);
    expect(page.total).toBe(5);
    expect(page.submissions[0]).toMatchObject({ name: "Di", phone: "+44 20 1234 5678", status: "new" });
  });

  it("filters by status, with the total of that status", async () => {
    for (const [status, expected] of [
      ["new", ["Di", "Ada"]],
      ["in_progress", ["Ben"]],
      ["resolved", ["Ed"]],
      ["spam", ["Cy"]],
    ] as const) {
      const page = await listSubmissions(cms.db, { status });
      expect(names(page)).toEqual(expected);
      expect(page.total).toBe(expected.length);
    }
  });

  it("pages with limit and offset, keeping the total of all pages", async () => {
    const first = await listSubmissions(cms.db, {}, { limit: 2, offset: 0 });
    const second = await listSubmissions(cms.db, {}, { limit: 2, offset: 2 });
    const third = await listSubmissions(cms.db, {}, { limit: 2, offset: 4 });
    expect([names(first), names(second), names(third)]).toEqual([["Di", "Ben"], ["Ed", "Ada"], ["Cy"]]);
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    const beyond = await listSubmissions(cms.db, {}, { limit: 2, offset: 10 });
    expect(beyond).toEqual({ submissions: [], total: 5 });
  });
});

describe("findContactSubmission", () => {
  it("finds one submission by id, or nothing", async () => {
    await expect(findContactSubmission(cms.db, ids.Ada!)).resolves.toMatchObject({
      name: "Ada",
      email: "ada@example.com",
      message: "Hello",
      phone: null,
    });
    await expect(findContactSubmission(cms.db, "00000000-0000-4000-8000-000000000000")).resolves.toBeUndefined();
  });
});

describe("updateContactSubmissionStatus", () => {
  it("changes the status freely among the four values and reports the previous one", async () => {
    const id = ids.Ada!;
    await expect(updateContactSubmissionStatus(cms.db, actor, id, "in_progress")).resolves.toEqual({
      previous: "new",
      status: "in_progress",
    });
    await expect(updateContactSubmissionStatus(cms.db, actor, id, "spam")).resolves.toEqual({
      previous: "in_progress",
      status: "spam",
    });
    await expect(updateContactSubmissionStatus(cms.db, actor, id, "new")).resolves.toEqual({
      previous: "spam",
      status: "new",
    });
    await expect(findContactSubmission(cms.db, id)).resolves.toMatchObject({ status: "new" });
  });

  it('refuses any other value with "Invalid status value" and changes nothing', async () => {
    const id = ids.Ed!;
    for (const bad of ["closed", "", "NEW", null, 1]) {
      const attempt = updateContactSubmissionStatus(cms.db, actor, id, bad);
      await expect(attempt).rejects.toBeInstanceOf(ExpectedError);
      await expect(updateContactSubmissionStatus(cms.db, actor, id, bad)).rejects.toThrow("Invalid status value");
    }
    const [row] = await cms.db
      .select({ status: contactSubmissions.status })
      .from(contactSubmissions)
      .where(eq(contactSubmissions.id, id));
    expect(row?.status).toBe("resolved");
  });

  it("returns undefined for an unknown id", async () => {
    await expect(
      updateContactSubmissionStatus(cms.db, actor, "00000000-0000-4000-8000-000000000000", "resolved"),
    ).resolves.toBeUndefined();
  });

  it("isContactStatus accepts exactly the four statuses", () => {
    expect(["new", "in_progress", "resolved", "spam"].every(isContactStatus)).toBe(true);
    expect(["In Progress", "open", undefined, null].some(isContactStatus)).toBe(false);
  });
});

describe("the Contact Submissions tab's selected submission", () => {
  it("hands the page the message as the text the visitor typed, never as HTML", async () => {
    const message =
      '<img src="https://tracker.example/p.png"><h2>Action required</h2><a href="https://evil.example">x</a>\nSecond line';
    const [row] = await cms.db
      .insert(contactSubmissions)
      .values({ name: "Mallory", email: "mallory@example.com", subject: "Invoice", message })
      .returning({ id: contactSubmissions.id });
    try {
      const { loader } = await import("~/routes/cms/submissions");
      const result = await loader(routeArgs(cms.request(`http://localhost/cms/submissions?selected=${row!.id}`)));
      expect(result.selected).toMatchObject({ name: "Mallory", message });
      expect(Object.keys(result.selected!).filter((key) => /html/i.test(key))).toEqual([]);
    } finally {
      await cms.db.delete(contactSubmissions).where(eq(contactSubmissions.id, row!.id));
    }
  });
});

/* ------------------------------------------------------------------------------------------------
 * The tab's loader and action when the database fails: the spec's messages, nothing thrown.
 * ---------------------------------------------------------------------------------------------- */

/** The arguments React Router passes a loader or action; typed loosely, as each route has its own type. */
describe("the Contact Submissions tab when the database fails", () => {
  withBrokenDatabaseHooks(cms);

  it('the loader answers "Failed to fetch contact submissions" with an empty list', async () => {
    const { loader } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/submissions"));
    const result = await loader(routeArgs(cms.request("http://localhost/cms/submissions?status=spam")));
    expect(result).toMatchObject({
      error: "Failed to fetch contact submissions",
      submissions: [],
      total: 0,
      selected: null,
      status: "spam",
    });
  });

  it('a status change answers "Failed to update status"; an invalid one "Invalid status value"', async () => {
    const { action } = await routeWithBrokenDatabase(cms, () => import("~/routes/cms/submissions"));
    const url = "http://localhost/cms/submissions";
    const id = "00000000-0000-4000-8000-000000000001";
    // Only an erasure answers with a redirect; a status change answers with data and a toast.
    const answer = async (form: Record<string, string>) => {
      const result = await action(routeArgs(cms.post(url, form)));
      if (result instanceof Response || !("init" in result)) throw new Error("expected data() with a toast");
      return result;
    };
    const failed = await answer({ intent: "status", id, status: "resolved" });
    expect(failed.init?.status).toBe(500);
    await expect(toastOf(failed)).resolves.toMatchObject({ type: "error", description: "Failed to update status" });

    const invalid = await answer({ intent: "status", id, status: "closed" });
    expect(invalid.init?.status).toBe(400);
    await expect(toastOf(invalid)).resolves.toMatchObject({ type: "error", description: "Invalid status value" });
  });
});
