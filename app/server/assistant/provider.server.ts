/**
 * Which assistant answers: a model behind the `openai` SDK when `OPENAI_API_KEY` is set (OpenAI
 * itself, or any OpenAI-compatible server at `OPENAI_BASE_URL`), the built-in one otherwise.
 */
import { getEnv } from "../platform/env.server";

export const DEFAULT_OPENAI_MODEL = "gpt-4o-mini";

export type AssistantProvider =
  | { kind: "built-in" }
  | { kind: "openai"; apiKey: string; baseURL: string | undefined; model: string; isOpenAI: boolean };

export function assistantProvider(): AssistantProvider {
  const env = getEnv();
  if (!env.OPENAI_API_KEY) return { kind: "built-in" };
  const isOpenAI = !env.OPENAI_BASE_URL || new URL(env.OPENAI_BASE_URL).hostname === "api.openai.com";
  return {
    kind: "openai",
    apiKey: env.OPENAI_API_KEY,
    baseURL: env.OPENAI_BASE_URL,
    model: env.OPENAI_MODEL ?? DEFAULT_OPENAI_MODEL,
    isOpenAI,
  };
}

/** The widget's label: it says who really answers. */
export function assistantLabel(provider: AssistantProvider = assistantProvider()): string {
  if (provider.kind === "built-in") return "Site assistant";
  return provider.isOpenAI ? "Powered by OpenAI" : `Powered by ${provider.model}`;
}
