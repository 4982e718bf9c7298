/** Steps shared by the edit-collision journeys (cms-edit-collision, cms-job-course-collision). */
import type { Page } from "@playwright/test";

/**
 * Clicks Save draft in the editor under `editorPath` (e.g. "/cms/courses/") and waits until the
 * save is answered: its status, 409 when refused because someone saved in between.
 */
export async function saveDraftStatus(page: Page, editorPath: string): Promise<number> {
  const answered = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname.includes(editorPath),
  );
  await page.getByRole("button", { name: "Save draft" }).click();
  return (await answered).status();
}
