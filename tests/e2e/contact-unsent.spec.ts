/**
 * A contact message or job application that cannot reach the site: the network is cut,
 * or something in between answers 500 or 502. The form stays exactly as the visitor left it, every
 * field and the chosen CV, with the spec's toast "Failed to send message. Please try again.", and
 * once the network is back the same form sends as it is.
 */
import type { Page, Route } from "@playwright/test";
import { desc, eq } from "drizzle-orm";
import { contactSubmissions } from "../../app/db/schema";
import { dismissCookieBanner, expect, test, waitForHydration } from "./fixtures";
import { serveContactFormsAsOpenedEarlier } from "./form-token-steps";

const FAILURE_TOAST = "Failed to send message. Please try again.";
const CV = { name: "Dorothy Vaughan CV.pdf", mimeType: "application/pdf", body: "%PDF-1.4\n%%EOF\n" };
/** What the visitor typed; the address differs in each test, which all share one database. */
const typed = (test: number) => ({
  "Name *": "Dorothy Vaughan",
  "Email *": `dorothy.unsent.${test}@example.com`,
  Phone: "+44 20 7946 0456",
  "Subject *": "Application for Cloud Engineer position (edited)",
  "Message *": "I lead a team of programmers.\nMy CV is attached.",
});

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `198.51.100.${200 + Math.floor(Math.random() * 50)}` });
  await serveContactFormsAsOpenedEarlier(page);
});

async function expectFormAsTyped(page: Page, fields: Record<string, string>) {
  for (const [label, value] of Object.entries(fields)) await expect(page.getByLabel(label)).toHaveValue(value);
  await expect(page.getByRole("checkbox")).toBeChecked();
  const file = await page
    .getByLabel("CV or covering letter")
    .evaluate(
      (input: HTMLInputElement) => input.files?.[0] && { name: input.files[0].name, size: input.files[0].size },
    );
  expect(file).toEqual({ name: CV.name, size: CV.body.length });
}

const isContactPost = (route: Route) =>
  route.request().method() === "POST" && new URL(route.request().url()).pathname.startsWith("/contact");

const failures: { name: string; fail: (route: Route) => Promise<void>; console: RegExp }[] = [
  {
    name: "the network is cut (every request fails, the page's own reloads too)",
    fail: (route) => route.abort("internetdisconnected"),
    console: /net::ERR_INTERNET_DISCONNECTED/,
  },
  {
    name: "a 500 that is not the site's answer",
    fail: (route) =>
      isContactPost(route)
        ? route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" })
        : route.continue(),
    console: /status of 500/,
  },
  {
    name: "a proxy's 502 page",
    fail: (route) =>
      isContactPost(route)
        ? route.fulfill({ status: 502, contentType: "text/html", body: "<html><h1>502 Bad Gateway</h1></html>" })
        : route.continue(),
    console: /status of 502/,
  },
];

for (const [index, failure] of failures.entries()) {
  test(`a job application survives ${failure.name}, CV included, and sends once it can`, async ({
    page,
    server,
    consoleErrors,
  }) => {
    const fields = typed(index);
    await page.goto("/contact?job=Cloud%20Engineer");
    await waitForHydration(page);
    for (const [label, value] of Object.entries(fields)) await page.getByLabel(label).fill(value);
    await page
      .getByLabel("CV or covering letter")
      .setInputFiles({ name: CV.name, mimeType: CV.mimeType, buffer: Buffer.from(CV.body) });
    await page.getByRole("checkbox").check();

    await page.route("**/*", failure.fail);
    await page.getByRole("button", { name: "Send Application" }).click();
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: FAILURE_TOAST })).toBeVisible();
    await expect(page.getByRole("button", { name: "Send Application" })).toBeEnabled();
    await expect(page.getByRole("heading", { name: "Apply for this role" })).toBeVisible();
    await expectFormAsTyped(page, fields);
    const stored = () =>
      server.db
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.email, fields["Email *"]))
        .orderBy(desc(contactSubmissions.createdAt));
    expect(await stored()).toHaveLength(0);

    // The network is back: the same form, untouched, sends with its CV.
    await page.unroute("**/*");
    await page.getByRole("button", { name: "Send Application" }).click();
    await expect(
      page
        .locator("[data-sonner-toast]")
        .filter({ hasText: "Thank you for your message! We'll get back to you soon." }),
    ).toBeVisible();
    const [row] = await stored();
    expect(row).toMatchObject({ name: "Dorothy Vaughan", status: "new", attachmentFilename: CV.name });

    // The failed request is what the browser logged, nothing else.
    expect(consoleErrors.length).toBeGreaterThan(0);
    expect(consoleErrors.filter((message) => !failure.console.test(message))).toEqual([]);
    consoleErrors.splice(0);
  });
}
