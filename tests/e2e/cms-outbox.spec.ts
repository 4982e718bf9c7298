/**
 * The CMS e-mail outbox (/cms/outbox): without SMTP_URL the mails a submission writes stay
 * in the outbox, where an administrator reads them; anyone else is refused; axe in both themes.
 */
import { contactSubmissions, mailOutbox } from "../../app/db/schema";
import { queueSubmissionMail } from "../../app/server/contact/contact-mail.server";
import {
  ensureAdminExists,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  signInAs,
  test,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/outbox";

/** Replaces the outbox with the two mails of one new submission; returns the submission. */
async function queueOneSubmission(server: TestServer) {
  await server.db.delete(mailOutbox);
  const [submission] = await server.db
    .insert(contactSubmissions)
    .values({
      name: "Grace <b>Hopper</b>",
      email: "grace@example.com",
      subject: "Outbox journey",
      message: "Please call me back about a cloud migration.\nThanks!",
    })
    .returning();
  const mails = await queueSubmissionMail(server.db, submission!, {
    settings: { company_name: "Larkspire Digital", contact_email: "hello@larkspire.test" },
    publicUrl: server.url,
    notifyEmail: null,
  });
  return { submission: submission!, mails };
}

test.describe("CMS outbox", () => {
  test("an administrator reads a queued mail in the outbox", async ({ page, server }) => {
    const { submission } = await queueOneSubmission(server);
    await signInAs(page, server, "admin");
    await page.goto("/cms");
    await page.getByRole("link", { name: "Outbox", exact: true }).click();
    await expect(page).toHaveURL(/\/cms\/outbox$/);
    await expect(page.getByRole("heading", { name: "Outbox (2)" })).toBeVisible();
    await expect(page.getByText("No mail server is configured (SMTP_URL)")).toBeVisible();

    const rows = page.locator("tbody tr");
    await expect(rows).toHaveCount(2);
    const notification = rows.filter({ hasText: "New contact message: Outbox journey" });
    await expect(notification).toContainText("hello@larkspire.test");
    await expect(notification).toContainText("Pending");
    await expect(rows.filter({ hasText: "Thank you for contacting Larkspire Digital" })).toContainText(
      "grace@example.com",
    );

    await notification.getByRole("link", { name: "New contact message: Outbox journey" }).click();
    const detail = page.getByRole("region", { name: "New contact message: Outbox journey" });
    await expect(detail).toBeVisible();
    const body = page.getByTestId("outbox-message");
    await expect(body).toContainText("Name: Grace <b>Hopper</b>");
    await expect(body).toContainText("Please call me back about a cloud migration.");
    await expect(body).toContainText(`${server.url}/cms/submissions?selected=${submission.id}`);
    await expect(detail.getByRole("link", { name: "Open the contact submission" })).toHaveAttribute(
      "href",
      `/cms/submissions?selected=${submission.id}`,
    );
    await expectAccessibleInBothThemes(page);

    await page.getByRole("link", { name: "Close details" }).click();
    await expect(page.getByText("Select an e-mail to read it.")).toBeVisible();
    await page.getByRole("link", { name: "Sent", exact: true }).click();
    await expect(page.getByText("No e-mails in the outbox.")).toBeVisible();
    await expectAccessibleInBothThemes(page);
  });

  test("an anonymous visitor gets the sign-in card and sees no mail", async ({ page, server }) => {
    await ensureAdminExists(server);
    await queueOneSubmission(server);
    await page.goto(URL_PATH);
    expect(new URL(page.url()).pathname).toBe("/cms");
    expect(new URL(page.url()).searchParams.get("redirectTo")).toBe(URL_PATH);
    await expect(page.getByText("Login to CMS")).toBeVisible();
    await expect(page.getByText("Outbox journey")).toHaveCount(0);
    await expectAccessibleInBothThemes(page);
  });

  test("support (without outbox.view) gets Access Denied", async ({ page, server, consoleErrors }) => {
    await queueOneSubmission(server);
    await signInAs(page, server, "support");
    const response = await page.goto(URL_PATH);
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("Outbox journey")).toHaveCount(0);
    expectConsoleError(consoleErrors, 403);
  });
});
