/**
 * scripts/audit.js against a registry on loopback that answers npm's bulk advisory endpoint (or,
 * like the registry on our build machines, refuses it with 405), through the real `npm audit`.
 * The audit reads only `dependencies` (`--omit=dev`), so every package the server imports at run
 * time must be listed there, or the audit never looks at it (and `npm ci --omit=dev` cannot start).
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { isBuiltin } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const ADVISORY_URL = "https://github.com/advisories/GHSA-loop-back-test";
let advisories: Record<string, unknown[]> | "refuse" = {};
let registry: http.Server;
let registryUrl: string;
let workDir: string;

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "audit-script-"));
  registry = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      if (request.method === "POST" && request.url?.startsWith("/-/npm/v1/security/advisories/bulk")) {
        if (advisories === "refuse") {
          response.writeHead(405, { Allow: "GET,HEAD" }).end();
          return;
        }
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(advisories));
        return;
      }
      // npm also asks for the vulnerable package's metadata to suggest a fix; none is offered here.
      response.writeHead(404, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => registry.listen(0, "127.0.0.1", resolve));
  registryUrl = `http://127.0.0.1:${(registry.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  await new Promise((resolve) => registry.close(resolve));
  fs.rmSync(workDir, { recursive: true, force: true });
});

function runAudit(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/ci/audit.ts", ...args], {
      // A cache of its own for each run: npm would otherwise answer from an earlier run's advisories.
      env: {
        ...process.env,
        npm_config_registry: registryUrl,
        npm_config_cache: fs.mkdtempSync(path.join(workDir, "cache-")),
      },
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => resolve({ code, output }));
  });
}

function advisory(severity: string) {
  return {
    "sanitize-html": [
      { id: 1, url: ADVISORY_URL, title: "Loopback test advisory", severity, vulnerable_versions: "<999.0.0" },
    ],
  };
}

describe("npm run audit", () => {
  it("fails on a high advisory that is not explained, naming it", async () => {
    advisories = advisory("high");
    const { code, output } = await runAudit();
    expect(code).toBe(1);
    expect(output).toContain("1 high");
    expect(output).toMatch(/sanitize-html .*Loopback test advisory.*NOT EXPLAINED/);
  }, 60_000);

  it("passes when each high or critical advisory is explained", async () => {
    advisories = advisory("critical");
    const exceptions = path.join(workDir, "exceptions.json");
    fs.writeFileSync(exceptions, JSON.stringify({ [ADVISORY_URL]: "The vulnerable option is never used." }));
    const { code, output } = await runAudit("--exceptions", exceptions);
    expect(code).toBe(0);
    expect(output).toContain("explained: The vulnerable option is never used.");
  }, 60_000);

  it("passes with only moderate advisories", async () => {
    advisories = advisory("moderate");
    const { code, output } = await runAudit();
    expect(output).toContain("0 critical, 0 high, 1 moderate");
    expect(code).toBe(0);
  }, 60_000);

  it("says when the registry serves no advisories, and does not call that clean", async () => {
    advisories = "refuse";
    const refused = await runAudit();
    expect(refused.code).toBe(2);
    expect(refused.output).toContain("405 Method Not Allowed");
    expect(refused.output).not.toContain("No unexplained");
    expect((await runAudit("--allow-unavailable")).code).toBe(0);
  }, 60_000);
});

const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** The folders the server build is made from (db/ holds the schema and the seed it bundles). */
const RUNTIME_FOLDERS = ["app", "server"];
/** Read by the build alone: React Router's route table. */
const BUILD_ONLY_FILES = new Set(["app/routes.ts"]);
const SOURCE_FILE = /\.[cm]?[jt]sx?$/;
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;
/** A static import or re-export (its clauses may span lines); group 1 is set for a type-only one. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(type\s)?(?:[^'";]*?\sfrom\s*)?["']([^"']+)["']/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;

/** The npm package a specifier names; none for builtins, relative paths, `~/` and `virtual:` modules. */
function packageOf(specifier: string): string | undefined {
  if (/^(?:\.|\/|~\/)/.test(specifier) || specifier.includes(":") || isBuiltin(specifier)) return undefined;
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0];
}

/** Every package imported at run time by a module of the server build, with one file importing it. */
function runtimeImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const folder of RUNTIME_FOLDERS) {
    for (const entry of fs.readdirSync(path.join(projectRoot, folder), { recursive: true, withFileTypes: true })) {
      const file = path.relative(projectRoot, path.join(entry.parentPath, entry.name));
      if (!entry.isFile() || !SOURCE_FILE.test(file) || TEST_FILE.test(file) || BUILD_ONLY_FILES.has(file)) continue;
      const text = fs.readFileSync(path.join(projectRoot, file), "utf8");
      const specifiers = [
        ...[...text.matchAll(STATIC_IMPORT)].filter((match) => !match[1]).map((match) => match[2]!),
        ...[...text.matchAll(DYNAMIC_IMPORT)].map((match) => match[1]!),
      ];
      for (const name of specifiers.map(packageOf)) if (name && !found.has(name)) found.set(name, file);
    }
  }
  return found;
}

describe("the packages the audit covers", () => {
  it("include every package the server imports at run time", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as {
      dependencies: Record<string, string>;
    };
    const imported = runtimeImports();
    // The scan itself works: it finds the framework and a package imported only dynamically.
    expect(imported.has("react-router")).toBe(true);
    expect(imported.has("@aws-sdk/lib-storage")).toBe(true);
    const outside = [...imported]
      .filter(([name]) => !(name in manifest.dependencies))
      .map(([name, file]) => `${name} (imported by ${file})`);
    expect(outside).toEqual([]);
  });
});
