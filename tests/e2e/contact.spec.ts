/**
 * /contact in the browser (SPEC.md "Contact", sections 4, 5 and 8): a message with and
 * without JavaScript, the form's messages, a job application with a CV from /careers, the spam
 * checks, and the contact details from site settings.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { contactSubmissions, mailOutbox } from "../../app/db/schema";
import { personsFormToken, serveContactFormsAsOpenedEarlier } from "./form-token-steps";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  ignoreErrorResponses,
  signInAs,
  test,
  waitForHydration,
  type TestServer,
} from "./fixtures";

/** Each test posts from its own address, so the per-address limit counts only its own messages. */
let addressCounter = 0;
test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  await serveContactFormsAsOpenedEarlier(page);
  addressCounter += 1;
  await page.setExtraHTTPHeaders({
    "X-Forwarded-For": `198.51.100.${addressCounter + Math.floor(Math.random() * 200)}`,
  });
});

async function fillMessage(page: Page, fields: { name: string; email: string; subject?: string; message: string }) {
  await page.getByLabel("Name *").fill(fields.name);
  await page.getByLabel("Email *").fill(fields.email);
  if (fields.subject !== undefined) await page.getByLabel("Subject *").fill(fields.subject);
  await page.getByLabel("Message *").fill(fields.message);
}

async function latestSubmission(server: TestServer, email: string) {
  const [row] = await server.db
    .select()
    .from(contactSubmissions)
    .where(eq(contactSubmissions.email, email))
    .orderBy(desc(contactSubmissions.createdAt));
  return row;
}

test("a message sent with JavaScript: Sending..., the thank-you toast, a cleared form, stored as new", async ({
  page,
  server,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await fillMessage(page, {
    name: "Grace Hopper",
    email: "grace.js@example.com",
    subject: "A platform question",
    message: "Could you help us plan a move to AWS?",
  });
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.").first()).toBeVisible();
  await expect(page.getByLabel("Name *")).toHaveValue("");
  const row = await latestSubmission(server, "grace.js@example.com");
  expect(row).toMatchObject({ name: "Grace Hopper", subject: "A platform question", status: "new", phone: null });
  // Saved first, then the company's notification and the sender's acknowledgement are queued.
  const mails = await server.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, row!.id));
  expect(mails.map((mail) => mail.kind).sort()).toEqual(["acknowledgement", "notification"]);
  expect(mails.find((mail) => mail.kind === "acknowledgement")?.toAddress).toBe("grace.js@example.com");
});

test("a message sent without JavaScript is stored and the page says thank you", async ({ browser, server }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.url,
    extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.77" },
  });
  const page = await context.newPage();
  try {
    await serveContactFormsAsOpenedEarlier(page);
    await page.goto("/contact");
    await fillMessage(page, {
      name: "Alan Turing",
      email: "alan.nojs@example.com",
      subject: "Training for our team",
      message: "Do you run the security course on site?",
    });
    await page.getByLabel("Phone").fill("+44 20 7946 0123");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status")).toHaveText("Thank you for your message! We'll get back to you soon.");
    expect(await latestSubmission(server, "alan.nojs@example.com")).toMatchObject({
      status: "new",
      phone: "+44 20 7946 0123",
    });
  } finally {
    await context.close();
  }
});

test("missing or malformed fields get their messages and nothing is stored", async ({
  page,
  server,
  consoleErrors,
}) => {
  await page.goto("/contact");
  await waitForHydration(page);
  await page.getByLabel("Email *").fill("not-an-email");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Name is required")).toBeVisible();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Subject is required")).toBeVisible();
  await expect(page.getByText("Message is required")).toBeVisible();
  await expect(page.getByLabel("Name *")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Name *")).toBeFocused();
  expect(await latestSubmission(server, "not-an-email")).toBeUndefined();
  // The browser's check loads when the form is first focused; a form sent before it has loaded is
  // answered by the server (400) with the same messages, so either way is right here.
  ignoreErrorResponses(consoleErrors, 400);
});

