/**
 * The CMS Content Blocks tab (/cms/blocks, SPEC.md "Content Blocks"): who may use it; then an
 * administrator's journeys, each a test of steps: adding, editing with each type's form, switching
 * off and deleting blocks (with the spec's toasts, question and audit log); each type's form seen
 * where the type renders on the public site; a type's order changed by keyboard, buttons and drag
 * and followed by the public pages; and the tab at 375 px. Axe runs in both themes throughout.
 */
import { and, eq, inArray, ne } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { auditLog, contentBlocks } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  waitForHydration,
  type TestServer,
} from "./fixtures";
import { tabWithAdd } from "./pages/cms-tab";

const URL_PATH = "/cms/blocks";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

async function blockByName(server: TestServer, name: string) {
  const [row] = await server.db.select().from(contentBlocks).where(eq(contentBlocks.name, name));
  return row;
}

function blocksTab(page: Page) {
  return tabWithAdd(page, { path: URL_PATH, heading: "Content Blocks", addLabel: "Add Block", add: "button" });
}

function openTab(page: Page) {
  return blocksTab(page).open();
}

const DELETE_QUESTION = "Are you sure you want to delete this content block?";

function blockCard(page: Page, name: string) {
  return page.locator("li[data-block-id]").filter({ has: page.getByRole("heading", { name, exact: true }) });
}

/** The names of a type's blocks in the CMS, in their order. */
function namesInList(page: Page, listName: string) {
  return page.getByRole("list", { name: listName, exact: true }).locator("li[data-block-id] h3").allTextContents();
}

const SEEDED = "Testimonial – Logistics CTO";

