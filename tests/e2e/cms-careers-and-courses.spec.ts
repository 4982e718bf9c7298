/**
 * The CMS Careers and Courses tabs (/cms/careers, /cms/courses; SPEC.md "Careers Management" and
 * sections 2, 3 and 5) and their editors (…/new, …/{id}; decision 017). Both kinds share one
 * journey, written once with each kind's differences as data: the empty state, the list, a new
 * record with a formatted description, a refused value, Publish (the public page shows it), a
 * draft the public page does not show until Publish, History and Restore, delete with the spec's
 * question, the audit log, and axe in both themes. Then what only one kind has: the course's
 * Deactivate and Activate and its editor without JavaScript, and the careers editor by keyboard.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { careerPath } from "../../app/lib/site/careers";
import { auditLog, careers, trainingCourses } from "../../app/db/schema";
import {
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";
import { tabWithAdd, type CmsTab } from "./pages/cms-tab";
import { RecordEditor, type DescriptionText, type RecordEditorLabels } from "./pages/record-editor";

/** A value of the field the journey changes, as typed in the editor and as a public page shows it. */
interface LiveValue {
  typed: string;
  shown: string;
}

/** A stored job opening or course, as far as the journey reads it. */
interface StoredRecord {
  id: string;
  isActive: boolean;
  deletedAt: Date | null;
}

/** What the journey needs to know about one kind: everything in which careers and courses differ. */
interface EditableKind {
  /** The kind as the spec's messages name it. */
  noun: "career" | "course";
  path: string;
  heading: string | RegExp;
  /** The page title and the list's column headings. */
  title: string;
  columns: string[];
  /** The tab's link in the CMS's section menu. */
  navLabel: string;
  /** The heading with the number of records, where the tab shows one. */
  countedHeading?: (count: number) => string;
  /** Whether the newest record is the list's first row. */
  listsNewestFirst: boolean;
  addLabel: string;
  emptyState: string;
  editor: RecordEditorLabels;
  /** Placeholders and default values the new editor shows: [label, attribute or "value", text]. */
  newEditorShows: [label: string, what: "placeholder" | "value", text: string][];
  /** Every field of a new record, and its formatted description. */
  values: Record<string, string>;
  description: readonly DescriptionText[];
  /** What the database then holds. */
  stored: Record<string, unknown>;
  /** What the list's row shows. */
  rowShows: string[];
  /** What the editor shows when it is opened again: [label, value]. */
  editorShows: [label: string, value: string][];
  /** A value the server refuses, with the message next to its field. */
  refused: { values: Record<string, string>; message: string; field: string; focusesField: boolean };
  /** The field a draft changes, published, drafted, then republished after a Restore. */
  live: { label: string; published: LiveValue; drafted: LiveValue; republished: LiveValue };
  /** The column of the live field. */
  column: (value: LiveValue) => Record<string, unknown>;
  /** The name the list shows for the record while `live` is published. */
  listedName: (live: LiveValue) => string;
  find: (server: TestServer, name: string) => Promise<StoredRecord | undefined>;
  /** Stored rows of the kind: all of them, to empty the table and put it back. */
  table: typeof careers | typeof trainingCourses;
  /** Opens the public page in `page` and checks it shows the description's formatting. */
  expectFormattedInPublic: (page: Page, record: StoredRecord, live: LiveValue) => Promise<void>;
  /** Checks that the public page shows `live` (and not `hidden`). */
  expectLiveInPublic: (page: Page, record: StoredRecord, live: LiveValue, hidden?: LiveValue) => Promise<void>;
  /** Steps only this kind has, run on the list after the revision is republished. */
  listSteps?: (steps: ListSteps) => Promise<void>;
  deleteQuestion: string;
  toasts: { published: string; updated: string; deleted: string };
  audit: { entity: string; actions: string[] };
}

/** What a kind's own list steps work with. */
interface ListSteps {
  page: Page;
  server: TestServer;
  tab: CmsTab;
  /** A second page of the same browser, for the public site. */
  publicPage: Page;
  name: string;
}

