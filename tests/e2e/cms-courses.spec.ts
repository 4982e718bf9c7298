/**
 * The CMS Courses tab (/cms/courses, SPEC.md sections 2, 3 and 5): who may use it, adding a course
 * (features one per line), editing its price, the original-price rule, hiding it from /training
 * and showing it again, deleting with confirmation, the empty state, the keyboard, the form without
 * JavaScript, and axe in both themes with the dialog open and closed.
 */
import { and, eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { auditLog, trainingCourses } from "../../db/schema";
import {
  describeCmsAccessRules,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  openCmsTab,
  signInAs,
  test,
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

function openTab(page: Page) {
  return openCmsTab(page, URL_PATH, HEADING, "Add New Course");
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

test("an administrator adds, edits, hides, shows and deletes a course", async ({ page, server, consoleErrors }) => {
  // Several screens, each checked by axe in both themes, on a shared machine.
  test.setTimeout(120_000);
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

  // Add: every field, features on three lines.
  const addButton = page.getByRole("button", { name: "Add New Course" });
  await addButton.click();
  const dialog = page.getByRole("dialog", { name: "Add New Course" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Duration *")).toHaveAttribute("placeholder", "40 hours");
  await expect(dialog.getByLabel("Level *")).toHaveAttribute("placeholder", "Intermediate");
  await expect(dialog.getByLabel("Last updated")).toHaveAttribute("placeholder", "June 2025");
  await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  await dialog.getByLabel("Name *").fill(name);
  await dialog.getByLabel("Description *").fill("Provision AWS with modules, tests and policy.");
  await dialog.getByLabel("Duration *").fill("24 hours");
  await dialog.getByLabel("Level *").fill("Advanced");
  await dialog.getByLabel("Price (£) *").fill("1,299");
  await dialog.getByLabel("Original price (£)").fill("1599");
  await dialog.getByLabel("Rating (0–5)").fill("4.6");
  await dialog.getByLabel("Students").fill("1234");
  await dialog.getByLabel("Emoji").fill("🧱");
  await dialog.getByLabel("Instructor").fill("Grace Hopper");
  await dialog.getByLabel("Last updated").fill("July 2025");
  await dialog
    .getByLabel("Features (one per line)")
    .fill("Modules and state\n\n  Testing with Terratest  \nPolicy as code");
  await dialog.getByRole("button", { name: "Create Course" }).click();
  await expect(page.getByText("Course created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();

  const created = await courseByName(server, name);
  expect(created).toMatchObject({
    description: "Provision AWS with modules, tests and policy.",
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

  // Edit: the dialog shows the stored values, features one per line; the new price is listed.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Course" });
  await expect(editDialog.getByLabel("Name *")).toHaveValue(name);
  await expect(editDialog.getByLabel("Price (£) *")).toHaveValue("1299");
  await expect(editDialog.getByLabel("Features (one per line)")).toHaveValue(
    "Modules and state\nTesting with Terratest\nPolicy as code",
  );
  await editDialog.getByLabel("Price (£) *").fill("1099");
  await editDialog.getByRole("button", { name: "Update Course" }).click();
  await expect(page.getByText("Course updated successfully")).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText("£1,099");
  expect(await courseByName(server, name)).toMatchObject({ id: created!.id, price: 1099, originalPrice: 1599 });

  // An original price below the price is refused next to its field, and nothing changes.
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  await editDialog.getByLabel("Original price (£)").fill("999");
  await editDialog.getByRole("button", { name: "Update Course" }).click();
  await expect(editDialog.getByText("Original price cannot be lower than the price")).toBeVisible();
  const originalPrice = editDialog.getByLabel("Original price (£)");
  await expect(originalPrice).toHaveAttribute("aria-invalid", "true");
  await expect(originalPrice).toBeFocused();
  await expect(originalPrice).toHaveValue("999");
  expectConsoleError(consoleErrors, 400);
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);
  expect(await courseByName(server, name)).toMatchObject({ price: 1099, originalPrice: 1599 });
  await editDialog.getByRole("button", { name: "Cancel" }).click();
  await expect(editDialog).toBeHidden();
  await expect(page.getByRole("button", { name: `Edit ${name}` })).toBeFocused();

  // Deactivate: one click; /training no longer lists the course. Activate brings it back.
  expect(await trainingCourseNames(page)).toContain(name);
  await openTab(page);
  await page.getByRole("button", { name: `Deactivate ${name}` }).click();
  await expect(page.getByText("Course deactivated")).toBeVisible();
  await expect(row).toContainText("Inactive");
  expect((await courseByName(server, name))?.isActive).toBe(false);
  const whileHidden = await trainingCourseNames(page);
  expect(whileHidden).not.toContain(name);
  expect(whileHidden.length).toBeGreaterThan(0);

  await openTab(page);
  await page.getByRole("button", { name: `Activate ${name}` }).click();
  await expect(page.getByText("Course activated")).toBeVisible();
  await expect(page.getByRole("button", { name: `Deactivate ${name}` })).toBeVisible();
  expect((await courseByName(server, name))?.isActive).toBe(true);
  expect(await trainingCourseNames(page)).toContain(name);

  // Delete: the spec's question; Cancel keeps the course, confirming removes it.
  await openTab(page);
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
    "course.create",
    "course.deactivate",
    "course.delete",
    "course.update",
  ]);
  expect(audit.every((entry) => entry.email === admin.email)).toBe(true);
});

test("the dialog works with the keyboard alone; Escape cancels and focus returns", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  await openTab(page);
  const addButton = page.getByRole("button", { name: "Add New Course" });
  await addButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New Course" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Name *")).toBeFocused();
  await page.keyboard.type("Escaped course");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  expect(await courseByName(server, "Escaped course")).toBeUndefined();

  // Again, all by keyboard: each required field in turn with Tab, the switch with Space, Enter saves.
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Name *")).toBeFocused();
  await page.keyboard.type("Keyboard Course");
  for (const [label, text] of [
    ["Description *", "Taught without a mouse."],
    ["Duration *", "8 hours"],
    ["Level *", "Beginner"],
    ["Price (£) *", "450"],
  ]) {
    await page.keyboard.press("Tab");
    await expect(dialog.getByLabel(label!)).toBeFocused();
    await page.keyboard.type(text!);
  }
  await dialog.getByRole("switch", { name: "Active" }).focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await dialog.getByLabel("Price (£) *").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Course created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  expect(await courseByName(server, "Keyboard Course")).toMatchObject({
    description: "Taught without a mouse.",
    duration: "8 hours",
    level: "Beginner",
    price: 450,
    isActive: false,
    features: [],
  });
});

/** A browser context without JavaScript, signed in as a new administrator. */
async function noScriptAdminPage(browser: Browser, server: TestServer): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await signInAs(page, server, "admin");
  return page;
}

test("without JavaScript the form opens in the page, shows the server's messages and saves", async ({
  browser,
  server,
}) => {
  const page = await noScriptAdminPage(browser, server);
  try {
    await page.goto(URL_PATH);
    await page.getByRole("button", { name: "Add New Course" }).click();
    await expect(page).toHaveURL(/\/cms\/courses\?course=new$/);
    const panel = page.getByRole("region", { name: "Add New Course" });
    await expect(panel).toBeVisible();

    await panel.getByLabel("Name *").fill("No Script Security");
    await panel.getByLabel("Description *").fill("Works in any browser.");
    await panel.getByLabel("Duration *").fill("16 hours");
    await panel.getByLabel("Level *").fill("Intermediate");
    await panel.getByLabel("Price (£) *").fill("0");
    await panel.getByLabel("Features (one per line)").fill("One\nTwo\nThree");
    // Without JavaScript the switch is a checkbox; unticked, the course is stored inactive.
    await panel.getByRole("switch", { name: "Active" }).uncheck();
    await panel.getByRole("button", { name: "Create Course" }).click();

    // The server's answer: the message by its field, and everything typed still there.
    const refused = page.getByRole("region", { name: "Add New Course" });
    await expect(refused.getByText("Price must be greater than 0")).toBeVisible();
    await expect(refused.getByLabel("Price (£) *")).toHaveAttribute("aria-invalid", "true");
    await expect(refused.getByLabel("Name *")).toHaveValue("No Script Security");
    await expect(refused.getByLabel("Features (one per line)")).toHaveValue("One\nTwo\nThree");
    await expect(refused.getByRole("switch", { name: "Active" })).not.toBeChecked();
    expect(await courseByName(server, "No Script Security")).toBeUndefined();

    await refused.getByLabel("Price (£) *").fill("349.99");
    await refused.getByRole("button", { name: "Create Course" }).click();
    await expect(page).toHaveURL(/\/cms\/courses$/);
    await expect(page.getByRole("region", { name: "Add New Course" })).toHaveCount(0);
    const row = page.getByRole("row", { name: /No Script Security/ });
    await expect(row).toContainText("£349.99");
    await expect(row).toContainText("Inactive");
    expect(await courseByName(server, "No Script Security")).toMatchObject({
      price: 349.99,
      features: ["One", "Two", "Three"],
      isActive: false,
    });

    // The one-click Activate is a plain form too.
    await page.getByRole("button", { name: "Activate No Script Security" }).click();
    await expect(
      page.getByRole("row", { name: /No Script Security/ }).getByText("Active", { exact: true }),
    ).toBeVisible();
    expect((await courseByName(server, "No Script Security"))?.isActive).toBe(true);

    // Edit opens the stored values in the page; Cancel is a link back to the list.
    await page.getByRole("button", { name: "Edit No Script Security" }).click();
    const editPanel = page.getByRole("region", { name: "Edit Course" });
    await expect(editPanel.getByLabel("Price (£) *")).toHaveValue("349.99");
    await editPanel.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cms\/courses$/);
    await expect(page.getByRole("region", { name: "Edit Course" })).toHaveCount(0);
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
    await expect(page.getByRole("button", { name: "Add New Course" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  } finally {
    await server.db.delete(trainingCourses);
    if (saved.length > 0) await server.db.insert(trainingCourses).values(saved);
    server.invalidateCaches();
  }
});
