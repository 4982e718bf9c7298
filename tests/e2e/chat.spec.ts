/**
 * The site assistant's widget in a real browser (SPEC.md "AI chat widget", sections 4, 5, 8 and 9),
 * against the built-in assistant (the tests set no OPENAI_API_KEY): the button that loads
 * the panel's code only when pressed, the greeting, a question answered with links to the site,
 * the conversation kept across pages and reloads, focus and Escape, "Talk to a person", the failure
 * path for every way the answer can break, axe in both themes, and a 320 px wide screen.
 */
import type { Page, Request } from "@playwright/test";
import { eq } from "drizzle-orm";
import { siteSettings } from "../../app/db/schema";
import { BUILT_IN_COURSES } from "../../app/content/training-courses";
import { CHAT_MESSAGES, chatGreeting, fallbackReply } from "../../app/lib/chat/chat";
import { chatMarkupText } from "../../app/lib/chat/chat-markup";
import {
  dismissCookieBanner,
  expect,
  expectAccessibleInBothThemes,
  expectConsoleError,
  test,
  waitForHydration,
  waitForToastsToClose,
  type TestServer,
} from "./fixtures";

const QUESTION = "What training courses do you offer?";
const [aws] = BUILT_IN_COURSES;

/** Each test asks from its own address, so the per-address rate limit counts only its own questions. */
let addressCounter = 0;
test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
  addressCounter += 1;
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `203.0.113.${(addressCounter + process.pid) % 250}` });
});

async function setting(server: TestServer, key: string): Promise<string> {
  const [row] = await server.db.select().from(siteSettings).where(eq(siteSettings.settingKey, key));
  return row?.settingValue ?? "";
}

const chatButton = (page: Page) => page.getByRole("button", { name: "Chat with our assistant" });
const panel = (page: Page) => page.getByRole("dialog", { name: /Site assistant/ });
const conversation = (page: Page) => panel(page).getByRole("list", { name: "Conversation" });
const messages = (page: Page) => conversation(page).locator(":scope > li");
const input = (page: Page) => panel(page).getByRole("textbox", { name: "Your message" });
const sendButton = (page: Page) => panel(page).getByRole("button", { name: "Send", exact: true });

async function openChat(page: Page) {
  await chatButton(page).click();
  await expect(panel(page)).toBeVisible();
  await expect(input(page)).toBeFocused();
}

/** Types a question, sends it with Enter and waits for the reply to be complete. */
async function ask(page: Page, question: string) {
  const before = await messages(page).count();
  await input(page).fill(question);
  await input(page).press("Enter");
  await expect(messages(page)).toHaveCount(before + 2, { timeout: 15_000 });
  await expect(input(page)).toBeEnabled();
}

