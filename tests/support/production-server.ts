/**
 * The production build (BUILD_DIR, default build/) started in this process on a fresh data
 * directory and a free port, as every Playwright worker (tests/e2e/fixtures.ts) and every file of
 * the HTTP tier (tests/http/) run it: in-process, so that a test can look at (and change) the very
 * database the pages read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Database } from "../../app/server/platform/db/db.server";
import type * as ServerApp from "../../server/app";
import { freePort } from "./free-port";

const projectRoot = path.resolve(import.meta.dirname, "../..");
/** The production build under test (BUILD_DIR lets parallel runs keep separate builds). */
export const buildDir = path.resolve(projectRoot, process.env.BUILD_DIR ?? "build");

export interface TestServer {
  url: string;
  /** The one-time code printed at start while no administrator exists (null once one does). */
  setupCode: string | null;
  db: Database;
  /** Drops the in-memory caches, as the CMS does after it writes. */
  invalidateCaches: () => void;
}

export interface RunningServer extends TestServer {
  /** Closes every connection, stops the services and deletes the data directory. */
  stop: () => Promise<void>;
}

type ServerBuild = typeof ServerApp;

/**
 * Starts the build's server. One per process: the build reads its environment (set here) when it
 * is imported, and Node imports a module once.
 */
export async function startProductionServer(): Promise<RunningServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-"));
  // Production needs its public address before it starts, so the port is chosen first.
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  Object.assign(process.env, {
    NODE_ENV: "production",
    PUBLIC_URL: url,
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "silent",
    // Lets a test pose as another client address (X-Forwarded-For) to test per-IP limits.
    TRUST_PROXY: "1",
    // Scheduled publications are carried out within about a second, so a test can wait for one.
    SCHEDULER_INTERVAL_MS: "500",
  });
  const build = (await import(pathToFileURL(path.join(buildDir, "server/index.js")).href)) as ServerBuild;
  const { setupCode } = await build.startServices();
  const server = build.createHttpServer({ clientDir: path.join(buildDir, "client") });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const database = await build.getDatabase();

  return {
    url,
    setupCode,
    db: database.db,
    invalidateCaches: build.invalidateCaches,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await build.stopServices();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