test("an administrator adds, edits, switches off and deletes blocks, with the spec's forms, messages and questions", async ({
  page,
  server,
  consoleErrors,
}) => {
  // Four screens' worth of steps, each checked by axe in both themes: the four tests' time they were.
  test.setTimeout(4 * 90_000);
  const admin = await signInAs(page, server, "admin");
  await test.step("an administrator adds a block with the toggled form", async () => {
    await openTab(page);
    await expect(page).toHaveTitle("Content Blocks | CMS");

    // One list per type, in page order, each saying where its blocks show; every card shows type,
    // status, description and created date.
    const lists = page.getByRole("list", { name: "Content blocks" }).getByRole("heading", { level: 3 });
    await expect(
      lists.filter({ hasText: /^(Heroes|Service cards|Features|Testimonials|Team members|Calls to action)$/ }),
    ).toHaveText(["Heroes", "Service cards", "Features", "Testimonials", "Team members", "Calls to action"]);
    await expect(page.getByText("Shown on: About page: Leadership, before Join Our Team.")).toBeVisible();
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
  await test.step("editing a block uses its type's form; the server answers each field's message", async () => {
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
    // A field per key of the type, no JSON to write.
    await expect(dialog.getByLabel("Quote (required)")).toHaveValue("Good.");
    await expect(dialog.getByLabel("Author (required)")).toHaveValue("Ed");
    await expect(dialog.getByLabel("Role", { exact: true })).toHaveValue("");
    await expect(dialog.getByLabel("Rating")).toHaveValue("");
    await expect(dialog.getByRole("textbox", { name: /JSON/ })).toHaveCount(0);
    await expectAccessibleInBothThemes(page);

    // A required field left blank: the message is on the field, the spec's error toast shows, nothing is stored.
    await dialog.getByLabel("Quote (required)").fill("  ");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Quote is required")).toBeVisible();
    await expect(dialog.getByLabel("Quote (required)")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Failed to update content block.")).toBeVisible();
    expect((await blockByName(server, "Testimonial – Editable"))?.contentData).toEqual({
      quote: "Good.",
      author: "Ed",
    });
    expectConsoleError(consoleErrors, 400);

    // Another type shows that type's fields; an unsafe address is refused on its own field.
    await dialog.getByLabel("Block Type").selectOption("cta");
    await expect(dialog.getByLabel("Quote (required)")).toHaveCount(0);
    await dialog.getByLabel("Heading (required)").fill("Talk to us");
    await dialog.getByLabel("Button label (required)").fill("Contact");
    await dialog.getByLabel("Button URL (required)").fill("/..//evil.example");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(dialog.getByText("Button URL must start with / or be an http(s) address")).toBeVisible();
    await expect(dialog.getByLabel("Button URL (required)")).toHaveAttribute("aria-invalid", "true");
    expect((await blockByName(server, "Testimonial – Editable"))?.blockType).toBe("testimonial");
    expectConsoleError(consoleErrors, 400);

    // Back to a testimonial, valid: saved with the other fields; the dialog closes.
    await dialog.getByLabel("Block Type").selectOption("testimonial");
    await dialog.getByLabel("Block Name").fill("Testimonial – Edited");
    await dialog.getByLabel("Description", { exact: true }).fill("Now with a role.");
    await dialog.getByLabel("Quote (required)").fill("Better.");
    await dialog.getByLabel("Author (required)").fill("Ed");
    await dialog.getByLabel("Role", { exact: true }).fill("CEO");
    await dialog.getByLabel("Company").fill("Acme");
    await dialog.getByLabel("Rating").selectOption("4");
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
      contentData: { quote: "Better.", author: "Ed", role: "CEO", company: "Acme", rating: 4 },
    });
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "content_blocks"), eq(auditLog.entityId, block!.id)));
    expect(audit).toMatchObject([{ action: "content_block.update", userEmail: admin.email }]);
    await server.db.delete(contentBlocks).where(eq(contentBlocks.id, block!.id));
  });
  await test.step("deleting a block asks the spec's question first", async () => {
    const [block] = await server.db
      .insert(contentBlocks)
      .values({ name: "CTA – Disposable", blockType: "cta", contentData: {} })
      .returning();
    await openTab(page);

    const tab = blocksTab(page);
    const question = await tab.askToDelete("CTA – Disposable", DELETE_QUESTION);
    await expectAccessibleInBothThemes(page);
    await question.cancel();
    expect(await blockByName(server, "CTA – Disposable")).toBeDefined();

    await (await tab.askToDelete("CTA – Disposable", DELETE_QUESTION)).confirm();
    await tab.expectToast("Block deleted");
    await tab.expectToast("Content block has been deleted successfully.");
    await expect(blockCard(page, "CTA – Disposable")).toHaveCount(0);
    expect(await blockByName(server, "CTA – Disposable")).toBeUndefined();
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "content_blocks"), eq(auditLog.entityId, block!.id)));
    expect(audit.map((entry) => entry.action)).toEqual(["content_block.delete"]);
  });
  await test.step("the home page shows active testimonials and follows the CMS's active flag", async () => {
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
});

/* ------------------------------------------------------------------------------------------------
 * Each type edited with its form, seen where it renders (lib/blocks/block-placements.ts)
 * ---------------------------------------------------------------------------------------------- */

/** Opens a block's edit dialog from the tab. */
async function editBlock(page: Page, name: string) {
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit content block" });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function saveDialog(page: Page, dialog: ReturnType<Page["getByRole"]>) {
  await dialog.getByRole("button", { name: "Save Changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Block updated", { exact: true })).toBeVisible();
}

/**
 * Runs `work` on a seeded block, then puts the block back as it was: later tests of this worker
 * (in other files too) see the seed's blocks.
 */
async function withSeededBlock(server: TestServer, name: string, work: () => Promise<void>) {
  const before = (await blockByName(server, name))!;
  try {
    await work();
  } finally {
    const { id, ...fields } = before;
    await server.db.update(contentBlocks).set(fields).where(eq(contentBlocks.id, id));
    server.invalidateCaches();
  }
}