test("the panel loads when opened, answers about courses with links, and keeps the conversation across pages and reloads", async ({
  page,
  server,
}) => {
  const companyName = await setting(server, "company_name");
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(request.url());
  });
  await page.goto("/");
  await waitForHydration(page);
  await page.waitForLoadState("networkidle");

  // The button is there, closed, and the panel's code has not been fetched.
  const button = chatButton(page);
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).not.toHaveAttribute("aria-controls");
  const firstLoad = [...scripts];
  const bodies = async (urls: string[]) => Promise.all(urls.map(async (url) => (await page.request.get(url)).text()));
  for (const body of await bodies(firstLoad)) expect(body).not.toContain("Talk to a person");

  await openChat(page);
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(button).toHaveAttribute("aria-controls", (await panel(page).getAttribute("id"))!);
  const loadedOnOpen = scripts.filter((url) => !firstLoad.includes(url));
  expect(loadedOnOpen.length, "scripts fetched when the panel opened").toBeGreaterThan(0);
  expect((await bodies(loadedOnOpen)).some((body) => body.includes("Talk to a person"))).toBe(true);

  // The greeting opens the conversation; the label says who answers.
  await expect(messages(page)).toHaveCount(1);
  await expect(messages(page).first()).toHaveText(`Assistant: ${chatGreeting(companyName)}`);
  await expect(panel(page)).toHaveAccessibleName("Site assistant");

  // An empty or whitespace-only message cannot be sent, not even with Enter.
  await expect(sendButton(page)).toBeDisabled();
  await input(page).fill("  \n  ");
  await expect(sendButton(page)).toBeDisabled();
  await input(page).press("Enter");
  await expect(messages(page)).toHaveCount(1);

  // While the reply is awaited: the question shows, the input and button are disabled, and the
  // thinking indicator is announced. The request reaches the real server once let through.
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/api/chat", async (route) => {
    await held;
    await route.continue();
  });
  const sent = page.waitForRequest("**/api/chat");
  await input(page).fill(QUESTION);
  await expect(sendButton(page)).toBeEnabled();
  await input(page).press("Enter");
  const request: Request = await sent;
  await expect(messages(page).nth(1)).toHaveText(`You: ${QUESTION}`);
  await expect(input(page)).toBeDisabled();
  await expect(input(page)).toHaveValue("");
  await expect(sendButton(page)).toBeDisabled();
  await expect(panel(page).getByRole("status")).toHaveText("Thinking…");
  letThrough();

  // The reply: the courses, each a link, and a link to /training; focus is back in the input.
  const reply = messages(page).nth(2);
  await expect(reply).toContainText(aws!.name, { timeout: 15_000 });
  await expect(reply.getByRole("link", { name: "Training", exact: true })).toHaveAttribute("href", "/training");
  await expect(reply.getByRole("link", { name: aws!.name })).toHaveAttribute("href", /^\/training#/);
  await expect(panel(page).getByRole("status")).toHaveText("");
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toBeFocused();
  // The reply is announced once, complete, in the polite live region.
  await expect(panel(page).locator("[aria-live=polite]")).toContainText(`Assistant: We run`);
  await expect(panel(page).locator("[aria-live=polite]")).toContainText(aws!.name);

  // The request carried the message and the conversation before it, greeting included.
  expect(request.headers()["accept"]).toBe("text/event-stream");
  expect(request.postDataJSON()).toEqual({
    message: QUESTION,
    conversationHistory: [{ role: "assistant", content: chatGreeting(companyName) }],
  });

  // Following the link navigates in place: the page is not reloaded and the conversation stays open.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
  await reply.getByRole("link", { name: "Training", exact: true }).click();
  await expect(page).toHaveURL(/\/training$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).nth(1)).toHaveText(`You: ${QUESTION}`);

  // A reload keeps the conversation for this tab (sessionStorage); the panel starts closed.
  await page.reload();
  await waitForHydration(page);
  await expect(panel(page)).toHaveCount(0);
  await openChat(page);
  await expect(messages(page)).toHaveCount(3);
  await expect(messages(page).nth(2)).toContainText(aws!.name);

  // Escape closes the panel and focus returns to the button.
  await page.keyboard.press("Escape");
  await expect(panel(page)).toHaveCount(0);
  await expect(chatButton(page)).toBeFocused();
  await expect(chatButton(page)).toHaveAttribute("aria-expanded", "false");

  // So does the close button; "New conversation" starts again from the greeting.
  await openChat(page);
  await panel(page).getByRole("button", { name: "New conversation" }).click();
  await expect(messages(page)).toHaveCount(1);
  await expect(input(page)).toBeFocused();
  await panel(page).getByRole("button", { name: "Close chat" }).click();
  await expect(panel(page)).toHaveCount(0);
  await expect(chatButton(page)).toBeFocused();
});

test("the assistant gives the same phone numbers and e-mail addresses as the contact page", async ({ page }) => {
  await page.goto("/contact");
  const main = page.getByRole("main");
  const pagePhones = await main
    .locator('a[href^="tel:"]')
    .evaluateAll((links) => links.map((link) => link.textContent));
  const pageEmails = await main
    .locator('a[href^="mailto:"]')
    .evaluateAll((links) => links.map((link) => link.textContent));
  expect(pagePhones.length).toBe(2);
  await waitForHydration(page);
  await openChat(page);
  // Each question gets what it asks for: the phone numbers, then the e-mail addresses.
  await ask(page, "What is your phone number?");
  const phones = await messages(page)
    .last()
    .locator('a[href^="tel:"]')
    .evaluateAll((links) => links.map((link) => link.textContent));
  expect(phones).toEqual(pagePhones);
  await ask(page, "What is your e-mail address?");
  const emails = await messages(page)
    .last()
    .locator('a[href^="mailto:"]')
    .evaluateAll((links) => links.map((link) => link.textContent));
  expect(emails).toEqual(pageEmails);
});

