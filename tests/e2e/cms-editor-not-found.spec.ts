/**
 * An editor opened on an id that does not exist (a deleted item, a stale link) answers 404 with
 * the CMS's card: what was not found and a link back to the tab's list (EditorErrorBoundary).
 */
import { randomUUID } from "node:crypto";
import { expect, ignoreNotFoundResponses, signInAs, test } from "./fixtures";

const EDITORS = [
  { path: "/cms/content", title: "Content not found", back: "Back to the content list" },
  { path: "/cms/careers", title: "Job opening not found", back: "Back to the careers list" },
  { path: "/cms/courses", title: "Course not found", back: "Back to the courses list" },
];

test("each editor answers an unknown id with a 404 card that leads back to its list", async ({
  page,
  server,
  consoleErrors,
}) => {
  await signInAs(page, server, "admin");
  for (const editor of EDITORS) {
    const response = await page.goto(`${editor.path}/${randomUUID()}`);
    expect(response?.status(), editor.path).toBe(404);
    await expect(page.getByRole("heading", { name: editor.title })).toBeVisible();
    await expect(page.getByRole("link", { name: editor.back })).toHaveAttribute("href", editor.path);
  }
  ignoreNotFoundResponses(consoleErrors);
});
