/**
 * The CMS Careers tab (/cms/careers, SPEC.md "Careers Management"): who may use it, the add/edit
 * dialog, requirements one per line, delete with confirmation, the empty state, the spec's messages,
 * the keyboard, and axe in both themes.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, careers } from "../../db/schema";
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

const URL_PATH = "/cms/careers";

async function careerByTitle(server: TestServer, title: string) {
  const [row] = await server.db.select().from(careers).where(eq(careers.title, title));
  return row;
}

function openTab(page: Page) {
  return openCmsTab(page, URL_PATH, "Careers Management", "Add New Career");
}

const REFUSED = "Posted by a refused request";

describeCmsAccessRules({
  path: URL_PATH,
  heading: "Careers Management",
  form: { intent: "create", title: REFUSED },
  changed: async (server) => (await careerByTitle(server, REFUSED)) !== undefined,
  expectNothingShown: async (page) => {
    await expect(page.getByRole("table")).toHaveCount(0);
  },
});

test("an administrator creates, edits and deletes a career with the dialog", async ({
  page,
  server,
  consoleErrors,
}) => {
  // Three screens, each checked by axe in both themes, on a shared machine.
  test.setTimeout(60_000);
  const admin = await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page).toHaveTitle("Careers | CMS");
  for (const heading of ["Title", "Department", "Location", "Type", "Status"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }
  await expectAccessibleInBothThemes(page);

  // Add: the empty title is refused with a clear message and nothing is stored.
  await page.getByRole("button", { name: "Add New Career" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Career" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Experience")).toHaveAttribute("placeholder", "3+ years");
  await expect(dialog.getByLabel("Type")).toHaveValue("Full-time");
  await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();
  await expectAccessibleInBothThemes(page);
  const before = await server.db.select().from(careers);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(dialog.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  expect(await server.db.select().from(careers)).toHaveLength(before.length);
  expectConsoleError(consoleErrors, 400);

  await dialog.getByLabel("Title").fill("Platform Engineer");
  await dialog.getByLabel("Department").fill("Engineering");
  await dialog.getByLabel("Location").fill("London (hybrid)");
  await dialog.getByLabel("Type").selectOption("Contract");
  await dialog.getByLabel("Experience").fill("5+ years");
  await dialog.getByLabel("Description").fill("Keep our cloud platform fast and safe.");
  await dialog.getByLabel("Requirements (one per line)").fill("  AWS  \n\nTerraform\r\n   \nKubernetes ");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(page.getByText("Career created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  const created = await careerByTitle(server, "Platform Engineer");
  expect(created).toMatchObject({
    department: "Engineering",
    location: "London (hybrid)",
    type: "Contract",
    experience: "5+ years",
    description: "Keep our cloud platform fast and safe.",
    requirements: ["AWS", "Terraform", "Kubernetes"],
    isActive: true,
  });
  // Newest first: the new career heads the table.
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow).toContainText("Platform Engineer");
  await expect(firstRow).toContainText("Engineering");
  await expect(firstRow).toContainText("London (hybrid)");
  await expect(firstRow).toContainText("Contract");
  await expect(firstRow).toContainText("Active");

  // Edit: the dialog shows the stored values, requirements one per line.
  await page.getByRole("button", { name: "Edit Platform Engineer" }).click();
  const editDialog = page.getByRole("dialog", { name: "Edit Career" });
  await expect(editDialog.getByLabel("Title")).toHaveValue("Platform Engineer");
  await expect(editDialog.getByLabel("Type")).toHaveValue("Contract");
  await expect(editDialog.getByLabel("Requirements (one per line)")).toHaveValue("AWS\nTerraform\nKubernetes");
  await editDialog.getByLabel("Title").fill("Senior Platform Engineer");
  await editDialog.getByLabel("Requirements (one per line)").fill("AWS\nGo");
  await editDialog.getByRole("switch", { name: "Active" }).click();
  await expect(editDialog.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await editDialog.getByRole("button", { name: "Update" }).click();
  await expect(page.getByText("Career updated successfully")).toBeVisible();
  await expect(editDialog).toBeHidden();
  const row = page.getByRole("row", { name: /Senior Platform Engineer/ });
  await expect(row).toContainText("Inactive");
  const updated = await careerByTitle(server, "Senior Platform Engineer");
  expect(updated).toMatchObject({ id: created!.id, requirements: ["AWS", "Go"], isActive: false });

  // Delete: the spec's question; Cancel keeps the career, confirming removes it.
  await waitForToastsToClose(page);
  await page.getByRole("button", { name: "Delete Senior Platform Engineer" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this career?" });
  await expect(confirm).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await careerByTitle(server, "Senior Platform Engineer")).toBeDefined();
  await page.getByRole("button", { name: "Delete Senior Platform Engineer" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Career deleted successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: /Senior Platform Engineer/ })).toHaveCount(0);
  // Deleted means moved to the trash (issue 17): restorable for 30 days, gone from every list.
  expect((await careerByTitle(server, "Senior Platform Engineer"))?.deletedAt).toBeInstanceOf(Date);

  // Every change is in the audit log, with who made it.
  const audit = await server.db
    .select({ action: auditLog.action, email: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "careers"), eq(auditLog.entityId, created!.id)));
  expect(audit.map((entry) => entry.action).sort()).toEqual(["career.create", "career.delete", "career.update"]);
  expect(audit.every((entry) => entry.email === admin.email)).toBe(true);
});

test("the dialog works with the keyboard alone; Escape cancels and focus returns", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  await openTab(page);
  const addButton = page.getByRole("button", { name: "Add New Career" });
  await addButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add New Career" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await page.keyboard.type("Escaped career");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  expect(await careerByTitle(server, "Escaped career")).toBeUndefined();

  // Again, all by keyboard: title, Tab to the type, the switch toggled with Space, Enter saves.
  await page.keyboard.press("Enter");
  await expect(dialog.getByLabel("Title")).toBeFocused();
  await page.keyboard.type("Keyboard Analyst");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Department")).toBeFocused();
  await page.keyboard.type("Data");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(dialog.getByLabel("Type")).toBeFocused();
  await dialog.getByLabel("Type").selectOption("Internship");
  await dialog.getByRole("switch", { name: "Active" }).focus();
  await page.keyboard.press("Space");
  await expect(dialog.getByRole("switch", { name: "Active" })).not.toBeChecked();
  await dialog.getByLabel("Title").focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Career created successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(addButton).toBeFocused();
  expect(await careerByTitle(server, "Keyboard Analyst")).toMatchObject({
    department: "Data",
    type: "Internship",
    isActive: false,
    requirements: [],
  });
});

test("with no careers the tab shows the spec's empty state", async ({ page, server }) => {
  const saved = await server.db.select().from(careers);
  await server.db.delete(careers);
  try {
    await signInAs(page, server, "admin");
    await openTab(page);
    await expect(page.getByText("No careers found. Create your first career posting.")).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add New Career" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  } finally {
    await server.db.delete(careers);
    if (saved.length > 0) await server.db.insert(careers).values(saved);
    // The public careers pages cache the openings; these writes bypassed the CMS that forgets them.
    server.invalidateCaches();
  }
});
