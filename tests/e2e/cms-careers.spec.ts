/**
 * The CMS Careers tab (/cms/careers, SPEC.md "Careers Management") and its editor
 * (/cms/careers/new, /cms/careers/{id}; issue 17, decision 017): who may use it, the rich-text
 * description, Save draft (the job page unchanged) and Publish (the page shows the formatting),
 * History and Restore, requirements one per line, delete with confirmation, the empty state, the
 * spec's messages, the keyboard, and axe in both themes.
 */
import { and, eq } from "drizzle-orm";
import type { Locator, Page } from "@playwright/test";
import { careerPath } from "../../app/lib/careers";
import { auditLog, careers } from "../../db/schema";
import {
  describeCmsAccessRules,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  richTextEditor,
  signInAs,
  test,
  waitForReact,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/careers";

async function careerByTitle(server: TestServer, title: string) {
  const [row] = await server.db.select().from(careers).where(eq(careers.title, title));
  return row;
}

async function openTab(page: Page) {
  const response = await page.goto(URL_PATH);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Careers Management", exact: true })).toBeVisible();
  await waitForReact(page.getByRole("link", { name: "Add New Career" }));
}

/** The description's rich-text editor, once it has loaded (lazily, after hydration). */
async function descriptionEditor(page: Page): Promise<Locator> {
  await waitForReact(page.getByLabel("Title *"));
  const editor = richTextEditor(page, "Description");
  await expect(editor).toBeVisible();
  return editor;
}

const REFUSED = "Posted by a refused request";

describeCmsAccessRules({
  path: URL_PATH,
  permission: "careers.view",
  changes: "careers.edit",
  heading: "Careers Management",
  form: { intent: "create", title: REFUSED },
  changed: async (server) => (await careerByTitle(server, REFUSED)) !== undefined,
  expectNothingShown: async (page) => {
    await expect(page.getByRole("table")).toHaveCount(0);
  },
});

test("an administrator writes a formatted description, saves a draft, publishes, restores a revision and deletes", async ({
  page,
  server,
  consoleErrors,
}) => {
  // Several screens, each checked by axe in both themes, on a shared machine.
  test.setTimeout(120_000);
  const admin = await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page).toHaveTitle("Careers | CMS");
  for (const heading of ["Title", "Department", "Location", "Type", "Status"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }
  await expectAccessibleInBothThemes(page);

  // Add opens the editor page; an empty title is refused with a clear message and nothing is stored.
  await page.getByRole("link", { name: "Add New Career" }).click();
  await expect(page).toHaveURL(`${URL_PATH}/new`);
  await expect(page.getByRole("heading", { name: "Add New Career" })).toBeVisible();
  const editor = await descriptionEditor(page);
  await expect(page.getByLabel("Experience")).toHaveAttribute("placeholder", "3+ years");
  await expect(page.getByLabel("Type")).toHaveValue("Full-time");
  await expectAccessibleInBothThemes(page);
  const before = await server.db.select().from(careers);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByText("Title is required", { exact: true })).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveAttribute("aria-invalid", "true");
  expect(await server.db.select().from(careers)).toHaveLength(before.length);
  expectConsoleError(consoleErrors, 400);

  await page.getByLabel("Title *").fill("Platform Engineer");
  await page.getByLabel("Department").fill("Engineering");
  await page.getByLabel("Location").fill("London (hybrid)");
  await page.getByLabel("Type").selectOption("Contract");
  await page.getByLabel("Experience").fill("5+ years");
  // Markdown shortcuts and the keyboard, as an editor types: a heading, bold words, a list.
  await editor.click();
  await page.keyboard.type("## About the role");
  await page.keyboard.press("Enter");
  await page.keyboard.type("You will keep ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("our cloud platform");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" fast and safe.");
  await page.getByLabel("Requirements (one per line)").fill("  AWS  \n\nTerraform\r\n   \nKubernetes ");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page).toHaveURL(URL_PATH);
  await expect(page.getByText("Career published", { exact: true })).toBeVisible();

  const created = await careerByTitle(server, "Platform Engineer");
  expect(created).toMatchObject({
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
  });
  const firstRow = page.getByRole("row").nth(1);
  await expect(firstRow).toContainText("Platform Engineer");
  await expect(firstRow).toContainText("Active");

  // The job page shows the formatting.
  const jobPage = await page.context().newPage();
  await jobPage.goto(careerPath(created!));
  await expect(jobPage.getByRole("heading", { level: 1, name: "Platform Engineer" })).toBeVisible();
  await expect(jobPage.getByRole("heading", { level: 2, name: "About the role" })).toBeVisible();
  await expect(jobPage.getByTestId("rich-description").locator("strong")).toHaveText("our cloud platform");

  // Edit: a draft of the live opening; Ctrl/Cmd+S saves it, and the job page stays as it was.
  await page.getByRole("link", { name: "Edit Platform Engineer" }).click();
  await expect(page).toHaveURL(`${URL_PATH}/${created!.id}`);
  await descriptionEditor(page);
  await expect(page.getByLabel("Requirements (one per line)")).toHaveValue("AWS\nTerraform\nKubernetes");
  await expect(page.getByTestId("publishing-status")).toContainText("Published");
  await page.getByLabel("Title *").fill("Senior Platform Engineer");
  await page.keyboard.press("ControlOrMeta+s");
  await expect(page).toHaveURL(URL_PATH);
  await expect(page.getByText("Career updated successfully", { exact: true })).toBeVisible();
  expect(await careerByTitle(server, "Platform Engineer")).toMatchObject({
    id: created!.id,
    draft: expect.objectContaining({ title: "Senior Platform Engineer" }),
  });
  await jobPage.reload();
  await expect(jobPage.getByRole("heading", { level: 1, name: "Platform Engineer" })).toBeVisible();

  // History: the draft over the publication; Restore the published revision as the draft.
  await page.getByRole("link", { name: "Edit Platform Engineer" }).click();
  await descriptionEditor(page);
  await expect(page.getByLabel("Title *")).toHaveValue("Senior Platform Engineer");
  await expect(page.getByTestId("publishing-status")).toContainText("Published with unpublished changes");
  const history = page.getByRole("region", { name: /^History/ });
  await expect(history.getByRole("listitem")).toHaveCount(2);
  await expectAccessibleInBothThemes(page);
  await history
    .getByRole("listitem")
    .last()
    .getByRole("button", { name: /^Restore the revision of / })
    .click();
  await expect(page.getByText("Revision restored as the draft")).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveValue("Platform Engineer");
  await expect(
    page
      .getByRole("region", { name: /^History/ })
      .getByRole("listitem")
      .first(),
  ).toContainText("Restored");

  // Publish the restored draft with a new title: now the job page changes.
  await descriptionEditor(page);
  await page.getByLabel("Title *").fill("Lead Platform Engineer");
  await page.getByRole("button", { name: "Publish changes" }).click();
  await expect(page.getByText("Career published", { exact: true })).toBeVisible();
  const published = await careerByTitle(server, "Lead Platform Engineer");
  expect(published).toMatchObject({ id: created!.id, draft: null, isActive: true });
  await jobPage.goto(careerPath(published!));
  await expect(jobPage.getByRole("heading", { level: 1, name: "Lead Platform Engineer" })).toBeVisible();
  await expect(jobPage.getByRole("heading", { level: 2, name: "About the role" })).toBeVisible();
  await jobPage.close();

  // Delete: the spec's question; Cancel keeps the career, confirming removes it.
  await waitForToastsToClose(page);
  await page.getByRole("button", { name: "Delete Lead Platform Engineer" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this career?" });
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await page.getByRole("button", { name: "Delete Lead Platform Engineer" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Career deleted successfully")).toBeVisible();
  await expect(page.getByRole("row", { name: /Lead Platform Engineer/ })).toHaveCount(0);
  // Deleted means moved to the trash (issue 17): restorable for 30 days, gone from every list.
  expect((await careerByTitle(server, "Lead Platform Engineer"))?.deletedAt).toBeInstanceOf(Date);

  // Every change is in the audit log, with who made it.
  const audit = await server.db
    .select({ action: auditLog.action, email: auditLog.userEmail })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "careers"), eq(auditLog.entityId, created!.id)));
  expect(audit.map((entry) => entry.action).sort()).toEqual([
    "career.create",
    "career.delete",
    "career.publish",
    "career.publish",
    "career.restore_revision",
    "career.update",
  ]);
  expect(audit.every((entry) => entry.email === admin.email)).toBe(true);
});

test("the editor works with the keyboard alone: Enter in a field saves a draft, off the careers page", async ({
  page,
  server,
}) => {
  await signInAs(page, server, "admin");
  await openTab(page);
  await page.getByRole("link", { name: "Add New Career" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`${URL_PATH}/new`);
  await descriptionEditor(page);
  await page.getByLabel("Title *").focus();
  await page.keyboard.type("Keyboard Analyst");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Department")).toBeFocused();
  await page.keyboard.type("Data");
  await page.getByLabel("Type").selectOption("Internship");
  await page.getByLabel("Title *").focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(URL_PATH);
  await expect(page.getByText("Career created successfully")).toBeVisible();
  expect(await careerByTitle(server, "Keyboard Analyst")).toMatchObject({
    department: "Data",
    type: "Internship",
    // Save draft: a new opening is not published until Publish.
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
    await expect(page.getByRole("link", { name: "Add New Career" })).toBeVisible();
    await expectAccessibleInBothThemes(page);
  } finally {
    await server.db.delete(careers);
    if (saved.length > 0) await server.db.insert(careers).values(saved);
    // The public careers pages cache the openings; these writes bypassed the CMS that forgets them.
    server.invalidateCaches();
  }
});
