/**
 * The CMS Courses tab (/cms/courses, SPEC.md sections 2, 3 and 5) and its editor (/cms/courses/new,
 * /cms/courses/{id}; issue 17, decision 017): who may use it, adding a course with a formatted
 * description (features one per line), a draft of a new price that /training does not show until
 * Publish, History and Restore, the original-price rule, hiding it from /training and showing it
 * again, deleting with confirmation, the empty state, the keyboard, the editor without JavaScript,
 * and axe in both themes.
 */
import { and, eq } from "drizzle-orm";
import type { Browser, Locator, Page } from "@playwright/test";
import { auditLog, trainingCourses } from "../../db/schema";
import {
  describeCmsAccessRules,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/courses";
const HEADING = /^Training Courses \(\d+\)$/;

async function courseByName(server: TestServer, name: string) {
  const [row] = await server.db.select().from(trainingCourses).where(eq(trainingCourses.name, name));
  return row;
}

async function courseCount(server: TestServer) {
  return (await server.db.select({ id: trainingCourses.id }).from(trainingCourses)).length;
}

async function openTab(page: Page) {
  const response = await page.goto(URL_PATH);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: HEADING })).toBeVisible();
  await waitForReact(page.getByRole("link", { name: "Add New Course" }));
}

/** The description's rich-text editor, once it has loaded (lazily, after hydration). */
async function descriptionEditor(page: Page): Promise<Locator> {
  await waitForReact(page.getByLabel("Name *"));
  const editor = page.getByRole("textbox", { name: "Description *", exact: true });
  await expect(editor).toBeVisible();
  return editor;
}

/** A course's card on /training. */
async function trainingCard(page: Page, name: string): Promise<Locator> {
  const response = await page.goto("/training");
  expect(response?.status()).toBe(200);
  return page.getByTestId("course-card").filter({ has: page.getByRole("heading", { level: 3, name }) });
}

/**
 * A course's card as the server renders /training: prices in pounds (the browser may switch to the
 * visitor's stored currency after hydration, which another test of the worker may have chosen).
 */
