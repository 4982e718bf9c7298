/**
 * The production server the bench measures: `node server.js` on a free loopback port with a fresh
 * temporary database (the demo content), and the pages its sitemap lists.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { onCleanup } from "../support/cleanup";
import { freePort } from "../support/free-port";
import { projectRoot } from "../support/production-build";

const SERVER_START_TIMEOUT_MS = 90_000;
const SERVER_STOP_TIMEOUT_MS = 15_000;

/** Accepts "/about", "about" or a full URL; only the path and query are kept. */
export function toPath(input: string): string {
  if (/^https?:\/\//.test(input)) {
    const url = new URL(input);
    return url.pathname + url.search;
  }
  return input.startsWith("/") ? input : `/${input}`;
}

function tail(file: string, lines: number): string {
  try {
    return fs.readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n");
  } catch {
    return "(no output)";
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Starts `node server.js` in production mode on a fresh database in a temporary directory, which is
 * deleted at the end. Resolves with the server's origin and process id once /healthz answers.
 * `directory` is the checkout whose build it serves: this one, or an earlier commit's built
 * checkout for the load stage's comparison (`--render-before`).
 */
export async function startServer(directory = projectRoot): Promise<{ origin: string; pid: number }> {
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), "lighthouse-bench-"));
  onCleanup(() => fs.rmSync(tempDir, { recursive: true, force: true }));
  const logFile = path.join(tempDir, "server.log");
  const log = fs.openSync(logFile, "a");

  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: directory,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: origin,
      DATA_DIR: path.join(tempDir, "data"),
      SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
      SEED_ON_START: "true",
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
      // Empty means "not set" to the app, and a set variable is not overridden by a .env file: the
      // bench always measures the self-contained site (embedded database, local files), never
      // outside services that would add their own latency or be unreachable.
      DATABASE_URL: "",
      S3_BUCKET: "",
      SMTP_URL: "",
      STRIPE_SECRET_KEY: "",
      OPENAI_API_KEY: "",
    },
  });
  fs.closeSync(log);
  onCleanup(async () => {
    child.kill("SIGTERM"); // the server finishes requests in flight and closes the database
    if (!(await waitForExit(child, SERVER_STOP_TIMEOUT_MS))) child.kill("SIGKILL");
  });

  const deadline = Date.now() + SERVER_START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The server exited with code ${child.exitCode} during start-up:\n${tail(logFile, 30)}`);
    }
    try {
      const response = await fetch(`${origin}/healthz`);
      if (response.ok) return { origin, pid: child.pid! };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(
    `The server did not answer /healthz within ${SERVER_START_TIMEOUT_MS / 1000} s:\n${tail(logFile, 30)}`,
  );
}

function decodeXmlEntities(text: string): string {
  const entities: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name) => entities[name] ?? "");
}

/** Every page of the sitemap, as a path on the local server whatever origin the sitemap names. */
export async function sitemapPaths(origin: string): Promise<string[]> {
  const response = await fetch(`${origin}/sitemap.xml`);
  if (!response.ok) throw new Error(`GET /sitemap.xml answered ${response.status}`);
  const xml = await response.text();
  const locs = [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((match) => decodeXmlEntities(match[1] ?? ""));
  return [...new Set(locs.map(toPath))];
}

/**
 * Requests every route once before measuring. The first render after start-up compiles code and
 * fills caches (seconds, against tens of milliseconds afterwards), which a running site has long
 * done; without this the first route measured would pay for it. Also reports routes that do not
 * answer 200, which Lighthouse would only fail on later.
 */
export async function warmUp(origin: string, routePaths: string[]): Promise<void> {
  for (const routePath of routePaths) {
    const response = await fetch(origin + routePath);
    await response.arrayBuffer();
    if (!response.ok) console.warn(`  warning: GET ${routePath} answered ${response.status}`);
  }
}
