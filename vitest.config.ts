import fs from "node:fs";
import { defineConfig } from "vitest/config";

const TEST_FILES = ["app/**/*.test.{ts,tsx}", "tests/integration/**/*.test.ts"];

/**
 * What makes a test file need modules of its own: a module replaced for the file (vi.mock and its
 * kin, which do not reach a module an earlier file already loaded), the environment or a global
 * changed, or a listener on the process.
 */
const NEEDS_ITS_OWN_MODULES =
  /\bvi\.(mock|doMock|unmock|doUnmock|stubEnv|stubGlobal|resetModules)\(|process\.env\.\w+ = |process\.on\(/;

/** The test files that need their own modules (read from their source, so a new file is placed by what it does). */
const ISOLATED_FILES = ["app", "tests/integration"]
  .flatMap((folder) => fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).map((file) => `${folder}/${file}`))
  .filter((file) => /\.test\.tsx?$/.test(file) && NEEDS_ITS_OWN_MODULES.test(fs.readFileSync(file, "utf8")));

/**
 * Vitest runs without the React Router plugin: unit and integration tests import modules directly.
 *
 * Loading the app's modules is a third of each file's time, so files that leave them as they found
 * them share one set per worker (`isolate: false`); tests/integration/setup.ts empties the
 * in-memory data cache before each file, as each file has its own database. The others get their
 * own, as Vitest does by default.
 */
const shared = {
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node" as const,
    setupFiles: ["tests/integration/setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
};

export default defineConfig({
  test: {
    // PGlite starts in about a second per test file; two workers fit the two cores of CI.
    maxWorkers: 2,
    projects: [
      {
        ...shared,
        test: { ...shared.test, name: "shared modules", include: TEST_FILES, exclude: ISOLATED_FILES, isolate: false },
      },
      { ...shared, test: { ...shared.test, name: "own modules", include: ISOLATED_FILES, isolate: true } },
    ],
  },
});