async function servedCard(page: Page, id: string): Promise<string> {
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

const REFUSED = "Posted by a refused request";

describeCmsAccessRules({
  path: URL_PATH,
  permission: "courses.view",
  changes: "courses.edit",
  heading: HEADING,
  form: {
    intent: "create",
    name: REFUSED,
    description: "Never stored.",
    duration: "1 hour",
    level: "Beginner",
    price: "10",
  },
  changed: async (server) => (await courseByName(server, REFUSED)) !== undefined,
  expectNothingShown: async (page) => {
    await expect(page.getByRole("table")).toHaveCount(0);
  },
});

test("an administrator adds a course with a formatted description, drafts a new price, restores, hides, shows and deletes it", async ({
  page,
  server,
  consoleErrors,
}) => {
  // Several screens, each checked by axe in both themes, on a shared machine.
  test.setTimeout(150_000);
  const name = "Terraform in Practice";
  const admin = await signInAs(page, server, "admin");
  const before = await courseCount(server);
  await openTab(page);
  await expect(page).toHaveTitle("Courses | CMS");
  await expect(page.getByRole("heading", { name: `Training Courses (${before})` })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "CMS sections" }).getByRole("link", { name: "Courses" }),
  ).toHaveAttribute("aria-current", "page");
  for (const heading of ["Name", "Level", "Duration", "Price", "Students", "Status"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }
  await expectAccessibleInBothThemes(page);

  // Add: the editor page, every field, a formatted description, features on three lines.
  await page.getByRole("link", { name: "Add New Course" }).click();
  await expect(page).toHaveURL(`${URL_PATH}/new`);
  const editor = await descriptionEditor(page);
  await expect(page.getByLabel("Duration *")).toHaveAttribute("placeholder", "40 hours");
  await expect(page.getByLabel("Level *")).toHaveAttribute("placeholder", "Intermediate");
  await expect(page.getByLabel("Last updated")).toHaveAttribute("placeholder", "June 2025");
  await expectAccessibleInBothThemes(page);
  await page.getByLabel("Name *").fill(name);
  await editor.click();
  await page.keyboard.type("Provision AWS with ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("modules");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(", tests and policy.");
  await page.getByLabel("Duration *").fill("24 hours");
  await page.getByLabel("Level *").fill("Advanced");
  await page.getByLabel("Price (£) *").fill("1,299");
  await page.getByLabel("Original price (£)").fill("1599");
  await page.getByLabel("Rating (0–5)").fill("4.6");
  await page.getByLabel("Students").fill("1234");
  await page.getByLabel("Emoji").fill("🧱");
  await page.getByLabel("Instructor").fill("Grace Hopper");
  await page.getByLabel("Last updated").fill("July 2025");
  await page.getByLabel("Features (one per line)").fill("Modules and state\nTesting with Terratest\nPolicy as code");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(URL_PATH);
  await expect(page.getByText("Course published", { exact: true })).toBeVisible();

  const created = await courseByName(server, name);
  expect(created).toMatchObject({
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
  });
  await expect(page.getByRole("heading", { name: `Training Courses (${before + 1})` })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(name) });
  for (const text of ["🧱", name, "Advanced", "24 hours", "£1,299", "was £1,599", "1,234", "Active"]) {
    await expect(row).toContainText(text);
  }
  // /training shows the formatted description.
  const trainingPage = await page.context().newPage();
  const card = await trainingCard(trainingPage, name);
  await expect(card.locator("strong")).toHaveText("modules");
  expect(await servedCard(page, created!.id)).toContain("£1,299");

  // Edit: a new price saved as a draft (Ctrl/Cmd+S); /training keeps the published price.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await descriptionEditor(page);
  await expect(page.getByLabel("Price (£) *")).toHaveValue("1299");
  await expect(page.getByLabel("Features (one per line)")).toHaveValue(
    "Modules and state\nTesting with Terratest\nPolicy as code",
  );
  await page.getByLabel("Price (£) *").fill("1099");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page).toHaveURL(URL_PATH);
  await expect(page.getByText("Course updated successfully")).toBeVisible();
  expect(await courseByName(server, name)).toMatchObject({
    price: 1299,
    draft: expect.objectContaining({ price: 1099 }),
  });
  const whileDrafted = await servedCard(page, created!.id);
  expect(whileDrafted).toContain("£1,299");
  expect(whileDrafted).not.toContain("£1,099");

  // An original price below the price is refused next to its field, and nothing changes.
  await page.getByRole("link", { name: `Edit ${name}` }).click();
  await descriptionEditor(page);
  await expect(page.getByLabel("Price (£) *")).toHaveValue("1099");
  await page.getByLabel("Original price (£)").fill("999");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Original price cannot be lower than the price")).toBeVisible();
  const originalPrice = page.getByLabel("Original price (£)");
  await expect(originalPrice).toHaveAttribute("aria-invalid", "true");
  await expect(originalPrice).toBeFocused();
  expectConsoleError(consoleErrors, 400);
  await waitForToastsToClose(page);

  // History: restore the published revision as the draft, then publish it: the price stays £1,299.
  await page.goto(`${URL_PATH}/${created!.id}`);
  await descriptionEditor(page);
  const history = page.getByRole("region", { name: /^History/ });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expectAccessibleInBothThemes(page);
  await history
    .getByRole("listitem")
    .last()
    .getByRole("button", { name: /^Restore the revision of / })
    .click();
  await expect(page.getByText("Revision restored as the draft")).toBeVisible();
  await expect(page.getByLabel("Price (£) *")).toHaveValue("1299");
  await descriptionEditor(page);
  await page.getByLabel("Price (£) *").fill("1199");
  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(page.getByText("Course published", { exact: true })).toBeVisible();
  expect(await courseByName(server, name)).toMatchObject({ price: 1199, draft: null, isActive: true });
  expect(await servedCard(page, created!.id)).toContain("£1,199");

  // Deactivate: one click; /training no longer lists the course. Activate brings it back.
  await page.getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(page.getByText("Course deactivated")).toBeVisible();
  await expect(row).toContainText("Inactive");
  expect((await courseByName(server, name))?.isActive).toBe(false);
  const whileHidden = await trainingCourseNames(trainingPage);
  expect(whileHidden).not.toContain(name);
  expect(whileHidden.length).toBeGreaterThan(0);

  await page.getByRole("button", { name: `Activate ${name}` }).click();
  await expect(page.getByText("Course activated")).toBeVisible();
  await expect(page.getByRole("button", { name: `Deactivate ${name}` })).toBeVisible();
  expect(await trainingCourseNames(trainingPage)).toContain(name);
  await trainingPage.close();

  // Delete: the spec's question; Cancel keeps the course, confirming removes it.
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this course?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await courseByName(server, name)).toBeDefined();
  await page.getByRole("button", { name: `Delete ${name}` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Course deleted successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: `Training Courses (${before})` })).toBeVisible();
  // Deleted means moved to the trash (issue 17): restorable for 30 days, gone from every list.
  expect((await courseByName(server, name))?.deletedAt).toBeInstanceOf(Date);

  // Every change is in the audit log, with who made it.
  const audit = await server.db
    .select({ action: auditLog.action, email: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "training_courses"), eq(auditLog.entityId, created!.id)));
  expect(audit.map((entry) => entry.action).sort()).toEqual([
    "course.activate",
    "course.activate",
    "course.activate",
    "course.create",
    "course.deactivate",
    "course.delete",
    "course.restore_revision",
    "course.update",
  ]);
  expect(audit.every((entry) => entry.email === admin.email)).toBe(true);
});

