/**
 * A throwaway PostgreSQL server for the resilience run: its own cluster in a temporary directory,
 * on a free loopback port, which the run may stop and start at will without touching any server
 * the machine already runs. It is stopped and deleted at the end of the run, whatever happens.
 * PostgreSQL refuses to run as root, so as root every command runs as the `postgres` user.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { onCleanup } from "../support/cleanup";
import { freePort } from "../support/free-port";

const INSTALL_HINT =
  "The resilience checks need PostgreSQL's server binaries (initdb, pg_ctl, postgres). Install them with:\n\n" +
  "    sudo apt-get update && sudo apt-get install -y --no-install-recommends postgresql\n";

/** The newest /usr/lib/postgresql/<version>/bin that has initdb, pg_ctl and postgres. */
function findBinDir(): string {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root)
    ? fs
        .readdirSync(root)
        .filter((version) => /^\d+$/.test(version))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  for (const version of versions) {
    const bin = path.join(root, version, "bin");
    if (["initdb", "pg_ctl", "postgres"].every((tool) => fs.existsSync(path.join(bin, tool)))) return bin;
  }
  throw new Error(`PostgreSQL is not installed (no ${root}/<version>/bin/postgres). ${INSTALL_HINT}`);
}

const runningAsRoot = process.getuid?.() === 0;

/** The command line that runs `tool` as the user PostgreSQL runs as. */
function asPostgresUser(tool: string, args: string[]): [string, string[]] {
  return runningAsRoot ? ["runuser", ["-u", "postgres", "--", tool, ...args]] : [tool, args];
}

function run(tool: string, args: string[], cwd: string): void {
  const [command, fullArgs] = asPostgresUser(tool, args);
  const result = spawnSync(command, fullArgs, { cwd, encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`${path.basename(tool)} failed (${result.status}): ${result.error?.message ?? ""}${result.stderr}`);
  }
}

export interface PrivatePostgres {
  port: number;
  /** postgresql://postgres@127.0.0.1:<port>/<database> */
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  /** Fast shutdown: sessions are ended at once, as when an operator restarts the server. */
  stop(): Promise<void>;
  /** Starts the server again; resolves when it accepts connections, with that moment (performance.now()). */
  start(): Promise<number>;
  logFile: string;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = findBinDir();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "resilience-postgres-"));
  onCleanup(() => fs.rmSync(root, { recursive: true, force: true }));
  if (runningAsRoot) {
    const owner = spawnSync("id", ["-u", "postgres"], { encoding: "utf8" });
    const group = spawnSync("id", ["-g", "postgres"], { encoding: "utf8" });
    if (owner.status !== 0)
      throw new Error(`Running as root needs a "postgres" user to run PostgreSQL. ${INSTALL_HINT}`);
    fs.chownSync(root, Number(owner.stdout), Number(group.stdout));
  }
  const dataDir = path.join(root, "data");
  const socketDir = root;
  const logFile = path.join(root, "postgres.log");
  const port = await freePort();

  run(
    path.join(bin, "initdb"),
    ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--locale=C", "--no-sync"],
    root,
  );
  // The run kills the app, never the machine, so PostgreSQL's flushes to disk prove nothing here;
  // without them its checkpoints (and so its shutdowns) stay quick on a busy shared disk.
  const options = `-p ${port} -k ${socketDir} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const pgCtl = (args: string[]) =>
    new Promise<void>((resolve, reject) => {
      const [command, fullArgs] = asPostgresUser(path.join(bin, "pg_ctl"), ["-D", dataDir, ...args]);
      const child = spawn(command, fullArgs, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
      let errors = "";
      child.stderr.on("data", (chunk) => (errors += chunk));
      child.on("error", reject);
      child.on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`pg_ctl ${args[0]} failed (${code}): ${errors.trim()}`)),
      );
    });
  const url = (database: string) => `postgresql://postgres@127.0.0.1:${port}/${database}`;

  let running = false;
  const start = async () => {
    // No -w: the moment it accepts connections is measured here, not by pg_ctl's polling.
    await pgCtl(["start", "-W", "-l", logFile, "-o", options]);
    running = true;
    return waitUntilAccepting(url("postgres"));
  };
  const stop = async () => {
    running = false;
    await pgCtl(["stop", "-m", "fast", "-w"]);
  };
  // Registered before the start, so a start that fails half-way is stopped too.
  onCleanup(async () => {
    if (running) await pgCtl(["stop", "-m", "immediate", "-w"]).catch(() => undefined);
  });
  await start();

  return {
    port,
    url,
    logFile,
    start,
    stop,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
      return url(name);
    },
  };
}

/** Polls with fresh connections until one succeeds; returns when (performance.now()). */
async function waitUntilAccepting(url: string, timeoutMs = 30_000): Promise<number> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
    client.on("error", () => undefined); // a refused connection is the answer being waited out
    try {
      await client.connect();
      await client.query("select 1");
      return performance.now();
    } catch (error) {
      if (performance.now() > deadline) throw new Error(`PostgreSQL did not accept connections: ${String(error)}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