/** A course's card as the server renders /training: prices in pounds, whatever currency a visitor chose. */
async function servedCourseCard(page: Page, id: string): Promise<string> {
  const html = await (await page.request.get("/training")).text();
  const start = html.indexOf(`id="course-${id}"`);
  expect(start, "the course has a card").toBeGreaterThan(-1);
  return html.slice(start, html.indexOf("</article>", start));
}

/** The course cards' headings on /training. */
async function trainingCourseNames(page: Page): Promise<string[]> {
  const response = await page.goto("/training");
  expect(response?.status()).toBe(200);
  return page.locator("#courses").getByRole("heading", { level: 3 }).allTextContents();
}

const COURSE_NAME = "Terraform in Practice";

const CAREER: EditableKind = {
  noun: "career",
  path: "/cms/careers",
  heading: "Careers Management",
  title: "Careers | CMS",
  navLabel: "Careers",
  listsNewestFirst: true,
  columns: ["Title", "Department", "Location", "Type", "Status"],
  addLabel: "Add New Career",
  emptyState: "No careers found. Create your first career posting.",
  editor: { name: "Title *", description: "Description" },
  newEditorShows: [
    ["Experience", "placeholder", "3+ years"],
    ["Type", "value", "Full-time"],
  ],
  values: {
    "Title *": "Platform Engineer",
    Department: "Engineering",
    Location: "London (hybrid)",
    Type: "Contract",
    Experience: "5+ years",
    // Blank lines and spaces around each requirement are dropped.
    "Requirements (one per line)": "  AWS  \n\nTerraform\r\n   \nKubernetes ",
  },
  // Markdown shortcuts and the keyboard, as an editor types: a heading, bold words.
  description: [{ line: "## About the role" }, "You will keep ", { bold: "our cloud platform" }, " fast and safe."],
  stored: {
    department: "Engineering",
    location: "London (hybrid)",
    type: "Contract",
    experience: "5+ years",
    // The plain text stays for JobPosting, the assistant and the list; the HTML is what the page shows.
    description: "About the role\n\nYou will keep our cloud platform fast and safe.",
    descriptionHtml: "<h2>About the role</h2><p>You will keep <strong>our cloud platform</strong> fast and safe.</p>",
    requirements: ["AWS", "Terraform", "Kubernetes"],
    isActive: true,
    draft: null,
  },
  rowShows: ["Platform Engineer", "Active"],
  editorShows: [["Requirements (one per line)", "AWS\nTerraform\nKubernetes"]],
  refused: { values: { "Title *": "" }, message: "Title is required", field: "Title *", focusesField: false },
  live: {
    label: "Title *",
    published: { typed: "Platform Engineer", shown: "Platform Engineer" },
    drafted: { typed: "Senior Platform Engineer", shown: "Senior Platform Engineer" },
    republished: { typed: "Lead Platform Engineer", shown: "Lead Platform Engineer" },
  },
  column: (value) => ({ title: value.typed }),
  listedName: (live) => live.typed,
  find: async (server, title) => (await server.db.select().from(careers).where(eq(careers.title, title)))[0],
  table: careers,
  expectFormattedInPublic: async (page, record, live) => {
    await page.goto(careerPath({ id: record.id, title: live.typed }));
    await expect(page.getByRole("heading", { level: 2, name: "About the role" })).toBeVisible();
    await expect(page.getByTestId("rich-description").locator("strong")).toHaveText("our cloud platform");
  },
  expectLiveInPublic: async (page, record, live) => {
    await page.goto(careerPath({ id: record.id, title: live.typed }));
    await expect(page.getByRole("heading", { level: 1, name: live.shown })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "About the role" })).toBeVisible();
  },
  deleteQuestion: "Are you sure you want to delete this career?",
  toasts: {
    published: "Career published",
    updated: "Career updated successfully",
    deleted: "Career deleted successfully",
  },
  audit: {
    entity: "careers",
    actions: [
      "career.create",
      "career.delete",
      "career.publish",
      "career.publish",
      "career.restore_revision",
      "career.update",
    ],
  },
};

