/**
 * Starts `node server.js` (the production entry) as a child process for tests that need the real
 * process: graceful shutdown, restarts, and the PostgreSQL smoke test of .ci/run.
 */
import { spawn, type ChildProcessByStdio } from "node:child_process";
import path from "node:path";
import type { Readable } from "node:stream";
import { fileURLToPath } from "node:url";
import { freePort } from "./free-port";

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

export interface ServerProcess {
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the server printed so far. */
  logs: () => string;
  child: ChildProcessByStdio<null, Readable, Readable>;
  /** Settles with the exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/**
 * @param env extra environment (DATA_DIR, DATABASE_URL, ...). Production needs PUBLIC_URL: unless
 * `env` sets PORT or PUBLIC_URL itself, the server gets a free port and that address as PUBLIC_URL,
 * as a deployment would.
 * @param args arguments of server.js, e.g. `--local`
 */
export async function startServerProcess(env: Record<string, string>, args: string[] = []): Promise<ServerProcess> {
  const port = env.PORT ?? String(await freePort());
  const child = spawn(process.execPath, [path.join(projectRoot, "server.js"), ...args], {
    cwd: projectRoot,
    env: {
      ...process.env,
      PORT: port,
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      NODE_ENV: "production",
      ...("PORT" in env ? {} : { PUBLIC_URL: `http://127.0.0.1:${port}` }),
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`The server did not start within 60 s:\n${output}`));
    }, 60_000);
    const onData = () => {
      const match = /listening on (http:\/\/localhost:(\d+))/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.stdout.off("data", onData);
      resolve({ url: `http://127.0.0.1:${match[2]}`, logs: () => output, child, exited });
    };
    child.stdout.on("data", onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code} before listening:\n${output}`));
    });
  });
}
