/**
 * The document downloads (SPEC.md section 2's "Download AWS Guide" and the other download buttons):
 * the dialog on a marketing page, the PDF it delivers, the contact submission the CMS then lists,
 * the messages for bad input and for too many requests, the page that works without JavaScript,
 * and axe on that page in both themes.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import type { Browser, Download, Page } from "@playwright/test";
import { contactSubmissions } from "../../app/db/schema";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  openCmsTab,
  signInAs,
  test,
  waitForHydration,
  waitForReact,
  type TestServer,
} from "./fixtures";

test.beforeEach(async ({ page }) => dismissCookieBanner(page));

/**
 * Each test poses as a client address of its own (the test server trusts X-Forwarded-For), so the
 * per-address limit that one test runs into never reaches another.
 */
let addressCounter = 0;
function ownAddress(): Record<string, string> {
  addressCounter += 1;
  return { "X-Forwarded-For": `203.0.113.${(process.pid % 50) * 4 + addressCounter}` };
}

async function submissionsNamed(server: TestServer, name: string) {
  return server.db.select().from(contactSubmissions).where(eq(contactSubmissions.name, name));
}

async function expectPdf(download: Download, filename: string): Promise<void> {
  expect(download.suggestedFilename()).toBe(filename);
  const bytes = fs.readFileSync(await download.path());
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(bytes.length).toBeGreaterThan(5_000);
}

/** Opens a marketing page and its download dialog with a click on the button (a link without JS). */
async function openDialog(page: Page, path: string, label: string) {
  await page.goto(path);
  await waitForHydration(page);
  const button = page.getByRole("link", { name: label });
  await expect(button).toHaveAttribute("href", /^\/downloads\//);
  await waitForReact(button);
  await button.click();
  const dialog = page.getByRole("dialog", { name: label });
  await expect(dialog).toBeVisible();
  return { button, dialog };
}

test("from /cloud the AWS guide dialog delivers the PDF, confirms it, and the CMS lists the request", async ({
  page,
  server,
}) => {
  await page.context().setExtraHTTPHeaders(ownAddress());
  const { button, dialog } = await openDialog(page, "/cloud", "Download AWS Guide");
  await expect(page).toHaveURL(/\/cloud$/);
  // Focus moves into the dialog, to its first field.
  await expect(dialog.getByLabel("Name")).toBeFocused();
  await dialog.getByLabel("Name").fill("Ada Downloader");
  await dialog.getByLabel("Email").fill("ada.downloader@example.com");

  // While the server prepares the PDF, the button says so and cannot be pressed again.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/downloads/aws-guide", async (route) => {
    await held;
    await route.continue();
  });
  const downloadEvent = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download PDF" }).click();
  await expect(dialog.getByRole("button", { name: "Sending..." })).toBeDisabled();
  release();

  await expectPdf(await downloadEvent, "aws-guide.pdf");
  await expect(page.getByText("Your download has started")).toBeVisible();
  await expect(dialog).toBeHidden();
  // Focus returns to the button that opened the dialog.
  await expect(button).toBeFocused();

  const stored = await submissionsNamed(server, "Ada Downloader");
  expect(stored).toHaveLength(1);
  expect(stored[0]).toMatchObject({
    email: "ada.downloader@example.com",
    subject: "Download: AWS Cloud Guide",
    status: "new",
  });
  expect(stored[0]!.message).toMatch(/AWS Cloud Guide \(PDF\) from the page http.*\/cloud\.$/);

  await signInAs(page, server, "admin");
  await openCmsTab(page, "/cms/submissions", /^Contact Submissions \(\d+\)$/, "Refresh");
  const row = page.getByRole("row", { name: /Ada Downloader/ });
  await expect(row).toContainText("Download: AWS Cloud Guide");
  await expect(row).toContainText("New");
});

