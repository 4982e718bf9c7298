/**
 * Which assistant a test talks to, whatever the machine's environment says: the built-in one, or
 * a model behind the real `openai` SDK on an OpenAI-compatible server on loopback (openai-server.ts).
 * Each stubs the environment and reloads it; `restoreAssistantEnvironment` undoes it (afterEach).
 */
import { vi } from "vitest";
import { resetEnvForTests } from "~/server/platform/env.server";

export function useBuiltInAssistant(): void {
  vi.stubEnv("OPENAI_API_KEY", "");
  vi.stubEnv("OPENAI_BASE_URL", "");
  vi.stubEnv("OPENAI_MODEL", "");
  resetEnvForTests();
}

/** Points the assistant at the model server at `baseURL`; `timeoutMs` is OPENAI_TIMEOUT_MS. */
export function useModelAt(baseURL: string, timeoutMs = 1000): void {
  vi.stubEnv("OPENAI_API_KEY", "test-key");
  vi.stubEnv("OPENAI_BASE_URL", baseURL);
  vi.stubEnv("OPENAI_MODEL", "test-model");
  vi.stubEnv("OPENAI_TIMEOUT_MS", String(timeoutMs));
  resetEnvForTests();
}

export function restoreAssistantEnvironment(): void {
  vi.unstubAllEnvs();
  resetEnvForTests();
}