const COURSE: EditableKind = {
  noun: "course",
  path: "/cms/courses",
  heading: /^Training Courses \(\d+\)$/,
  title: "Courses | CMS",
  navLabel: "Courses",
  countedHeading: (count) => `Training Courses (${count})`,
  listsNewestFirst: false,
  columns: ["Name", "Level", "Duration", "Price", "Students", "Status"],
  addLabel: "Add New Course",
  emptyState: "No courses found. Add your first course.",
  editor: { name: "Name *", description: "Description *" },
  newEditorShows: [
    ["Duration *", "placeholder", "40 hours"],
    ["Level *", "placeholder", "Intermediate"],
    ["Last updated", "placeholder", "June 2025"],
  ],
  values: {
    "Name *": COURSE_NAME,
    "Duration *": "24 hours",
    "Level *": "Advanced",
    "Price (£) *": "1,299",
    "Original price (£)": "1599",
    "Rating (0–5)": "4.6",
    Students: "1234",
    Emoji: "🧱",
    Instructor: "Grace Hopper",
    "Last updated": "July 2025",
    "Features (one per line)": "Modules and state\nTesting with Terratest\nPolicy as code",
  },
  description: ["Provision AWS with ", { bold: "modules" }, ", tests and policy."],
  stored: {
    description: "Provision AWS with modules, tests and policy.",
    descriptionHtml: "<p>Provision AWS with <strong>modules</strong>, tests and policy.</p>",
    duration: "24 hours",
    level: "Advanced",
    price: 1299,
    originalPrice: 1599,
    rating: 4.6,
    students: 1234,
    emoji: "🧱",
    features: ["Modules and state", "Testing with Terratest", "Policy as code"],
    instructor: "Grace Hopper",
    lastUpdated: "July 2025",
    isActive: true,
  },
  rowShows: ["🧱", COURSE_NAME, "Advanced", "24 hours", "£1,299", "was £1,599", "1,234", "Active"],
  editorShows: [["Features (one per line)", "Modules and state\nTesting with Terratest\nPolicy as code"]],
  // An original price below the price is refused next to its field, which takes the focus.
  refused: {
    values: { "Original price (£)": "999" },
    message: "Original price cannot be lower than the price",
    field: "Original price (£)",
    focusesField: true,
  },
  live: {
    label: "Price (£) *",
    published: { typed: "1299", shown: "£1,299" },
    drafted: { typed: "1099", shown: "£1,099" },
    republished: { typed: "1199", shown: "£1,199" },
  },
  column: (value) => ({ price: Number(value.typed) }),
  listedName: () => COURSE_NAME,
  find: async (server, name) =>
    (await server.db.select().from(trainingCourses).where(eq(trainingCourses.name, name)))[0],
  table: trainingCourses,
  expectFormattedInPublic: async (page) => {
    await page.goto("/training");
    const card = page
      .getByTestId("course-card")
      .filter({ has: page.getByRole("heading", { level: 3, name: COURSE_NAME }) });
    await expect(card.locator("strong")).toHaveText("modules");
  },
  expectLiveInPublic: async (page, record, live, hidden) => {
    const card = await servedCourseCard(page, record.id);
    expect(card).toContain(live.shown);
    if (hidden) expect(card).not.toContain(hidden.shown);
  },
  // Deactivate: one click; /training no longer lists the course. Activate brings it back.
  listSteps: ({ page, server, tab, publicPage, name }) =>
    test.step("Deactivate hides the course from /training and Activate shows it again", async () => {
      await page.getByRole("button", { name: `Deactivate ${name}` }).click();
      await tab.expectToast("Course deactivated");
      await expect(tab.row(name)).toContainText("Inactive");
      expect((await COURSE.find(server, name))?.isActive).toBe(false);
      const whileHidden = await trainingCourseNames(publicPage);
      expect(whileHidden).not.toContain(name);
      expect(whileHidden.length).toBeGreaterThan(0);

      await page.getByRole("button", { name: `Activate ${name}` }).click();
      await tab.expectToast("Course activated");
      await expect(page.getByRole("button", { name: `Deactivate ${name}` })).toBeVisible();
      expect(await trainingCourseNames(publicPage)).toContain(name);
    }),
  deleteQuestion: "Are you sure you want to delete this course?",
  toasts: {
    published: "Course published",
    updated: "Course updated successfully",
    deleted: "Course deleted successfully",
  },
  audit: {
    entity: "training_courses",
    actions: [
      "course.activate",
      "course.activate",
      "course.activate",
      "course.create",
      "course.deactivate",
      "course.delete",
      "course.restore_revision",
      "course.update",
    ],
  },
};

