import { defineConfig } from "vitest/config";

/**
 * The HTTP tier (tests/http): checks that speak only HTTP, run against the production build
 * (BUILD_DIR, default build/) that each test file starts in its own process
 * (tests/support/production-server.ts). Kept apart from vitest.config.ts because they need the build.
 */
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: ["tests/http/**/*.test.ts"],
    environment: "node",
    // The build runs in production mode, and the matrix imports route modules (for their intents)
    // that load React: one mode for the whole process, or React's development and production
    // builds meet in one render and fail. Production wants a public address before those modules
    // load; the server each file starts sets its own before the build is imported.
    env: { NODE_ENV: "production", PUBLIC_URL: "http://127.0.0.1" },
    // A process per file: the build reads its environment once, when first imported.
    pool: "forks",
    isolate: true,
    // Two files at a time, each with its own server, fit the two cores of CI.
    maxWorkers: 2,
    // As the browser tier allows: one matrix test sends a request per role, each with its own account.
    testTimeout: 120_000,
    // A server starts in a few seconds, but two starting at once on a loaded machine can take a minute or more.
    hookTimeout: 180_000,
    server: {
      deps: {
        // The build is loaded by Node itself, exactly as `node server.js` loads it, not through Vite.
        external: [/\/build[^/]*\/server\//],
      },
    },
  },
});
