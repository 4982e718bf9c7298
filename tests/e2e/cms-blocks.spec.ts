/**
 * The CMS Content Blocks tab (/cms/blocks, SPEC.md "Content Blocks"): who may use it, adding a
 * block, editing it (with its content data as JSON checked for its type), deleting with the
 * spec's question, the spec's toasts, the audit log, the home page's testimonials following the
 * active flag, and axe in both themes.
 */
import { and, eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, contentBlocks } from "../../db/schema";
import {
  describeCmsAccessRules,
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  openCmsTab,
  signInAs,
  test,
  waitForHydration,
  type CmsPost,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/blocks";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function blockByName(server: TestServer, name: string) {
  const [row] = await server.db.select().from(contentBlocks).where(eq(contentBlocks.name, name));
  return row;
}

function openTab(page: Page) {
  return openCmsTab(page, URL_PATH, "Content Blocks", "Add Block");
}

function blockCard(page: Page, name: string) {
  return page.getByRole("listitem").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

const SEEDED = "Testimonial – Logistics CTO";
const REFUSED = "Posted by a refused request";

describeCmsAccessRules({
  path: URL_PATH,
  heading: "Content Blocks",
  setUp: async (server) => (await blockByName(server, SEEDED))!.id,
  // Adding a block, and deleting the seeded one.
  form: (seededId): CmsPost[] => [
    { form: { intent: "create", name: REFUSED } },
    { form: { intent: "delete", id: seededId } },
  ],
  changed: async (server) =>
    (await blockByName(server, REFUSED)) !== undefined || (await blockByName(server, SEEDED)) === undefined,
  expectNothingShown: async (page) => {
    await expect(page.getByText(SEEDED)).toHaveCount(0);
  },
});

test("an administrator adds a block with the toggled form", async ({ page, server, consoleErrors }) => {
  const admin = await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page).toHaveTitle("Content Blocks | CMS");

  // The list is ordered by name and shows type, status, description and created date.
  const headings = await page.getByRole("list", { name: "Content blocks" }).getByRole("heading").allTextContents();
  expect(headings).toEqual([...headings].sort((a, b) => a.localeCompare(b, "en")));
  const hero = blockCard(page, "Hero – 2024 brand campaign");
  await expect(hero.getByText("hero", { exact: true })).toBeVisible();
  await expect(hero.getByText("Inactive", { exact: true })).toBeVisible();
  await expect(hero).toContainText("kept for reference and no longer shown");
  await expect(hero.getByText(/^Created \d{1,2} \w{3} \d{4}$/)).toBeVisible();
  await expect(
    blockCard(page, "Team member – Head of Cloud Engineering").getByText("team member", { exact: true }),
  ).toBeVisible();
  await expect(blockCard(page, "Testimonial – Logistics CTO").getByText("Active", { exact: true })).toBeVisible();
  await expectAccessibleInBothThemes(page);

  // Add Block toggles the form; Cancel hides it again.
  const add = page.getByRole("button", { name: "Add Block" });
  await add.click();
  await expect(add).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByLabel("Block Type")).toHaveValue("testimonial");
  await expectAccessibleInBothThemes(page);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByLabel("Block Name")).toHaveCount(0);
  await add.click();

  // A blank name is refused with a clear message and the spec's error toast; nothing is stored.
  const before = await server.db.select().from(contentBlocks);
  await page.getByRole("button", { name: "Create Block" }).click();
  await expect(page.getByText("Block name is required")).toBeVisible();
  await expect(page.getByLabel("Block Name")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Failed to create content block.")).toBeVisible();
  expect(await server.db.select().from(contentBlocks)).toHaveLength(before.length);
  expectConsoleError(consoleErrors, 400);

  await page.getByLabel("Block Name").fill("Feature – Fixed-price discovery");
  await page.getByLabel("Block Type").selectOption("feature");
  await page.getByLabel("Description", { exact: true }).fill("A two-week discovery at a fixed price.");
  await page.getByRole("button", { name: "Create Block" }).click();
  await expect(page.getByText("Block created", { exact: true })).toBeVisible();
  await expect(page.getByText("Content block has been created successfully.")).toBeVisible();
  await expect(page.getByLabel("Block Name")).toHaveCount(0);

  const card = blockCard(page, "Feature – Fixed-price discovery");
  await expect(card.getByText("feature", { exact: true })).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();
  await expect(card).toContainText("A two-week discovery at a fixed price.");
  const created = await blockByName(server, "Feature – Fixed-price discovery");
  expect(created).toMatchObject({
    blockType: "feature",
    description: "A two-week discovery at a fixed price.",
    isActive: true,
    contentData: {},
  });
  const audit = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "content_blocks"), eq(auditLog.entityId, created!.id)));
  expect(audit).toMatchObject([{ action: "content_block.create", userEmail: admin.email }]);
});

