/**
 * The CMS Assistant tab (/cms/assistant): the questions the site assistant could not
 * answer, the most asked first; dismissing one, and all of them after a confirmation (a dialog with
 * JavaScript, a panel in the page without it); paging that keeps its place; the empty state; the
 * audit log; who may use it; axe in both themes.
 */
import { eq } from "drizzle-orm";
import type { Browser, Page } from "@playwright/test";
import { auditLog, unansweredQuestions } from "../../app/db/schema";
import {
  expect,
  expectAccessibleInBothThemes,
  openCmsTab,
  signInAs,
  test,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const URL_PATH = "/cms/assistant";
const HEADING = /^Unanswered questions \(\d+\)$/;
const EMPTY_STATE = "No unanswered questions. The assistant found an answer to everything visitors asked.";

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/** Replaces every unanswered question with these (as the assistant would have stored them). */
async function storeQuestions(
  server: TestServer,
  rows: { question: string; timesAsked: number; minutesAgo: number }[],
): Promise<Record<string, string>> {
  await server.db.delete(unansweredQuestions);
  if (rows.length === 0) return {};
  const stored = await server.db
    .insert(unansweredQuestions)
    .values(
      rows.map((row) => ({
        question: row.question,
        timesAsked: row.timesAsked,
        firstAskedAt: minutesAgo(row.minutesAgo + 60),
        lastAskedAt: minutesAgo(row.minutesAgo),
      })),
    )
    .returning();
  return Object.fromEntries(stored.map((row) => [row.question, row.id]));
}

async function storedQuestions(server: TestServer): Promise<string[]> {
  const rows = await server.db.select({ question: unansweredQuestions.question }).from(unansweredQuestions);
  return rows.map((row) => row.question).sort();
}

function openTab(page: Page) {
  return openCmsTab(page, URL_PATH, HEADING, "Dismiss all");
}

/** The question column of the table, top to bottom. */
function listedQuestions(page: Page) {
  return page.locator("tbody tr th[scope=row]");
}

test("an administrator reads the questions most asked first, dismisses one, then all after confirming", async ({
  page,
  server,
}) => {
  // Several screens, each checked by axe in both themes, on a shared machine.
  test.setTimeout(90_000);
  const ids = await storeQuestions(server, [
    { question: "Is there parking at the London office?", timesAsked: 1, minutesAgo: 1 },
    { question: "Do you offer SOC 2 audits?", timesAsked: 7, minutesAgo: 90 },
    { question: "Can I pay for training by invoice?", timesAsked: 2, minutesAgo: 30 },
    { question: "What does [number] cost?", timesAsked: 2, minutesAgo: 10 },
  ]);
  const admin = await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page).toHaveTitle("Assistant | CMS");
  await expect(
    page.getByRole("navigation", { name: "CMS sections" }).getByRole("link", { name: "Assistant" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Unanswered questions (4)" })).toBeVisible();
  await expect(
    page.getByText(
      "Questions visitors asked the site assistant that the site's content did not answer. Add or improve content, then dismiss them.",
    ),
  ).toBeVisible();
  for (const heading of ["Question", "Times asked", "First asked", "Last asked", "Actions"]) {
    await expect(page.getByRole("columnheader", { name: heading, exact: true })).toBeVisible();
  }

  // The most asked first; equal counts, the most recently asked first.
  await expect(listedQuestions(page)).toHaveText([
    "Do you offer SOC 2 audits?",
    "What does [number] cost?",
    "Can I pay for training by invoice?",
    "Is there parking at the London office?",
  ]);
  const top = page.getByRole("row", { name: /Do you offer SOC 2 audits\?/ });
  await expect(top.getByRole("cell").first()).toHaveText("7");
  await expect(top.locator("time")).toHaveCount(2);
  await expectAccessibleInBothThemes(page);

  // Dismiss one: it leaves the list and the database, with a toast and an audit entry.
  await page.getByRole("button", { name: "Dismiss: Can I pay for training by invoice?", exact: true }).click();
  await expect(page.getByText("Question dismissed", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Unanswered questions (3)" })).toBeVisible();
  await expect(listedQuestions(page)).toHaveText([
    "Do you offer SOC 2 audits?",
    "What does [number] cost?",
    "Is there parking at the London office?",
  ]);
  expect(await storedQuestions(server)).not.toContain("Can I pay for training by invoice?");

  // Dismiss all asks first; Cancel keeps every question.
  await waitForToastsToClose(page);
  const dismissAll = page.getByRole("button", { name: "Dismiss all" });
  await dismissAll.click();
  const confirm = page.getByRole("alertdialog", { name: "Dismiss all 3 unanswered questions?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText("This cannot be undone.");
  await expect(confirm.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectAccessibleInBothThemes(page);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(dismissAll).toBeFocused();
  expect(await storedQuestions(server)).toHaveLength(3);

  // Escape cancels too; confirming empties the list.
  await dismissAll.click();
  await page.keyboard.press("Escape");
  await expect(confirm).toBeHidden();
  expect(await storedQuestions(server)).toHaveLength(3);
  await dismissAll.click();
  await confirm.getByRole("button", { name: "Dismiss all" }).click();
  await expect(page.getByText("3 questions dismissed", { exact: true })).toBeVisible();
  await expect(confirm).toBeHidden();

  // The empty state: the spec's sentence, no table and nothing left to dismiss.
  await expect(page.getByRole("heading", { name: "Unanswered questions (0)" })).toBeVisible();
  await expect(page.getByText(EMPTY_STATE)).toBeVisible();
  await expect(page.getByRole("table")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Dismiss all" })).toHaveCount(0);
  expect(await storedQuestions(server)).toEqual([]);
  await waitForToastsToClose(page);
  await expectAccessibleInBothThemes(page);

  // Both changes are in the audit log, with who made them.
  const audit = await server.db
    .select({ action: auditLog.action, entityId: auditLog.entityId, details: auditLog.details })
    .from(auditLog)
    .where(eq(auditLog.userEmail, admin.email));
  expect(audit).toEqual(
    expect.arrayContaining([
      {
        action: "unanswered_question.dismiss",
        entityId: ids["Can I pay for training by invoice?"],
        details: { question: "Can I pay for training by invoice?", timesAsked: 2 },
      },
      { action: "unanswered_question.dismiss_all", entityId: null, details: { count: 3 } },
    ]),
  );
  expect(audit).toHaveLength(2);
});

test("a long list is paged, and dismissing on the second page stays there", async ({ page, server }) => {
  await storeQuestions(
    server,
    Array.from({ length: 27 }, (_, index) => ({
      question: `Question number ${String(index + 1).padStart(2, "0")}?`,
      timesAsked: 100 - index,
      minutesAgo: index,
    })),
  );
  await signInAs(page, server, "admin");
  await openTab(page);
  await expect(page.getByRole("heading", { name: "Unanswered questions (27)" })).toBeVisible();
  await expect(listedQuestions(page)).toHaveCount(25);
  const pagination = page.getByRole("navigation", { name: "Pagination" });
  await expect(pagination).toContainText("Page 1 of 2");
  await pagination.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/cms\/assistant\?page=2$/);
  await expect(listedQuestions(page)).toHaveText(["Question number 26?", "Question number 27?"]);

  await page.getByRole("button", { name: "Dismiss: Question number 26?", exact: true }).click();
  await expect(page.getByText("Question dismissed", { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/cms\/assistant\?page=2$/);
  await expect(listedQuestions(page)).toHaveText(["Question number 27?"]);
  await expect(page.getByRole("heading", { name: "Unanswered questions (26)" })).toBeVisible();
});

/** A browser context without JavaScript, signed in as a new administrator. */
async function noScriptAdminPage(browser: Browser, server: TestServer): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await signInAs(page, server, "admin");
  return page;
}

test("without JavaScript, dismissing works with plain forms and the confirmation is in the page", async ({
  browser,
  server,
}) => {
  await storeQuestions(server, [
    { question: "Do you build mobile apps?", timesAsked: 4, minutesAgo: 3 },
    { question: "Do you have an office in Manchester?", timesAsked: 2, minutesAgo: 2 },
  ]);
  const page = await noScriptAdminPage(browser, server);
  try {
    const response = await page.goto(URL_PATH);
    expect(response?.status()).toBe(200);
    await expect(listedQuestions(page)).toHaveText([
      "Do you build mobile apps?",
      "Do you have an office in Manchester?",
    ]);

    await page.getByRole("button", { name: "Dismiss: Do you build mobile apps?", exact: true }).click();
    await expect(page).toHaveURL(/\/cms\/assistant$/);
    await expect(listedQuestions(page)).toHaveText(["Do you have an office in Manchester?"]);
    expect(await storedQuestions(server)).toEqual(["Do you have an office in Manchester?"]);

    // "Dismiss all" opens the confirmation in the page; Cancel is a link back to the list.
    await page.getByRole("button", { name: "Dismiss all" }).click();
    await expect(page).toHaveURL(/\/cms\/assistant\?confirm=dismiss-all$/);
    const panel = page.getByRole("region", { name: "Dismiss the 1 unanswered question?" });
    await expect(panel).toBeVisible();
    await expect(panel).toContainText("This cannot be undone.");
    await panel.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/cms\/assistant$/);
    await expect(page.getByRole("region", { name: "Dismiss the 1 unanswered question?" })).toHaveCount(0);
    expect(await storedQuestions(server)).toHaveLength(1);

    await page.getByRole("button", { name: "Dismiss all" }).click();
    await page.getByRole("region", { name: "Dismiss the 1 unanswered question?" }).getByRole("button").click();
    await expect(page).toHaveURL(/\/cms\/assistant$/);
    await expect(page.getByText(EMPTY_STATE)).toBeVisible();
    expect(await storedQuestions(server)).toEqual([]);
  } finally {
    await page.context().close();
  }
});