test("the built-in reply is written out in pieces, as a model's is", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await openChat(page);
  // Every text the reply being written shows, as the page shows it.
  await page.evaluate(() => {
    const panelElement = document.querySelector('[data-testid="chat-panel"]')!;
    const seen: string[] = [];
    (window as unknown as { partialReplies: string[] }).partialReplies = seen;
    new MutationObserver(() => {
      const text = panelElement
        .querySelector('li[aria-busy="true"]')
        ?.textContent?.replace(/^Assistant: /, "")
        .replace(/\s+/g, " ")
        .trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(panelElement, { subtree: true, childList: true, characterData: true });
  });
  await ask(page, QUESTION);

  const partials = await page.evaluate(() => (window as unknown as { partialReplies: string[] }).partialReplies);
  // Several texts while it was written, each longer than the one before (the list of courses is
  // about twenty pieces; a busy machine may draw a few at once).
  expect(partials.length, JSON.stringify(partials)).toBeGreaterThanOrEqual(3);
  for (const [index, partial] of partials.entries())
    if (index > 0) expect(partial.length).toBeGreaterThan(partials[index - 1]!.length);
  await expect(messages(page).last()).toContainText(aws!.name);
});

test("a reply written while the panel is closed is there when it opens again", async ({ page }) => {
  let letThrough!: () => void;
  const held = new Promise<void>((resolve) => (letThrough = resolve));
  await page.route("**/api/chat", async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/");
  await waitForHydration(page);
  await openChat(page);
  await input(page).fill(QUESTION);
  await input(page).press("Enter");
  await expect(panel(page).getByRole("status")).toHaveText("Thinking…");
  // The input waits, disabled; focus stays in the panel, not on the page behind it.
  await expect(panel(page)).toBeFocused();
  await panel(page).getByRole("button", { name: "Close chat" }).click();
  await expect(panel(page)).toHaveCount(0);

  // Reopened while still waiting: focus is in the panel, and moves to the input once it can be used.
  await chatButton(page).click();
  await expect(input(page)).toBeDisabled();
  await expect(panel(page)).toBeFocused();
  letThrough();
  await expect(messages(page)).toHaveCount(3, { timeout: 15_000 });
  await expect(messages(page).nth(2)).toContainText(aws!.name);
  await expect(input(page)).toBeFocused();

  // Closed again before the reply arrives: it is kept all the same.
  await page.unroute("**/api/chat");
  await input(page).fill("How do I apply for a job?");
  await input(page).press("Enter");
  await page.keyboard.press("Escape");
  await expect(panel(page)).toHaveCount(0);
  await page.waitForLoadState("networkidle");
  await chatButton(page).click();
  await expect(messages(page)).toHaveCount(5, { timeout: 15_000 });
});

test("a corrupt stored conversation is ignored: the panel starts with the greeting", async ({ page, server }) => {
  await page.addInitScript(() => sessionStorage.setItem("chatConversation", '[{"role":"system"'));
  await page.goto("/about");
  await waitForHydration(page);
  await openChat(page);
  await expect(messages(page)).toHaveText([`Assistant: ${chatGreeting(await setting(server, "company_name"))}`]);
});

test("Talk to a person opens /contact with the conversation summarised, once", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await openChat(page);
  await ask(page, QUESTION);
  await ask(page, "How do I apply for a job?");
  await panel(page).getByRole("button", { name: "Talk to a person" }).click();

  await expect(page).toHaveURL(/\/contact$/);
  await expect(panel(page)).toHaveCount(0);
  await expect(page.getByLabel("Subject *")).toHaveValue("Question from the site assistant");
  await expect(page.getByLabel("Message *")).toHaveValue(
    "I was chatting with the site assistant and would like to talk to a person.\n\n" +
      `My questions:\n- ${QUESTION}\n- How do I apply for a job?`,
  );
  // Nothing of the conversation went into the address.
  expect(page.url()).not.toContain("?");
  // The draft is used once: a reload starts with an empty form, the conversation still kept.
  expect(await page.evaluate(() => sessionStorage.getItem("contactDraft"))).toBeNull();
  await page.reload();
  await waitForHydration(page);
  await expect(page.getByLabel("Message *")).toHaveValue("");
  await openChat(page);
  await expect(messages(page)).toHaveCount(5);

  // From /contact itself, with the visitor's own subject typed in: only the message is filled.
  await page.keyboard.press("Escape");
  await page.getByLabel("Subject *").fill("My own subject");
  await openChat(page);
  await panel(page).getByRole("button", { name: "Talk to a person" }).click();
  await expect(page.getByLabel("Message *")).toHaveValue(/^I was chatting with the site assistant/);
  await expect(page.getByLabel("Subject *")).toHaveValue("My own subject");
});

test("axe passes with the panel open, in both themes", async ({ page }) => {
  await page.goto("/");
  await waitForHydration(page);
  await openChat(page);
  await ask(page, QUESTION);
  await input(page).fill("A question not yet sent");
  await expectAccessibleInBothThemes(page);
});

test("at 320 px wide the panel fits the screen without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto("/");
  await waitForHydration(page);
  await openChat(page);
  await ask(page, QUESTION);
  await ask(page, "a".repeat(300));
  const box = await panel(page).boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(320);
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  expect(
    await panel(page).evaluate((element) => {
      const overflowing = [...element.querySelectorAll("*")].filter(
        (child) => child.getBoundingClientRect().right > element.getBoundingClientRect().right + 0.5,
      );
      return overflowing.length;
    }),
  ).toBe(0);
  for (const control of [input(page), sendButton(page), panel(page).getByRole("button", { name: "Close chat" })]) {
    await expect(control).toBeInViewport();
  }
  // The panel does not cover its own button.
  const buttonBox = await chatButton(page).boundingBox();
  expect(box!.y + box!.height).toBeLessThanOrEqual(buttonBox!.y);
});