test("editing a block's content data checks the JSON and its shape", async ({ page, server, consoleErrors }) => {
  const admin = await signInAs(page, server, "admin");
  const [block] = await server.db
    .insert(contentBlocks)
    .values({
      name: "Testimonial – Editable",
      blockType: "testimonial",
      contentData: { quote: "Good.", author: "Ed" },
    })
    .returning();
  await openTab(page);

  await page.getByRole("button", { name: "Edit Testimonial – Editable" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit content block" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Block Name")).toHaveValue("Testimonial – Editable");
  await expect(dialog.getByLabel("Block Type")).toHaveValue("testimonial");
  await expect(dialog.getByRole("switch", { name: "Active" })).toBeChecked();
  const json = dialog.getByLabel("Content data (JSON)");
  expect(JSON.parse(await json.inputValue())).toEqual({ quote: "Good.", author: "Ed" });
  await expectAccessibleInBothThemes(page);

  // Not JSON at all.
  await json.fill('{"quote": "Better.", author: }');
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText(/Content data is not valid JSON/)).toBeVisible();
  await expect(json).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Failed to update content block.")).toBeVisible();

  // JSON of the wrong shape for a testimonial: the author is missing, a key is misspelt.
  await json.fill('{"quote": "Better.", "auther": "Ed"}');
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog.getByText(/does not fit a testimonial: .*author/)).toBeVisible();
  expect((await blockByName(server, "Testimonial – Editable"))?.contentData).toEqual({ quote: "Good.", author: "Ed" });
  expectConsoleError(consoleErrors, 400);

  // Valid data is saved with the other fields; the dialog closes.
  await dialog.getByLabel("Block Name").fill("Testimonial – Edited");
  await dialog.getByLabel("Description", { exact: true }).fill("Now with a role.");
  await json.fill(JSON.stringify({ quote: "Better.", author: "Ed", role: "CEO", company: "Acme" }));
  await dialog.getByRole("switch", { name: "Active" }).click();
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Block updated", { exact: true })).toBeVisible();
  await expect(page.getByText("Content block has been updated successfully.")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Edit Testimonial – Edited" })).toBeFocused();
  await expect(blockCard(page, "Testimonial – Edited").getByText("Inactive", { exact: true })).toBeVisible();

  const updated = await blockByName(server, "Testimonial – Edited");
  expect(updated).toMatchObject({
    id: block!.id,
    description: "Now with a role.",
    isActive: false,
    contentData: { quote: "Better.", author: "Ed", role: "CEO", company: "Acme" },
  });
  const audit = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "content_blocks"), eq(auditLog.entityId, block!.id)));
  expect(audit).toMatchObject([{ action: "content_block.update", userEmail: admin.email }]);
});

test("deleting a block asks the spec's question first", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  const [block] = await server.db
    .insert(contentBlocks)
    .values({ name: "CTA – Disposable", blockType: "cta", contentData: {} })
    .returning();
  await openTab(page);

  await page.getByRole("button", { name: "Delete CTA – Disposable" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Are you sure you want to delete this content block?" });
  await expect(confirm).toBeVisible();
  await expectAccessibleInBothThemes(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  expect(await blockByName(server, "CTA – Disposable")).toBeDefined();

  await page.getByRole("button", { name: "Delete CTA – Disposable" }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Block deleted", { exact: true })).toBeVisible();
  await expect(page.getByText("Content block has been deleted successfully.")).toBeVisible();
  await expect(blockCard(page, "CTA – Disposable")).toHaveCount(0);
  expect(await blockByName(server, "CTA – Disposable")).toBeUndefined();
  const audit = await server.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, "content_blocks"), eq(auditLog.entityId, block!.id)));
  expect(audit.map((entry) => entry.action)).toEqual(["content_block.delete"]);
});

test("the home page shows active testimonials and follows the CMS's active flag", async ({ page, server }) => {
  await signInAs(page, server, "admin");
  await server.db.insert(contentBlocks).values([
    {
      name: "Testimonial – Shown",
      blockType: "testimonial",
      contentData: { quote: "They shipped on time.", author: "Sam Shown", role: "COO", company: "Shown plc" },
    },
    {
      name: "Testimonial – Hidden",
      blockType: "testimonial",
      contentData: { quote: "A quote nobody should see yet.", author: "Hal Hidden" },
      isActive: false,
    },
  ]);
  server.invalidateCaches();

  await page.goto("/");
  await waitForHydration(page);
  const section = page.getByRole("region", { name: "What our clients say" });
  await expect(section).toBeVisible();
  const shown = section.locator("figure").filter({ hasText: "They shipped on time." });
  await expect(shown.locator("blockquote")).toHaveText("They shipped on time.");
  await expect(shown.locator("figcaption")).toContainText("Sam Shown");
  await expect(shown.locator("figcaption")).toContainText("COO, Shown plc");
  // The seeded testimonial is active too.
  await expect(section.getByText("Rachel Denholm")).toBeVisible();
  await expect(page.getByText("A quote nobody should see yet.")).toHaveCount(0);
  await expectAccessibleInBothThemes(page);

  // Through the CMS: deactivate the shown one, activate the hidden one.
  await openTab(page);
  for (const name of ["Testimonial – Shown", "Testimonial – Hidden"]) {
    await page.getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit content block" });
    await dialog.getByRole("switch", { name: "Active" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog).toBeHidden();
  }
  await expect(blockCard(page, "Testimonial – Shown").getByText("Inactive", { exact: true })).toBeVisible();
  await expect(blockCard(page, "Testimonial – Hidden").getByText("Active", { exact: true })).toBeVisible();

  await page.goto("/");
  await expect(section.getByText("A quote nobody should see yet.")).toBeVisible();
  await expect(section.getByText("Hal Hidden")).toBeVisible();
  await expect(page.getByText("They shipped on time.")).toHaveCount(0);
});