test("Apply Now on /careers opens the application with its subject, a CV field and consent", async ({
  page,
  server,
  consoleErrors,
}) => {
  await page.goto("/careers");
  const apply = page
    .locator("#openings article")
    .first()
    .getByRole("link", { name: /^Apply Now/ });
  const title = (await page.locator("#openings article").first().getByRole("heading", { level: 3 }).textContent())!;
  await apply.click();
  await expect(page).toHaveURL(/\/contact\?job=/);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { name: "Apply for this role" })).toBeVisible();
  await expect(page.getByLabel("Subject *")).toHaveValue(`Application for ${title} position`);
  await fillMessage(page, { name: "Katherine Johnson", email: "kj.apply@example.com", message: "My CV is attached." });
  await page.getByLabel("CV or covering letter").setInputFiles({
    name: "Katherine Johnson CV.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  // Without consent the application is not sent.
  await page.getByRole("button", { name: "Send Application" }).click();
  await expect(page.getByText("Please agree to the privacy statement")).toBeVisible();
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Send Application" }).click();
  await expect(page.getByText("Thank you for your message! We'll get back to you soon.").first()).toBeVisible();
  const row = await latestSubmission(server, "kj.apply@example.com");
  // A submission caught as spam would have no mail; this application has both.
  expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.submissionId, row!.id))).toHaveLength(2);
  expect(row).toMatchObject({
    subject: `Application for ${title} position`,
    status: "new",
    attachmentFilename: "Katherine Johnson CV.pdf",
  });
  expect(row!.attachmentUrl).toMatch(/^\d+-[0-9a-f]+\.pdf$/);

  // In the CMS, the application shows its CV's original name, which downloads the file.
  await signInAs(page, server, "admin");
  await page.goto(`/cms/submissions?selected=${row!.id}`);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Katherine Johnson CV.pdf" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("Katherine Johnson CV.pdf");
  const saved = await file.path();
  expect(fs.readFileSync(saved).subarray(0, 8).toString()).toBe("%PDF-1.4");
  // The first Send without consent is answered by the server (400, with the same message) when
  // the browser's check has not loaded yet, as in the test above.
  ignoreErrorResponses(consoleErrors, 400);
});

test("a file that is not what its name says is refused and nothing is stored", async ({
  page,
  server,
  consoleErrors,
}) => {
  await page.goto("/contact?job=Cyber%20Security%20Analyst");
  await waitForHydration(page);
  await fillMessage(page, { name: "Mallory", email: "mallory.upload@example.com", message: "See attached." });
  await page.getByLabel("CV or covering letter").setInputFiles({
    name: "cv.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<html><script>alert(1)</script></html>"),
  });
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Send Application" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to upload attachment:" })).toBeVisible();
  expect(await latestSubmission(server, "mallory.upload@example.com")).toBeUndefined();
  ignoreErrorResponses(consoleErrors, 415);
});

test("a filled-in honeypot or a form sent at once is kept as spam, and answered like any message", async ({
  request,
  server,
}) => {
  const html = await (await request.get("/contact")).text();
  let token = /name="token" value="([^"]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  const send = (email: string, extra: Record<string, string>) =>
    request.post("/contact", {
      headers: { Origin: server.url, "X-Forwarded-For": "192.0.2.50" },
      multipart: { name: "Bot", email, subject: "Offer", message: "Buy now", token: token!, ...extra },
      maxRedirects: 0,
    });
  // Posted the moment the form was served: too fast for a person.
  expect((await send("bot.fast@example.com", {})).status()).toBeLessThan(400);
  expect((await latestSubmission(server, "bot.fast@example.com"))?.status).toBe("spam");
  // From here on, forms as old as a person's.
  token = personsFormToken();
  expect((await send("bot.honeypot@example.com", { website: "http://spam.example" })).status()).toBeLessThan(400);
  expect((await latestSubmission(server, "bot.honeypot@example.com"))?.status).toBe("spam");
  expect((await send("person.slow@example.com", {})).status()).toBeLessThan(400);
  expect((await latestSubmission(server, "person.slow@example.com"))?.status).toBe("new");
});

test("the contact details and business hours come from the site settings; the page is accessible", async ({ page }) => {
  await page.goto("/contact");
  const details = page.getByRole("complementary", { name: "Contact details" });
  await expect(details.getByRole("link", { name: /@/ })).toHaveCount(2);
  await expect(details.getByRole("link", { name: /^(\+|0)/ })).toHaveCount(2);
  await expect(details.getByText("United Kingdom", { exact: true })).toBeVisible();
  await expect(details.getByText("United States", { exact: true })).toBeVisible();
  // SPEC.md "Contact": Mon-Fri 9:00-18:00, Sat 10:00-16:00, Sunday closed (the demo settings).
  for (const hours of ["Mon-Fri 9:00-18:00", "Sat 10:00-16:00", "Sunday closed"]) {
    await expect(details.getByText(hours, { exact: true })).toBeVisible();
  }
  await waitForHydration(page);
  await expectAccessibleInBothThemes(page);
  await page.goto("/contact?job=Graduate%20Data%20Scientist");
  await waitForHydration(page);
  await expectAccessibleInBothThemes(page);
});
