/**
 * The site on a model, for browser specs (chat-model.spec.ts, xss-corpus.spec.ts): one loopback
 * OpenAI-compatible model server per worker (tests/integration/openai-server.ts, which the real
 * `openai` SDK calls) and one production server process (`node server.js`) on a fresh DATA_DIR,
 * configured with OPENAI_API_KEY, OPENAI_BASE_URL and OPENAI_MODEL for that model. The pages are
 * loaded from that process (baseURL), not from the fixtures' in-process server.
 *
 * A spec adds settings of its own to the server's environment with
 * `modelTest.use({ modelSiteEnv: { ... } })`, and sets what the model answers with `model.reset(...)`.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startFakeModel, type FakeModel } from "../integration/openai-server";
import { startServerProcess } from "../support/server-process";
import { test } from "./fixtures";

/** The model the server is configured for, as the chat panel names it. */
export const MODEL_NAME = "test-model";
const API_KEY = "test-key";

export interface ModelSite {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the server printed so far. */
  logs: () => string;
}

interface ModelSiteWorkerFixtures {
  model: FakeModel;
  modelSite: ModelSite;
  /** More environment for the server process (OPENAI_TIMEOUT_MS, ...). */
  modelSiteEnv: Record<string, string>;
}

export const modelTest = test.extend<Record<never, never>, ModelSiteWorkerFixtures>({
  modelSiteEnv: [{}, { scope: "worker", option: true }],
  model: [
    async ({}, use) => {
      const model = await startFakeModel({ apiKey: API_KEY });
      await use(model);
      await model.close();
    },
    { scope: "worker" },
  ],
  modelSite: [
    async ({ model, modelSiteEnv }, use) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-model-"));
      // Removed however the server ends, even when it fails to start.
      try {
        const server = await startServerProcess({
          DATA_DIR: dataDir,
          OPENAI_API_KEY: API_KEY,
          OPENAI_BASE_URL: model.baseURL,
          OPENAI_MODEL: MODEL_NAME,
          ...modelSiteEnv,
        });
        await use({ url: server.url, logs: server.logs });
        server.child.kill("SIGTERM");
        await server.exited;
      } finally {
        fs.rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ modelSite }, use) => use(modelSite.url),
});
