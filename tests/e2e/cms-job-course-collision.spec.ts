/**
 * Never lose work in the job-opening and course editors (decision 017), as in the content
 * editor: two administrators on one course, the second save is refused with the dialog that shows
 * the first one's change, and Keep my version saves; what is typed into a job opening's
 * description is kept in the browser and offered back after a reload.
 */
import { eq } from "drizzle-orm";
import type { Page } from "@playwright/test";
import { careers, trainingCourses } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  richTextEditor,
  signInAs,
  test,
  waitForReact,
  type TestServer,
} from "./fixtures";
import { saveDraftStatus } from "./edit-collision-steps";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

const unique = (prefix: string) => `${prefix} ${process.pid}-${Date.now()}`;

async function insertCourse(server: TestServer) {
  const [row] = await server.db
    .insert(trainingCourses)
    .values({
      name: unique("Shared course"),
      description: "A course both editors opened.",
      duration: "2 days",
      level: "Beginner",
      price: 500,
      isActive: false,
    })
    .returning();
  return row!;
}

async function storedCourseName(server: TestServer, id: string): Promise<string | undefined> {
  const [row] = await server.db
    .select({ name: trainingCourses.name })
    .from(trainingCourses)
    .where(eq(trainingCourses.id, id));
  return row?.name;
}

async function openCourse(page: Page, id: string): Promise<void> {
  await page.goto(`/cms/courses/${id}`);
  await waitForReact(page.getByLabel("Name *"));
  await expect(page.getByRole("textbox", { name: "Description *", exact: true })).toBeVisible();
}

test("a course saved over another editor's newer save is refused; the dialog shows their change and Keep my version saves", async ({
  page,
  browser,
  server,
  consoleErrors,
}) => {
  test.setTimeout(120_000);
  const course = await insertCourse(server);
  // Editor A works in a browser of their own, signed in as another administrator.
  const otherBrowser = await browser.newContext({ baseURL: server.url });
  const other = await otherBrowser.newPage();
  try {
    await dismissCookieBanner(other);
    const editorA = await signInAs(other, server, "admin");
    await signInAs(page, server, "admin");
    await openCourse(other, course.id);
    await openCourse(page, course.id);

    // A saves first.
    await other.getByLabel("Name *").fill("Course by A");
    expect(await saveDraftStatus(other, "/cms/courses/")).not.toBe(409);
    await expect(other.getByText("Course updated successfully")).toBeVisible();

    // B, who opened the same version, saves over it: refused, nothing changed.
    const name = page.getByLabel("Name *");
    await name.fill("Course by B");
    expect(await saveDraftStatus(page, "/cms/courses/")).toBe(409);
    const dialog = page.getByRole("alertdialog", { name: "Someone else saved this course" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${editorA.email} saved it on`);
    await expect(dialog).toContainText("(Saved draft).");
    const nameChange = dialog.getByRole("region", { name: "Name", exact: true });
    await expect(nameChange.locator("del")).toHaveText("only in their version: A");
    await expect(nameChange.locator("ins")).toHaveText("only in your version: B");
    // Only what differs is listed: the description both have is not.
    await expect(dialog.getByRole("region", { name: "Description", exact: true })).toHaveCount(0);
    expect(await storedCourseName(server, course.id)).toBe("Course by A");
    await expectAccessibleInBothThemes(page);

    // Keep my version: the same form, sent again with the version now stored.
    const saved = page.waitForURL("**/cms/courses");
    await dialog.getByRole("button", { name: "Keep my version" }).click();
    await saved;
    await expect(page.getByText("Course updated successfully")).toBeVisible();
    expect(await storedCourseName(server, course.id)).toBe("Course by B");
  } finally {
    await otherBrowser.close();
    await server.db.delete(trainingCourses).where(eq(trainingCourses.id, course.id));
  }
  // Chromium logs the refused save (409) as a console error.
  expectConsoleError(consoleErrors, 409);
});

test("what is typed into a job opening's description comes back after a reload with Restore", async ({
  page,
  server,
}) => {
  const [career] = await server.db
    .insert(careers)
    .values({ title: unique("Autosave engineer"), description: "The saved description.", isActive: false })
    .returning();
  const id = career!.id;
  const keptCopy = () => page.evaluate((key) => localStorage.getItem(key), `cms-draft:career:${id}`);
  const description = richTextEditor(page, "Description");
  const offer = page.getByRole("region", { name: "Unsaved changes" });
  const open = async () => {
    await page.goto(`/cms/careers/${id}`);
    await waitForReact(page.getByLabel("Title *"));
    await expect(description).toBeVisible();
  };
  try {
    await signInAs(page, server, "admin");
    await open();
    expect(await keptCopy()).toBeNull();

    await description.click();
    await page.keyboard.press("ControlOrMeta+a");
    await page.keyboard.type("## What you will do\nRun our cloud, kept while typing.");
    await expect.poll(keptCopy).toContain("kept while typing");

    // The reload asks before leaving unsaved changes; the editor leaves anyway, as after a crash.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.reload();
    await waitForReact(page.getByLabel("Title *"));
    await expect(offer).toBeVisible();
    await expect(description).not.toContainText("kept while typing");

    await offer.getByRole("button", { name: "Restore unsaved changes" }).click();
    await expect(offer).toHaveCount(0);
    await expect(description.getByRole("heading", { level: 2 })).toHaveText("What you will do");
    await expect(description).toContainText("Run our cloud, kept while typing.");

    // Saved: the copy is forgotten, and the stored description is what was restored.
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page).toHaveURL("/cms/careers");
    const [stored] = await server.db.select().from(careers).where(eq(careers.id, id));
    expect(stored!.descriptionHtml).toContain("<h2>What you will do</h2>");
    expect(await keptCopy()).toBeNull();
  } finally {
    await server.db.delete(careers).where(eq(careers.id, id));
  }
});
