/**
 * The site assistant on a model, in the browser: the production server (`node server.js`)
 * runs with OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL pointing at an OpenAI-compatible
 * server on loopback, which the real `openai` SDK calls (model-site.ts, one of each per worker). A
 * reply the model streams reaches the page token by token; a 500, a malformed stream and a model
 * that goes silent each end in the spec's destructive toast and the assistant's fallback reply
 * (SPEC.md section 8); the panel says which model answers.
 */
import type { Locator, Page } from "@playwright/test";
import { seedSiteSettings } from "../../app/db/seed-data";
import { CHAT_MESSAGES, fallbackReply } from "../../app/lib/chat/chat";
import { chatMarkupText } from "../../app/lib/chat/chat-markup";
import type { ModelBehaviour } from "../integration/openai-server";
import { dismissCookieBanner, expect, waitForHydration } from "./fixtures";
import { MODEL_NAME, modelTest as test } from "./model-site";

/** How long the server waits for the model to start, or to go on, before it gives up. */
const MODEL_TIMEOUT_MS = 1500;
const teamEmail = seedSiteSettings.find((setting) => setting.settingKey === "contact_email")!.settingValue!;

test.use({ modelSiteEnv: { OPENAI_TIMEOUT_MS: String(MODEL_TIMEOUT_MS) } });

test.beforeEach(({ model }) => model.reset());

/** Opens the home page and the chat panel; returns the panel. */
async function openChat(page: Page): Promise<Locator> {
  await dismissCookieBanner(page);
  await page.goto("/");
  await waitForHydration(page);
  await page.getByRole("button", { name: "Chat with our assistant" }).click();
  const panel = page.getByTestId("chat-panel");
  await expect(panel).toBeVisible();
  await expect(panel.getByLabel("Your message")).toBeFocused();
  return panel;
}

async function ask(panel: Locator, question: string): Promise<void> {
  await panel.getByLabel("Your message").fill(question);
  await panel.getByRole("button", { name: "Send", exact: true }).click();
}

/** The conversation's own entries (a reply's bullet lists are lists of their own). */
const conversationEntries = (panel: Locator) =>
  panel.getByRole("list", { name: "Conversation" }).locator(":scope > li");

/** A message as read, without the "Assistant: " that only screen readers hear. */
const normalise = (text: string) =>
  text
    .replace(/^\s*(?:Assistant|You):\s*/, "")
    .replace(/\s+/g, " ")
    .trim();

test("the panel says which model answers", async ({ page }) => {
  const panel = await openChat(page);
  await expect(panel.getByText(`Powered by ${MODEL_NAME}`, { exact: true })).toBeVisible();
  await expect(page.getByRole("dialog", { name: `Site assistant Powered by ${MODEL_NAME}` })).toBeVisible();
});