test("each block type's form changes the pages where that type renders", async ({ page, server, consoleErrors }) => {
  // Six forms, each followed to the public pages it changes: the six tests' time they were.
  test.setTimeout(6 * 90_000);
  await signInAs(page, server, "admin");
  await test.step("a hero block edited with its form takes over the home page's hero when active", async () => {
    await withSeededBlock(server, "Hero – 2024 brand campaign", async () => {
      // Inactive (as seeded): the page keeps its own hero.
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Technology that goes from idea to impact");

      await openTab(page);
      const dialog = await editBlock(page, "Hero – 2024 brand campaign");
      await expect(dialog.getByLabel("Heading (required)")).toHaveValue("Innovate, Invest, Implement");
      await expect(dialog.getByLabel("Primary button label")).toHaveValue("Our Solutions");
      await dialog.getByLabel("Heading (required)").fill("Build what lasts");
      await dialog.getByLabel("Subheading").fill("Engineers who stay for the second release.");
      await dialog.getByLabel("Secondary button label").fill("Meet the team");
      await dialog.getByLabel("Secondary button URL").fill("/about");
      await dialog.getByRole("switch", { name: "Active" }).click();
      await saveDialog(page, dialog);

      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Build what lasts");
      await expect(page.getByText("Engineers who stay for the second release.")).toBeVisible();
      await expect(page.getByRole("link", { name: "Our Solutions" }).first()).toHaveAttribute("href", "/services");
      await expect(page.getByRole("link", { name: "Meet the team" })).toHaveAttribute("href", "/about");
      // The slideshow stays.
      await expect(page.getByRole("region", { name: "Highlights slideshow" })).toBeVisible();
    });
  });
  await test.step("a service card's form (with its list of features) changes the Home and Services pages", async () => {
    await withSeededBlock(server, "Service card – AWS Cloud", async () => {
      await openTab(page);
      const dialog = await editBlock(page, "Service card – AWS Cloud");
      await expect(dialog.getByLabel("Feature 1", { exact: true })).toHaveValue("Cloud readiness assessments");
      await dialog.getByLabel("Title (required)").fill("AWS Cloud Platform");
      await dialog.getByLabel("Badge").fill("Advanced Partner");
      // Remove the fourth feature, move the last to the top, add one at the end.
      await dialog.getByRole("button", { name: "Remove Feature 4" }).click();
      for (const position of [4, 3, 2])
        await dialog.getByRole("button", { name: `Move Feature ${position} up` }).click();
      await dialog.getByRole("button", { name: "Add feature" }).click();
      await expect(dialog.getByLabel("Feature 5", { exact: true })).toBeFocused();
      await page.keyboard.type("Well-Architected reviews");
      await saveDialog(page, dialog);
      const features = [
        "Cost optimisation reviews",
        "Cloud readiness assessments",
        "Landing zones and account governance",
        "Application migration and modernisation",
        "Well-Architected reviews",
      ];
      expect((await blockByName(server, "Service card – AWS Cloud"))?.contentData).toMatchObject({ features });

      for (const [path, section] of [
        ["/services", "What We Offer"],
        ["/", "What We Do"],
      ] as const) {
        await page.goto(path);
        const cards = page
          .getByRole("region", { name: section })
          .getByRole("listitem")
          .filter({ has: page.locator("h3") });
        // The block takes the place of the page's card with the same link (/cloud); no card is added.
        await expect(cards).toHaveCount(path === "/" ? 4 : 6);
        const card = cards.filter({ hasText: "AWS Cloud Platform" });
        await expect(card.getByText("Advanced Partner")).toBeVisible();
        await expect(card.locator("li")).toHaveText(features);
        await expect(card.getByRole("link", { name: "Explore AWS Cloud Platform" })).toHaveAttribute("href", "/cloud");
      }
    });
  });
  await test.step("a feature's form changes Why Choose Us on the home page", async () => {
    await withSeededBlock(server, "Feature – Follow-the-sun support", async () => {
      const section = page.getByRole("region", { name: "Why Choose Us" });
      await page.goto("/");
      await expect(section.getByRole("heading", { name: "Follow-the-sun support" })).toBeVisible();

      await openTab(page);
      const dialog = await editBlock(page, "Feature – Follow-the-sun support");
      await expect(dialog.getByLabel("Icon")).toHaveValue("clock");
      await dialog.getByLabel("Title (required)").fill("Support that never sleeps");
      await dialog.getByLabel("Description (required)").fill("A named analyst answers critical alerts in 15 minutes.");
      await dialog.getByLabel("Icon").selectOption("shield-check");
      await saveDialog(page, dialog);

      await page.goto("/");
      const card = section.locator("article").filter({ hasText: "Support that never sleeps" });
      await expect(card).toContainText("A named analyst answers critical alerts in 15 minutes.");
      await expect(card.locator("use")).toHaveAttribute("href", "/icons.svg#shield-check");
      // After the page's own three points.
      await expect(section.locator("article h3").last()).toHaveText("Support that never sleeps");
    });
  });
  await test.step("a testimonial's form changes the Home and Cloud pages", async () => {
    await withSeededBlock(server, "Testimonial – Logistics CTO", async () => {
      await openTab(page);
      const dialog = await editBlock(page, "Testimonial – Logistics CTO");
      await dialog.getByLabel("Quote (required)").fill("Calmest peak season we have had.");
      await dialog.getByLabel("Role", { exact: true }).fill("CTO");
      await saveDialog(page, dialog);
      for (const path of ["/", "/cloud"]) {
        await page.goto(path);
        const quote = page
          .getByRole("region", { name: "What our clients say" })
          .locator("figure")
          .filter({ hasText: "Rachel Denholm" });
        await expect(quote.locator("blockquote")).toHaveText("Calmest peak season we have had.");
        await expect(quote.locator("figcaption")).toContainText("CTO, Calder & Rowe Logistics");
      }
    });
  });
  await test.step("a team member's form changes Leadership on the About page", async () => {
    await withSeededBlock(server, "Team member – Head of Cloud Engineering", async () => {
      await openTab(page);
      const dialog = await editBlock(page, "Team member – Head of Cloud Engineering");
      await dialog.getByLabel("Role (required)").fill("Chief Technology Officer");
      await dialog.getByLabel("Location").fill("Boston");
      await dialog.getByLabel("Image URL").fill("javascript:alert(1)");
      await dialog.getByRole("button", { name: "Save Changes" }).click();
      await expect(dialog.getByText("Image URL must start with / or be an https address")).toBeVisible();
      expectConsoleError(consoleErrors, 400);
      await dialog.getByLabel("Image URL").fill("/favicon.svg");
      await saveDialog(page, dialog);

      await page.goto("/about");
      const section = page.getByRole("region", { name: "Leadership" });
      const card = section.locator("article").filter({ hasText: "Daniel Achterberg" });
      await expect(card.getByRole("heading", { name: "Daniel Achterberg" })).toBeVisible();
      await expect(card).toContainText("Chief Technology Officer");
      await expect(card).toContainText("Boston");
      await expect(card.locator("img")).toHaveAttribute("src", "/favicon.svg");
      await expect(card.locator("img")).toHaveAttribute("width", "96");
      // Before Join Our Team, the page's last band.
      const headings = await page.locator("main h2").allTextContents();
      expect(headings.indexOf("Leadership")).toBe(headings.length - 2);
    });
  });
  await test.step("a call to action's form changes the foot of service pages and case studies", async () => {
    await withSeededBlock(server, "Call to action – Start a project", async () => {
      await openTab(page);
      const dialog = await editBlock(page, "Call to action – Start a project");
      await dialog.getByLabel("Heading (required)").fill("Start with a discovery call");
      await dialog.getByLabel("Button label (required)").fill("Book a call");
      await dialog.getByLabel("Button URL (required)").fill("/contact?subject=discovery");
      await saveDialog(page, dialog);

      for (const path of ["/ai/computer-vision", "/case-studies/cloud-security"]) {
        await page.goto(path);
        const band = page.getByRole("region", { name: "Start with a discovery call" });
        await expect(band).toBeVisible();
        await expect(band.getByRole("link", { name: "Book a call" })).toHaveAttribute(
          "href",
          "/contact?subject=discovery",
        );
        // The last band before the footer.
        const last = page.locator("main section").last();
        await expect(last).toHaveAttribute("aria-labelledby", (await band.getAttribute("aria-labelledby"))!);
      }
    });
  });
});