/** The kind's tab, ready once its Add link works. */
function tabOf(page: Page, kind: EditableKind): CmsTab {
  return tabWithAdd(page, { ...kind, add: "link" });
}

async function recordCount(server: TestServer, kind: EditableKind): Promise<number> {
  return (await server.db.select({ id: kind.table.id }).from(kind.table)).length;
}

/** Runs `work` with the kind's table empty, then puts its rows back. */
async function withNoRecords(server: TestServer, kind: EditableKind, work: () => Promise<void>): Promise<void> {
  const saved = await server.db.select().from(kind.table);
  await server.db.delete(kind.table);
  try {
    await work();
  } finally {
    await server.db.delete(kind.table);
    // The union of the two tables' rows is not a type Drizzle's insert takes; each row is its table's.
    if (saved.length > 0) await server.db.insert(kind.table).values(saved as never);
    // The public pages cache the records; these writes bypassed the CMS that forgets them.
    server.invalidateCaches();
  }
}

for (const kind of [CAREER, COURSE]) {
  test.describe(kind.navLabel, () => {
    test(`an administrator adds a ${kind.noun} with a formatted description, publishes, drafts a change, restores a revision and deletes it`, async ({
      page,
      server,
      consoleErrors,
    }) => {
      // Eight steps over seven screens, four of them checked by axe in both themes, on a shared machine.
      test.setTimeout(300_000);
      const admin = await signInAs(page, server, "admin");
      const tab = tabOf(page, kind);
      const editor = new RecordEditor(page, kind.editor);
      const { published, drafted, republished } = kind.live;
      const name = kind.listedName(published);
      const publicPage = await page.context().newPage();

      await test.step(`with no ${kind.noun}s the tab shows the spec's empty state`, () =>
        withNoRecords(server, kind, async () => {
          await tab.open();
          if (kind.countedHeading)
            await expect(page.getByRole("heading", { name: kind.countedHeading(0) })).toBeVisible();
          await expect(page.getByText(kind.emptyState)).toBeVisible();
          await expect(page.getByRole("table")).toHaveCount(0);
          await expect(page.getByRole("link", { name: kind.addLabel })).toBeVisible();
          await expectAccessibleInBothThemes(page);
        }));

      const before = await recordCount(server, kind);
      const expectCount = async (count: number) => {
        if (kind.countedHeading)
          await expect(page.getByRole("heading", { name: kind.countedHeading(count) })).toBeVisible();
      };

      await test.step("the tab lists the records under the spec's columns", async () => {
        await tab.open();
        await expect(page).toHaveTitle(kind.title);
        await expectCount(before);
        await expect(
          page.getByRole("navigation", { name: "CMS sections" }).getByRole("link", { name: kind.navLabel }),
        ).toHaveAttribute("aria-current", "page");
        for (const heading of kind.columns) {
          await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
        }
        await expectAccessibleInBothThemes(page);
      });

      await test.step("Add opens the editor page with the spec's placeholders and defaults", async () => {
        await page.getByRole("link", { name: kind.addLabel }).click();
        await expect(page).toHaveURL(`${kind.path}/new`);
        await expect(page.getByRole("heading", { name: kind.addLabel })).toBeVisible();
        await editor.ready();
        for (const [label, what, text] of kind.newEditorShows) {
          if (what === "value") await expect(editor.field(label)).toHaveValue(text);
          else await expect(editor.field(label)).toHaveAttribute(what, text);
        }
        await expectAccessibleInBothThemes(page);
      });

      await test.step("a refused value is shown next to its field and nothing is stored", async () => {
        await editor.fill(kind.values);
        await editor.typeDescription(kind.description);
        await editor.fill(kind.refused.values);
        await editor.saveDraft();
        await expect(page.getByText(kind.refused.message, { exact: true })).toBeVisible();
        const field = editor.field(kind.refused.field);
        await expect(field).toHaveAttribute("aria-invalid", "true");
        if (kind.refused.focusesField) await expect(field).toBeFocused();
        expect(await recordCount(server, kind)).toBe(before);
        expectConsoleError(consoleErrors, 400);
      });

      const created = await test.step("Publish stores every field; the list and the public page show it", async () => {
        const corrected = Object.keys(kind.refused.values).map((label) => [label, kind.values[label]!]);
        await editor.fill(Object.fromEntries(corrected));
        await editor.publish();
        await expect(page).toHaveURL(kind.path);
        await tab.expectToast(kind.toasts.published);
        const record = await kind.find(server, name);
        expect(record).toMatchObject({ ...kind.stored, ...kind.column(published) });
        await expectCount(before + 1);
        for (const text of kind.rowShows) await expect(tab.row(name)).toContainText(text);
        if (kind.listsNewestFirst) await expect(page.getByRole("row").nth(1)).toContainText(name);
        await kind.expectFormattedInPublic(publicPage, record!, published);
        await kind.expectLiveInPublic(publicPage, record!, published);
        return record!;
      });

      await test.step("a draft saved with Ctrl/Cmd+S leaves the public page as it was", async () => {
        await page.getByRole("link", { name: `Edit ${name}` }).click();
        await expect(page).toHaveURL(`${kind.path}/${created.id}`);
        await editor.ready();
        for (const [label, value] of kind.editorShows) await expect(editor.field(label)).toHaveValue(value);
        await expect(editor.field(kind.live.label)).toHaveValue(published.typed);
        await expect(editor.status()).toContainText("Published");
        await editor.fill({ [kind.live.label]: drafted.typed });
        await editor.saveDraftWithShortcut();
        await expect(page).toHaveURL(kind.path);
        await tab.expectToast(kind.toasts.updated);
        expect(await kind.find(server, name)).toMatchObject({
          id: created.id,
          ...kind.column(published),
          draft: expect.objectContaining(kind.column(drafted)),
        });
        await kind.expectLiveInPublic(publicPage, created, published, drafted);
      });

      await test.step("History restores the published revision as the draft, and publishing it changes the public page", async () => {
        await page.goto(`${kind.path}/${created.id}`);
        await editor.ready();
        await expect(editor.field(kind.live.label)).toHaveValue(drafted.typed);
        await expect(editor.status()).toContainText("Published with unpublished changes");
        await expect(editor.history().getByRole("listitem")).toHaveCount(2);
        await expectAccessibleInBothThemes(page);
        await editor.restoreOldestRevision();
        await tab.expectToast("Revision restored as the draft");
        await expect(editor.field(kind.live.label)).toHaveValue(published.typed);
        await expect(editor.history().getByRole("listitem").first()).toContainText("Restored");

        await editor.ready();
        await editor.fill({ [kind.live.label]: republished.typed });
        await editor.publishChanges();
        await tab.expectToast(kind.toasts.published);
        expect(await kind.find(server, kind.listedName(republished))).toMatchObject({
          id: created.id,
          ...kind.column(republished),
          draft: null,
          isActive: true,
        });
        await kind.expectLiveInPublic(publicPage, created, republished);
      });

      const finalName = kind.listedName(republished);
      await kind.listSteps?.({ page, server, tab, publicPage, name: finalName });
      await publicPage.close();

      await test.step("Delete asks the spec's question: Cancel keeps the record, confirming moves it to the trash", async () => {
        // The Delete button sits where the toasts show.
        await waitForToastsToClose(page);
        await (await tab.askToDelete(finalName, kind.deleteQuestion)).cancel();
        expect(await kind.find(server, finalName)).toBeDefined();
        await (await tab.askToDelete(finalName, kind.deleteQuestion)).confirm();
        await tab.expectToast(kind.toasts.deleted);
        await expect(tab.row(finalName)).toHaveCount(0);
        await expectCount(before);
        // Deleted means moved to the trash: restorable for 30 days, gone from every list.
        expect((await kind.find(server, finalName))?.deletedAt).toBeInstanceOf(Date);
      });

      await test.step("every change is in the audit log, with who made it", async () => {
        const audit = await server.db
          .select({ action: auditLog.action, email: auditLog.userEmail })
          .from(auditLog)
          .where(and(eq(auditLog.entity, kind.audit.entity), eq(auditLog.entityId, created.id)));
        expect(audit.map((entry) => entry.action).sort()).toEqual(kind.audit.actions);
        expect(audit.every((entry) => entry.email === admin.email)).toBe(true);
      });
    });
  });
}