test("a streamed reply reaches the page token by token, then stays as the assistant's message", async ({
  page,
  model,
}) => {
  const tokens = [
    "The AWS ",
    "Solutions Architect ",
    "course costs ",
    "£1,299 ",
    "per delegate; see ",
    "[Training](/training).",
  ];
  model.reset({ kind: "stream", tokens, delayMs: 300 });
  const panel = await openChat(page);

  // Every text the reply being written shows, as the page shows it.
  await page.evaluate(() => {
    const panelElement = document.querySelector('[data-testid="chat-panel"]')!;
    const seen: string[] = [];
    (window as unknown as { partialReplies: string[] }).partialReplies = seen;
    new MutationObserver(() => {
      const writing = panelElement.querySelector('li[aria-busy="true"]');
      const text = writing?.textContent
        ?.replace(/^Assistant: /, "")
        .replace(/\s+/g, " ")
        .trim();
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(panelElement, { subtree: true, childList: true, characterData: true });
  });

  await ask(panel, "How much is the AWS course?");
  const finalText = "The AWS Solutions Architect course costs £1,299 per delegate; see Training.";
  const reply = conversationEntries(panel).last();
  await expect(reply).not.toHaveAttribute("aria-busy", "true", { timeout: 15_000 });
  await expect.poll(async () => normalise(await reply.innerText()), { timeout: 15_000 }).toBe(finalText);
  await expect(reply.getByRole("link", { name: "Training" })).toHaveAttribute("href", "/training");

  const partials = await page.evaluate(() => (window as unknown as { partialReplies: string[] }).partialReplies);
  // At least three distinct texts while it was being written, each growing towards the reply.
  expect(partials.length, JSON.stringify(partials)).toBeGreaterThanOrEqual(3);
  for (const [index, partial] of partials.entries()) {
    expect(finalText.startsWith(partial), partial).toBe(true);
    if (index > 0) expect(partial.length).toBeGreaterThan(partials[index - 1]!.length);
  }
  // (How much of the reply the first text holds depends on how busy the machine is: on a loaded
  // one the page may draw three tokens at once. Three growing texts are the proof of streaming.)

  // What the model was sent: the greeting as history, then the question.
  const [sent] = model.requests;
  expect(sent!.body.model).toBe(MODEL_NAME);
  const messages = sent!.body.messages!;
  expect(messages[0]!.role).toBe("system");
  expect(messages.at(-1)).toEqual({ role: "user", content: "How much is the AWS course?" });
  expect(messages.slice(1, -1).map((message) => message.role)).toEqual(["assistant"]);
  await expect(panel.getByLabel("Your message")).toBeEnabled();
});

test("links in the model's reply lead only to this site: any other address shows as its text", async ({
  page,
  model,
}) => {
  const teamLink = `[e-mail us](mailto:${teamEmail})`;
  model.reset({
    kind: "stream",
    tokens: [
      "See [our courses](/training), ",
      "[a sign-in page](https://evil.example/login), ",
      "[a script](javascript:alert) ",
      "[another site](//evil.example/x) ",
      `or ${teamLink}.`,
    ],
  });
  const panel = await openChat(page);
  await ask(panel, "Where can I book a course?");
  const reply = conversationEntries(panel).last();
  await expect(reply).not.toHaveAttribute("aria-busy", "true", { timeout: 15_000 });
  await expect
    .poll(async () => normalise(await reply.innerText()))
    .toBe("See our courses, a sign-in page, a script another site or e-mail us.");
  // The same same-site filter as the built-in assistant's replies (app/lib/chat/chat-markup.ts).
  const links = reply.getByRole("link");
  await expect(links).toHaveCount(2);
  await expect(reply.getByRole("link", { name: "our courses" })).toHaveAttribute("href", "/training");
  await expect(reply.getByRole("link", { name: "e-mail us" })).toHaveAttribute("href", `mailto:${teamEmail}`);
  await expect(page.locator('a[href*="evil.example"], a[href^="javascript:"]')).toHaveCount(0);
});

const failures: [string, ModelBehaviour][] = [
  ["a 500 from the model", { kind: "status500" }],
  ["a malformed stream", { kind: "malformed", tokens: ["Partly"] }],
  ["a model that never answers (timeout)", { kind: "hang", headers: false }],
  ["a model that goes silent part-way (timeout)", { kind: "hang", tokens: ["The AWS course "] }],
];

for (const [name, behaviour] of failures) {
  test(`${name} shows the error toast and the fallback reply`, async ({ page, model }) => {
    model.reset(behaviour);
    const panel = await openChat(page);
    await ask(panel, "How much is the AWS course?");

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: CHAT_MESSAGES.failure });
    await expect(toast).toBeVisible({ timeout: 15_000 });
    await expect(toast).toHaveAttribute("data-type", "error");
    await expect(toast.getByText(CHAT_MESSAGES.failureTitle, { exact: true })).toBeVisible();

    const reply = conversationEntries(panel).last();
    const expected = chatMarkupText(fallbackReply(teamEmail));
    await expect.poll(async () => normalise(await reply.innerText())).toBe(expected);
    await expect(reply.getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
    await expect(reply.getByRole("link", { name: teamEmail, exact: true })).toHaveAttribute(
      "href",
      `mailto:${teamEmail}`,
    );
    // Nothing of a broken reply is left as if it were an answer.
    await expect(panel.getByText("Partly")).toHaveCount(0);
    await expect(panel.locator('li[aria-busy="true"]')).toHaveCount(0);
    // The visitor can ask again.
    await expect(panel.getByLabel("Your message")).toBeEnabled();
    expect(model.requests.length).toBeGreaterThanOrEqual(1);
  });
}