/* ------------------------------------------------------------------------------------------------
 * Order
 * ---------------------------------------------------------------------------------------------- */

/** The authors of the testimonials on the home page, in order. */
async function publicTestimonialOrder(page: Page) {
  await page.goto("/");
  return page
    .getByRole("region", { name: "What our clients say" })
    .locator("figcaption > span:first-child")
    .allTextContents();
}

/**
 * dnd-kit's keyboard sensor starts listening for the keys that move a lifted item in a timer of
 * its own (setTimeout 0, so the Space that lifted it is not taken as a drop); a key pressed before
 * that timer has run is lost. A page timer of the same delay set now runs after it.
 */
async function keyboardSensorListening(page: Page): Promise<void> {
  await page.evaluate(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/**
 * Runs `work` with the testimonials the seeded one (first) and `others` after it, in that order;
 * the worker's other testimonials are removed first, and `others` removed afterwards.
 */
async function withTestimonialsAfterSeeded(
  server: TestServer,
  others: { name: string; author: string }[],
  work: () => Promise<void>,
): Promise<void> {
  await server.db
    .delete(contentBlocks)
    .where(and(eq(contentBlocks.blockType, "testimonial"), ne(contentBlocks.name, SEEDED)));
  const [first] = await server.db.select().from(contentBlocks).where(eq(contentBlocks.name, SEEDED));
  // Another test of this worker may have moved the seeded one; it starts first here.
  await server.db.update(contentBlocks).set({ sortOrder: 0 }).where(eq(contentBlocks.id, first!.id));
  await server.db.insert(contentBlocks).values(
    others.map(({ name, author }, index) => ({
      name,
      blockType: "testimonial" as const,
      sortOrder: index + 1,
      contentData: { quote: `${author[0]}.`, author },
    })),
  );
  server.invalidateCaches();
  try {
    await work();
  } finally {
    await server.db.delete(contentBlocks).where(
      inArray(
        contentBlocks.name,
        others.map(({ name }) => name),
      ),
    );
    await server.db.update(contentBlocks).set({ sortOrder: first!.sortOrder }).where(eq(contentBlocks.id, first!.id));
    server.invalidateCaches();
  }
}

test("a type's order changes by keyboard, by Move buttons and by dragging; the home page follows", async ({
  page,
  server,
}) => {
  // Two orderings, each set up on its own: the two tests' time they were.
  test.setTimeout(2 * 90_000);
  const admin = await signInAs(page, server, "admin");
  await test.step("a type's order changes by keyboard, with announcements, and by Move buttons; the home page follows", () =>
    withTestimonialsAfterSeeded(
      server,
      [
        { name: "Order – Ann", author: "Ann" },
        { name: "Order – Bob", author: "Bob" },
      ],
      async () => {
        await openTab(page);
        expect(await namesInList(page, "Testimonials")).toEqual([SEEDED, "Order – Ann", "Order – Bob"]);

        // Keyboard: lift Bob with Space, two places up with the arrow keys, drop with Space.
        // dnd-kit's live region (one per list; only the list in use speaks).
        const live = page.locator('[id^="DndLiveRegion"]').filter({ hasText: /\S/ });
        await page.getByRole("button", { name: "Drag Order – Bob" }).focus();
        await page.keyboard.press("Space");
        await expect(live).toHaveText("Picked up Order – Bob, position 3 of 3.");
        await keyboardSensorListening(page);
        await page.keyboard.press("ArrowUp");
        await expect(live).toHaveText("Order – Bob is over position 2 of 3.");
        await page.keyboard.press("ArrowUp");
        await expect(live).toHaveText("Order – Bob is over position 1 of 3.");
        await page.keyboard.press("Space");
        await expect(live).toHaveText("Order – Bob dropped at position 1 of 3.");
        await expect(page.getByText("Order saved", { exact: true })).toBeVisible();
        await expect.poll(() => namesInList(page, "Testimonials")).toEqual(["Order – Bob", SEEDED, "Order – Ann"]);
        expect(await publicTestimonialOrder(page)).toEqual(["Bob", "Rachel Denholm", "Ann"]);

        // Escape puts a lifted block back.
        await openTab(page);
        await page.getByRole("button", { name: "Drag Order – Ann" }).focus();
        await page.keyboard.press("Space");
        await expect(live).toHaveText("Picked up Order – Ann, position 3 of 3.");
        await keyboardSensorListening(page);
        await page.keyboard.press("ArrowUp");
        await expect(live).toHaveText("Order – Ann is over position 2 of 3.");
        await page.keyboard.press("Escape");
        await expect(live).toHaveText("Moving Order – Ann was cancelled; it stays where it was.");

        // The explicit buttons: Ann up, once.
        await page.getByRole("button", { name: "Move Order – Ann up" }).click();
        await expect.poll(() => namesInList(page, "Testimonials")).toEqual(["Order – Bob", "Order – Ann", SEEDED]);
        await expect(page.getByRole("button", { name: "Move Order – Bob up" })).toBeDisabled();
        await expect(page.getByRole("button", { name: `Move ${SEEDED} down` })).toBeDisabled();
        await expect.poll(() => publicTestimonialOrder(page)).toEqual(["Bob", "Ann", "Rachel Denholm"]);
        // This test's own reorders (the worker's other tests reorder too).
        const entries = await server.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.action, "content_block.reorder"), eq(auditLog.userEmail, admin.email)));
        expect(entries).toHaveLength(2);
      },
    ));

  await test.step("a type's order changes by dragging a card's handle; the home page follows", () =>
    withTestimonialsAfterSeeded(
      server,
      [
        { name: "Drag – Cal", author: "Cal" },
        { name: "Drag – Dee", author: "Dee" },
      ],
      async () => {
        await openTab(page);
        expect(await namesInList(page, "Testimonials")).toEqual([SEEDED, "Drag – Cal", "Drag – Dee"]);
        // Dee's handle, dragged onto the first card's place.
        const handle = page.getByRole("button", { name: "Drag Drag – Dee" });
        // The three cards on screen at once, so the pointer stays on the page.
        await page.setViewportSize({ width: 1280, height: 1000 });
        await page
          .getByRole("heading", { name: "Testimonials", exact: true })
          .evaluate((heading) => heading.scrollIntoView({ block: "start" }));
        await expect(handle).toBeInViewport();
        const target = (await blockCard(page, SEEDED).boundingBox())!;
        const from = (await handle.boundingBox())!;
        await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
        await page.mouse.down();
        await page.mouse.move(from.x + from.width / 2, target.y + 10, { steps: 12 });
        await page.mouse.up();
        await expect(page.getByText("Order saved", { exact: true })).toBeVisible();
        await expect.poll(() => namesInList(page, "Testimonials")).toEqual(["Drag – Dee", SEEDED, "Drag – Cal"]);
        expect(await publicTestimonialOrder(page)).toEqual(["Dee", "Rachel Denholm", "Cal"]);
      },
    ));
});

test.describe("on a phone (375 px)", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the tab and a block's form fit the screen and pass axe in both themes", async ({ page, server }) => {
    await signInAs(page, server, "admin");
    await openTab(page);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await expectAccessibleInBothThemes(page);
    const dialog = await editBlock(page, "Service card – AWS Cloud");
    await expect(dialog.getByRole("button", { name: "Add feature" })).toBeVisible();
    expect(await fits()).toBe(true);
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    await expectAccessibleInBothThemes(page);
  });
});
