/**
 * The processes and files a resilience run starts or creates; each registers its undo step with the
 * harness's clean-up registry (tests/support/cleanup.ts), so none of them outlives the run.
 */
import type { ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "../support/cleanup";
import { startServerProcess } from "../support/server-process";

/** A temporary directory, deleted at the end of the run. */
export function temporaryDirectory(prefix: string): string {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  onCleanup(() => fs.rmSync(directory, { recursive: true, force: true }));
  return directory;
}

export interface AppServer {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the server printed so far (JSON log lines). */
  logs(): string;
  child: ChildProcess;
  /** Settles with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
  /** The environment it was started with, to start it again on the same data. */
  env: Record<string, string>;
}

/** The same secret for every server of a run, so a restarted server accepts its earlier form tokens. */
const sessionSecret = crypto.randomBytes(32).toString("hex");

/**
 * Every setting that would reach an outside service is blanked unless a check sets it: an empty
 * value means "not set" to the app and is not overridden by a .env file, so a run never depends on
 * the machine's configuration.
 */
const ISOLATED_ENV: Record<string, string> = {
  DATABASE_URL: "",
  S3_BUCKET: "",
  SMTP_URL: "",
  NOTIFY_EMAIL: "",
  STRIPE_SECRET_KEY: "",
  STRIPE_WEBHOOK_SECRET: "",
  STRIPE_API_URL: "",
  OPENAI_API_KEY: "",
  OPENAI_BASE_URL: "",
};

/**
 * `node server.js` (the production build) on 127.0.0.1, behind one trusted proxy so each simulated
 * visitor can have its own address (X-Forwarded-For), as the per-address limits expect.
 */
export async function startApp(env: Record<string, string>): Promise<AppServer> {
  const fullEnv = { ...ISOLATED_ENV, SESSION_SECRET: sessionSecret, TRUST_PROXY: "1", SEED_ON_START: "true", ...env };
  const started = await startServerProcess(fullEnv);
  const server: AppServer = { ...started, env: fullEnv };
  onCleanup(async () => {
    if (isRunning(server)) await stopApp(server);
  });
  return server;
}

export function isRunning(server: AppServer): boolean {
  return server.child.exitCode === null && server.child.signalCode === null;
}

/** SIGTERM, as an orchestrator stops a server; SIGKILL when it has not exited after `graceMs`. */
export async function stopApp(server: AppServer, graceMs = 20_000): Promise<number | null> {
  if (!isRunning(server)) return server.exited;
  server.child.kill("SIGTERM");
  const timer = setTimeout(() => server.child.kill("SIGKILL"), graceMs);
  try {
    return await server.exited;
  } finally {
    clearTimeout(timer);
  }
}

/** The last lines a server printed, for a failure message. */
export function logTail(server: AppServer, lines = 15): string {
  return server.logs().trimEnd().split("\n").slice(-lines).join("\n");
}

/** The log lines (parsed JSON) whose message matches `pattern`. */
export function logEntries(server: AppServer, pattern: RegExp): Record<string, unknown>[] {
  return server
    .logs()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        return typeof entry.msg === "string" && pattern.test(entry.msg) ? [entry] : [];
      } catch {
        return [];
      }
    });
}