test.describe("when the assistant cannot answer", () => {
  /** Checks the spec's failure path: the destructive toast and the fallback reply, with no partial text left. */
  async function expectFailure(page: Page, email: string, leftover?: string) {
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: CHAT_MESSAGES.failure });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText(CHAT_MESSAGES.failureTitle);
    await expect(toast).toHaveAttribute("data-type", "error");
    const reply = messages(page).last();
    await expect(reply).toHaveText(`Assistant: ${chatMarkupText(fallbackReply(email))}`);
    await expect(reply.getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
    await expect(reply.getByRole("link", { name: email, exact: true })).toHaveAttribute("href", `mailto:${email}`);
    if (leftover) await expect(panel(page)).not.toContainText(leftover);
    await expect(input(page)).toBeEnabled();
  }

  test("a server error (500) shows the toast and the fallback reply", async ({ page, server, consoleErrors }) => {
    const email = await setting(server, "contact_email");
    await page.route("**/api/chat", (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: "Internal error" }),
      }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await openChat(page);
    await input(page).fill(QUESTION);
    await sendButton(page).click();
    await expect(messages(page).nth(1)).toHaveText(`You: ${QUESTION}`);
    await expectFailure(page, email);
    await expect(messages(page)).toHaveCount(3);
    expectConsoleError(consoleErrors, 500);
  });

  test("a network failure shows the toast and the fallback reply", async ({ page, server, consoleErrors }) => {
    const email = await setting(server, "contact_email");
    await page.route("**/api/chat", (route) => route.abort("connectionreset"));
    await page.goto("/");
    await waitForHydration(page);
    await openChat(page);
    await ask(page, QUESTION);
    await expectFailure(page, email);
    // Chromium logs the failed request itself; nothing else may have been logged.
    expect(consoleErrors).toEqual(["Failed to load resource: net::ERR_CONNECTION_RESET"]);
    consoleErrors.length = 0;
  });

  test("a broken stream replaces the partial reply with the fallback reply", async ({ page, server }) => {
    const email = await setting(server, "contact_email");
    const delta = (text: string) => `event: delta\ndata: ${JSON.stringify({ text })}\n\n`;
    const bodies = [
      // A malformed event after the first piece.
      `${delta("Partial answer")}event: delta\ndata: {"text": oops\n\n`,
      // The stream ends without its done event.
      delta("Partial answer"),
      // The server reports an error part-way.
      `${delta("Partial answer")}event: error\ndata: {"success":false,"error":"The model timed out"}\n\n`,
      // A done event without the agreed fields.
      `${delta("Partial answer")}event: done\ndata: {"success":true}\n\n`,
    ];
    let next = 0;
    await page.route("**/api/chat", (route) =>
      route.fulfill({ status: 200, contentType: "text/event-stream", body: bodies[next++] ?? "" }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await openChat(page);
    for (const _ of bodies) {
      await ask(page, QUESTION);
      await expectFailure(page, email, "Partial answer");
      await waitForToastsToClose(page);
      await panel(page).getByRole("button", { name: "New conversation" }).click();
    }
    // A 200 answer that is not a stream at all is a failure too.
    await page.unroute("**/api/chat");
    await page.route("**/api/chat", (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: '{"success":true,"response":"Hi"}' }),
    );
    await ask(page, QUESTION);
    await expectFailure(page, email);
  });

  test("a rate limit (429) shows the server's message, which the assistant also replies", async ({
    page,
    consoleErrors,
  }) => {
    await page.route("**/api/chat", (route) =>
      route.fulfill({
        status: 429,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: CHAT_MESSAGES.tooMany }),
      }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await openChat(page);
    await ask(page, QUESTION);
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: CHAT_MESSAGES.tooMany })).toBeVisible();
    await expect(messages(page).last()).toHaveText(`Assistant: ${CHAT_MESSAGES.tooMany}`);
    expectConsoleError(consoleErrors, 429);
  });

  test("a refused message (400) shows the server's reason and returns the question to the input", async ({
    page,
    consoleErrors,
  }) => {
    await page.route("**/api/chat", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify({ success: false, error: CHAT_MESSAGES.tooLong }),
      }),
    );
    await page.goto("/");
    await waitForHydration(page);
    await openChat(page);
    await input(page).fill(QUESTION);
    await input(page).press("Enter");
    await expect(page.locator("[data-sonner-toast]").filter({ hasText: CHAT_MESSAGES.tooLong })).toBeVisible();
    await expect(input(page)).toHaveValue(QUESTION);
    await expect(messages(page)).toHaveCount(1);
    expectConsoleError(consoleErrors, 400);
  });
});