test("the careers editor works with the keyboard alone: Enter in a field saves a draft, off the careers page", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  const tab = tabOf(page, CAREER);
  const editor = new RecordEditor(page, CAREER.editor);
  await tab.open();
  await page.getByRole("link", { name: "Add New Career" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${CAREER.path}/new`);
  await editor.ready();
  await editor.field("Title *").focus();
  await page.keyboard.type("Keyboard Analyst");
  await page.keyboard.press("Tab");
  await expect(editor.field("Department")).toBeFocused();
  await page.keyboard.type("Data");
  await editor.fill({ Type: "Internship" });
  await editor.field("Title *").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(CAREER.path);
  await tab.expectToast("Career created successfully");
  expect(await CAREER.find(server, "Keyboard Analyst")).toMatchObject({
    department: "Data",
    type: "Internship",
    // Save draft: a new opening is not published until Publish.
    isActive: false,
    requirements: [],
  });
});

test("without JavaScript the course editor is a page of plain fields that shows the server's messages, keeps what was typed, and saves", async ({
  browser,
  server,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  // Without JavaScript the description is the editor's HTML textarea, filled like any field.
  const editor = new RecordEditor(page, COURSE.editor);
  const name = "No Script Security";
  const typed = {
    "Name *": name,
    "Description *": "<p>Works in <em>any</em> browser.</p>",
    "Duration *": "16 hours",
    "Level *": "Intermediate",
  };
  try {
    await signInAs(page, server, "admin");
    await page.goto(COURSE.path);
    await page.getByRole("link", { name: "Add New Course" }).click();
    await expect(page).toHaveURL(`${COURSE.path}/new`);
    await editor.fill({ ...typed, "Price (£) *": "0" });
    await editor.saveDraft();
    await expect(page.getByText("Price must be greater than 0")).toBeVisible();
    await expect(editor.field("Price (£) *")).toHaveAttribute("aria-invalid", "true");
    expect(await COURSE.find(server, name)).toBeUndefined();

    // The page drawn again after the refusal keeps everything typed: only the price is corrected.
    for (const [label, value] of Object.entries(typed)) await expect(editor.field(label)).toHaveValue(value);
    await editor.fill({ "Price (£) *": "349.99", "Features (one per line)": "One\nTwo\nThree" });
    await editor.saveDraft();
    await expect(page).toHaveURL(/\/cms\/courses$/);
    const row = page.getByRole("row", { name: /No Script Security/ });
    await expect(row).toContainText("£349.99");
    await expect(row).toContainText("Inactive");
    expect(await COURSE.find(server, name)).toMatchObject({
      price: 349.99,
      description: "Works in any browser.",
      descriptionHtml: "<p>Works in <em>any</em> browser.</p>",
      features: ["One", "Two", "Three"],
      isActive: false,
    });

    // The one-click Activate is a plain form too.
    await page.getByRole("button", { name: `Activate ${name}` }).click();
    await expect(
      page.getByRole("row", { name: /No Script Security/ }).getByText("Active", { exact: true }),
    ).toBeVisible();
    expect((await COURSE.find(server, name))?.isActive).toBe(true);
  } finally {
    await context.close();
    // Leave the worker's catalogue as the other tests expect it: the six seeded courses.
    await server.db.delete(trainingCourses).where(eq(trainingCourses.name, name));
    server.invalidateCaches();
  }
});
