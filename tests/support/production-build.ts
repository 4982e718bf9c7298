/**
 * The production build a script measures or drives (`npm run bench`, `npm run test:resilience`):
 * where it is (BUILD_DIR, joined exactly as server.js joins it, so a script builds and serves the
 * same directory) and whether it is current. A build older than any of its sources is rebuilt, so a
 * script never proves something about code that is no longer there.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const buildDir = path.join(projectRoot, process.env.BUILD_DIR ?? "build");
const serverEntry = path.join(buildDir, "server", "index.js");
/** What the production build is made from; any of it newer than the build means a rebuild. */
const SOURCES = ["app", "server", "public", "vite.config.ts", "react-router.config.ts"];

/** The newest modification time under a file or directory, in ms. */
function newestMtime(target: string): number {
  const stat = fs.statSync(target, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs; // a deleted file only shows in its directory's time
  for (const entry of fs.readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** Why a build is needed, or null when the existing one is current. */
export function buildReason(): string | null {
  const built = fs.statSync(serverEntry, { throwIfNoEntry: false });
  if (!built) return `there is no build at ${path.relative(projectRoot, buildDir)}/`;
  const newestSource = Math.max(...SOURCES.map((source) => newestMtime(path.join(projectRoot, source))));
  return newestSource > built.mtimeMs ? "the sources changed since the last build" : null;
}

/**
 * Builds when the build is missing or stale (or always, with `force`). Throws with a message that
 * points at the build's own output when it fails.
 */
export function ensureBuild({
  force = false,
  forceReason = "a fresh build was asked for",
}: { force?: boolean; forceReason?: string } = {}): void {
  const reason = force ? forceReason : buildReason();
  if (!reason) return;
  console.log(`▶ Production build (${reason})`);
  const npx = process.platform === "win32" ? "npx.cmd" : "npx";
  // BUILD_DIR passes through the environment to react-router.config.ts.
  const result = spawnSync(npx, ["react-router", "build"], { cwd: projectRoot, stdio: "inherit" });
  if (result.status !== 0) throw new Error("The production build failed; see its output above.");
}