test("an invalid e-mail shows its message under the field and stores nothing", async ({ page, server }) => {
  await page.context().setExtraHTTPHeaders(ownAddress());
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  const { dialog } = await openDialog(page, "/cloud", "Download AWS Guide");
  await dialog.getByLabel("Name").fill("Invalid Email Person");
  const email = dialog.getByLabel("Email");
  await email.fill("not-an-address");
  await dialog.getByRole("button", { name: "Download PDF" }).click();

  const message = dialog.getByText("Please enter a valid email address");
  await expect(message).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  const messageId = await message.getAttribute("id");
  await expect(email).toHaveAttribute("aria-describedby", new RegExp(`\\b${messageId}\\b`));
  await expect(email).toBeFocused();
  expect(posts).toEqual([]);

  // The message goes once the address is valid; an empty name has its own message.
  await email.fill("fixed@example.com");
  await expect(message).toBeHidden();
  await expect(email).not.toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Name").fill("   ");
  await dialog.getByRole("button", { name: "Download PDF" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  expect(posts).toEqual([]);
  expect(await submissionsNamed(server, "Invalid Email Person")).toEqual([]);
});

test("the server's own refusals show in the dialog: field messages (400) and too many requests (429)", async ({
  page,
  server,
  consoleErrors,
}) => {
  const address = ownAddress();
  await page.context().setExtraHTTPHeaders(address);
  const { dialog } = await openDialog(page, "/cloud", "Download AWS Guide");
  await dialog.getByLabel("Name").fill("Server Check");
  await dialog.getByLabel("Email").fill("server.check@example.com");

  // A body the dialog's own checks would not let through reaches the server: 400, field message.
  await page.route("**/downloads/aws-guide", (route) =>
    route.continue({
      postData: "name=Server+Check&email=server.check%40",
      headers: { ...route.request().headers(), "content-type": "application/x-www-form-urlencoded" },
    }),
  );
  await dialog.getByRole("button", { name: "Download PDF" }).click();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  expect(await submissionsNamed(server, "Server Check")).toEqual([]);
  await page.unroute("**/downloads/aws-guide");
  expectConsoleError(consoleErrors, 400);

  // Ten requests from one address use up its allowance (the refused one above counted too); the
  // eleventh is refused with a message.
  for (let index = 0; index < 9; index += 1) {
    const response = await page.request.post("/downloads/aws-guide", {
      headers: address,
      form: { name: "Allowance User", email: "allowance@example.com" },
    });
    expect(response.status()).toBe(200);
  }
  await dialog.getByRole("button", { name: "Download PDF" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(/Too many download requests/);
  await expect(dialog).toBeVisible();
  expect(await submissionsNamed(server, "Server Check")).toEqual([]);
  expectConsoleError(consoleErrors, 429);
});

/** A browser context without JavaScript, posing as its own client address. */
async function noScriptPage(browser: Browser, server: TestServer): Promise<Page> {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: server.url,
    extraHTTPHeaders: ownAddress(),
  });
  return context.newPage();
}

test("without JavaScript the button opens the download page, whose form returns the PDF", async ({
  browser,
  server,
}) => {
  const page = await noScriptPage(browser, server);
  try {
    await page.goto("/cloud");
    await page.getByRole("link", { name: "Download AWS Guide" }).click();
    await expect(page).toHaveURL(/\/downloads\/aws-guide$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Download: AWS Cloud Guide");
    await expect(page).toHaveTitle(/^Download: AWS Cloud Guide \| /);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("link", { name: "Back to AWS Cloud Services" })).toHaveAttribute("href", "/cloud");

    // The server's message for a name of spaces (the browser's own checks accept it).
    await page.getByLabel("Name").fill("   ");
    await page.getByLabel("Email").fill("no.script@example.com");
    const refused = page.waitForResponse((response) => response.request().method() === "POST");
    await page.getByRole("button", { name: "Download PDF" }).click();
    expect((await refused).status()).toBe(400);
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Email")).toHaveValue("no.script@example.com");

    await page.getByLabel("Name").fill("No Script");
    const downloadEvent = page.waitForEvent("download");
    await page.getByRole("button", { name: "Download PDF" }).click();
    await expectPdf(await downloadEvent, "aws-guide.pdf");
    expect(await submissionsNamed(server, "No Script")).toMatchObject([
      { subject: "Download: AWS Cloud Guide", status: "new" },
    ]);
  } finally {
    await page.context().close();
  }
});

test("posting the download form answers with the PDF itself; an unknown document is a 404", async ({
  request,
  server,
}) => {
  const headers = ownAddress();
  const cases = [
    ["aws-guide", "AWS Cloud Guide"],
    ["data-lake-architecture-guide", "Data Lake Architecture Guide"],
    ["enterprise-cloud-migration-case-study", "Enterprise Cloud Migration Case Study"],
    ["scalable-ecommerce-case-study", "Scalable E-commerce Case Study"],
  ] as const;
  for (const [id, title] of cases) {
    const response = await request.post(`/downloads/${id}`, {
      headers,
      form: { name: `Poster ${id}`, email: "poster@example.com" },
    });
    expect(response.status(), id).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect(response.headers()["content-disposition"]).toBe(
      `attachment; filename="${id}.pdf"; filename*=UTF-8''${id}.pdf`,
    );
    expect(response.headers()["cache-control"]).toBe("no-store");
    expect((await response.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(await submissionsNamed(server, `Poster ${id}`)).toMatchObject([{ subject: `Download: ${title}` }]);
  }
  expect((await request.get("/downloads/no-such-guide")).status()).toBe(404);
  const unknown = await request.post("/downloads/no-such-guide", {
    headers,
    form: { name: "Nobody", email: "nobody@example.com" },
  });
  expect(unknown.status()).toBe(404);
  expect(await submissionsNamed(server, "Nobody")).toEqual([]);
});

test("each page's download button leads to its own document", async ({ page }) => {
  const buttons = [
    ["/cloud", "Download AWS Guide", "aws-guide"],
    ["/cloud/data-lake-analytics", "Download Architecture Guide", "data-lake-architecture-guide"],
    ["/cloud/enterprise-cloud-migration", "Download Full Case Study", "enterprise-cloud-migration-case-study"],
    ["/case-studies/scalable-ecommerce", "Download Case Study", "scalable-ecommerce-case-study"],
  ] as const;
  for (const [path, label, id] of buttons) {
    await page.goto(path);
    await expect(page.getByRole("link", { name: label }).first(), path).toHaveAttribute("href", `/downloads/${id}`);
  }
});

test("the download page is accessible in both themes", async ({ page }) => {
  const response = await page.goto("/downloads/enterprise-cloud-migration-case-study");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Download: Enterprise Cloud Migration Case Study");
  await expectAccessibleInBothThemes(page);
});
