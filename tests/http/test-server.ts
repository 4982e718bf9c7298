/**
 * The production server of one test file of the HTTP tier: started before the file's first test,
 * stopped after its last (vitest.http.config.ts gives every file a process of its own).
 */
import { afterAll, beforeAll } from "vitest";
import { startProductionServer, type RunningServer, type TestServer } from "../support/production-server";

/** Starts the file's server around its tests; the function returned gives it to a test. */
export function serverForThisFile(): () => TestServer {
  let running: RunningServer | undefined;
  beforeAll(async () => {
    running = await startProductionServer();
  });
  afterAll(async () => {
    await running?.stop();
  });
  return () => {
    if (!running) throw new Error("the server of this file has not started");
    return running;
  };
}
