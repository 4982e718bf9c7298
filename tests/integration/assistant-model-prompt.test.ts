/**
 * With a model (OPENAI_API_KEY and OPENAI_BASE_URL set), the model answers from the same retrieval
 * as the built-in assistant: for every conversation of the evaluation set
 * (tests/eval/assistant-questions.ts), the system prompt the real `openai` SDK sends to a model
 * server on loopback carries a passage of every page the built-in assistant cites for the same
 * conversation, and every e-mail address and phone number it gives.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { ChatHistoryEntry } from "~/lib/chat/chat";
import { EVAL_CASES } from "../eval/assistant-questions";
import { linkTargets } from "~/server/assistant/cited-passages.server";
import { restoreAssistantEnvironment, useBuiltInAssistant, useModelAt } from "./assistant-provider";
import { setUpCmsHarness } from "./cms-harness";
import { startFakeModel, type FakeModel } from "./openai-server";

vi.mock("~/server/platform/db/database.server", () =>
  import("./cms-harness").then((harness) => harness.databaseModule()),
);

const { action } = await import("~/routes/api/chat");

setUpCmsHarness({ name: "assistant-model-prompt", dataDir: false, accounts: false, seed: true });

let model: FakeModel;
beforeAll(async () => {
  model = await startFakeModel({ apiKey: "test-key" });
});
afterAll(async () => {
  await model.close();
});
afterEach(restoreAssistantEnvironment);

/** Each question from its own address, so the per-address rate limit never answers instead. */
let addressCount = 0;

async function ask(message: string, conversationHistory: ChatHistoryEntry[]): Promise<string> {
  addressCount += 1;
  const request = new Request("http://localhost/api/chat", {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: "http://localhost" },
    body: JSON.stringify({ message, conversationHistory }),
  });
  const result = (await action({
    request,
    context: { clientAddress: `198.51.100.${addressCount % 250}` },
    params: {},
  } as never)) as { data: { success: boolean; response?: string; error?: string } };
  expect(result.data.success, result.data.error).toBe(true);
  return result.data.response!;
}

/** The address of each passage in a system prompt: its heading line ends with it in brackets. */
const passageAddresses = (prompt: string) => [...prompt.matchAll(/^\[\d+\] .* \((\/[^)\s]*)\)$/gm)].map((m) => m[1]!);

/** The page a link leads to: the apply form's "/contact?job=…" is the Contact page. */
const pageOf = (address: string) => address.replace(/[?#].*$/, "");

describe("the model's prompt carries what the built-in assistant would cite", () => {
  it.each(EVAL_CASES.map((evalCase) => [evalCase.conversation.join(" / "), evalCase] as const))(
    "%s",
    async (_, evalCase) => {
      useBuiltInAssistant();
      const history: ChatHistoryEntry[] = [];
      const earlier = evalCase.conversation.slice(0, -1);
      const last = evalCase.conversation.at(-1)!;
      for (const message of earlier)
        history.push({ role: "user", content: message }, { role: "assistant", content: await ask(message, history) });
      const builtIn = await ask(last, history);

      useModelAt(model.baseURL);
      model.reset({ kind: "stream", tokens: ["A reply."] });
      await ask(last, history);
      const system = model.requests.at(-1)!.body.messages![0]!;
      expect(system.role).toBe("system");
      const pages = passageAddresses(system.content).map(pageOf);

      for (const link of linkTargets(builtIn)) {
        if (link.startsWith("mailto:")) expect(system.content).toContain(link.slice("mailto:".length));
        else if (link.startsWith("tel:")) expect(system.content.replace(/[^\d+\n]/g, "")).toContain(link.slice(4));
        else expect(pages, `a passage of ${link} for the built-in reply:\n${builtIn}`).toContain(pageOf(link));
      }
    },
  );
});