async function noScriptAdminPage(browser: Browser, server: TestServer): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await signInAs(page, server, "admin");
  return page;
}

test("without JavaScript the editor is a page of plain fields that shows the server's messages, keeps what was typed, and saves", async ({
  browser,
  server,
}) => {
  const page = await noScriptAdminPage(browser, server);
  try {
    await page.goto(URL_PATH);
    await page.getByRole("link", { name: "Add New Course" }).click();
    await expect(page).toHaveURL(`${URL_PATH}/new`);
    await page.getByLabel("Name *").fill("No Script Security");
    // Without JavaScript the description is the editor's HTML textarea.
    await page.getByLabel("Description *").fill("<p>Works in <em>any</em> browser.</p>");
    await page.getByLabel("Duration *").fill("16 hours");
    await page.getByLabel("Level *").fill("Intermediate");
    await page.getByLabel("Price (£) *").fill("0");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByText("Price must be greater than 0")).toBeVisible();
    await expect(page.getByLabel("Price (£) *")).toHaveAttribute("aria-invalid", "true");
    expect(await courseByName(server, "No Script Security")).toBeUndefined();

    // The page drawn again after the refusal keeps everything typed: only the price is corrected.
    await expect(page.getByLabel("Name *")).toHaveValue("No Script Security");
    await expect(page.getByLabel("Description *")).toHaveValue("<p>Works in <em>any</em> browser.</p>");
    await expect(page.getByLabel("Duration *")).toHaveValue("16 hours");
    await expect(page.getByLabel("Level *")).toHaveValue("Intermediate");
    await page.getByLabel("Price (£) *").fill("349.99");
    await page.getByLabel("Features (one per line)").fill("One\nTwo\nThree");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL(/\/cms\/courses$/);
    const row = page.getByRole("row", { name: /No Script Security/ });
    await expect(row).toContainText("£349.99");
    await expect(row).toContainText("Inactive");
    expect(await courseByName(server, "No Script Security")).toMatchObject({
      price: 349.99,
      description: "Works in any browser.",
      descriptionHtml: "<p>Works in <em>any</em> browser.</p>",
      features: ["One", "Two", "Three"],
      isActive: false,
    });

    // The one-click Activate is a plain form too.
    await page.getByRole("button", { name: "Activate No Script Security" }).click();
    await expect(
      page.getByRole("row", { name: /No Script Security/ }).getByText("Active", { exact: true }),
    ).toBeVisible();
    expect((await courseByName(server, "No Script Security"))?.isActive).toBe(true);
  } finally {
    await page.context().close();
    // Leave the worker's catalogue as the other tests expect it: the six seeded courses.
    await server.db.delete(trainingCourses).where(eq(trainingCourses.name, "No Script Security"));
    server.invalidateCaches();
  }
});

test("with no courses the tab shows the spec's empty state", async ({ page, server }) => {
  const saved = await server.db.select().from(trainingCourses);
  await server.db.delete(trainingCourses);
  try {
    await signInAs(page, server, "admin");
    await openTab(page);
    await expect(page.getByRole("heading", { name: "Training Courses (0)" })).toBeVisible();
    await expect(page.getByText("No courses found. Add your first course.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Add New Course" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  } finally {
    await server.db.delete(trainingCourses);
    if (saved.length > 0) await server.db.insert(trainingCourses).values(saved);
    server.invalidateCaches();
  }
});
