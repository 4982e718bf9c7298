/**
 * The process entry: `node server.js` serves the production build, `node server.js --dev` serves
 * the sources through Vite with hot reload, and `node server.js --local` (what `npm start` runs)
 * serves the production build as a local demo at http://localhost:PORT. The application itself is server/app.ts; this file
 * only loads it, listens, and shuts down gracefully.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const development = process.argv.includes("--dev");
// Settings from a .env file, if there is one; variables already set in the environment win.
if (fs.existsSync(".env")) process.loadEnvFile(".env");
// React and React Router pick their production code paths from NODE_ENV, so it is set before
// anything that reads it is imported.
process.env.NODE_ENV ??= development ? "development" : "production";
// Production refuses to start without PUBLIC_URL (env.server.ts); the local demo of `npm start` is
// the one production run whose address is known to be this machine's.
if (process.argv.includes("--local") && !process.env.PUBLIC_URL?.trim()) {
  process.env.PUBLIC_URL = `http://localhost:${process.env.PORT?.trim() || "3000"}`;
}

const projectRoot = path.dirname(fileURLToPath(import.meta.url));
/** How long in-flight requests may take to finish after a shutdown signal. */
const SHUTDOWN_GRACE_MS = 10_000;

/** @returns {Promise<{ application: typeof import("./server/app.ts"), options: import("./server/app.ts").AppOptions }>} */
async function loadApplication() {
  if (development) {
    const vite = await import("vite");
    const viteServer = await vite.createServer({ server: { middlewareMode: true }, appType: "custom" });
    const application = /** @type {typeof import("./server/app.ts")} */ (
      await viteServer.ssrLoadModule("./server/app.ts")
    );
    return { application, options: { devMiddleware: viteServer.middlewares } };
  }
  const buildDir = path.join(projectRoot, process.env.BUILD_DIR ?? "build");
  const buildPath = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(buildPath)) {
    throw new Error(`There is no production build at ${buildPath}. Run "npm run build" first, or "npm start".`);
  }
  const application = await import(buildPath);
  return { application, options: { clientDir: path.join(buildDir, "client") } };
}

async function main() {
  const { application, options } = await loadApplication();
  const { createHttpServer, startServices, stopServices, logger, getEnv } = application;
  const { PORT: port, HOST: host } = getEnv();

  try {
    await startServices();
  } catch (error) {
    logger.fatal({ err: error }, `could not start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }

  const server = createHttpServer(options);
  server.listen({ port, host }, () => {
    const address = server.address();
    const shownPort = typeof address === "object" && address ? address.port : port;
    logger.info({ port: shownPort }, `listening on http://localhost:${shownPort}`);
  });

  let shuttingDown = false;
  /** @param {NodeJS.Signals} signal */
  const shutdown = (signal) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, "shutting down: finishing in-flight requests");
    const forceExit = setTimeout(() => {
      logger.warn("in-flight requests did not finish in time; closing connections");
      server.closeAllConnections();
    }, SHUTDOWN_GRACE_MS);
    forceExit.unref();
    // close() stops accepting connections and waits for open requests. A keep-alive connection
    // becomes idle once its request is answered, and is then closed at once rather than held open.
    const closeIdle = setInterval(() => server.closeIdleConnections(), 100);
    server.close(async () => {
      clearTimeout(forceExit);
      clearInterval(closeIdle);
      try {
        await stopServices();
        logger.info("shutdown complete");
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, "the database did not close cleanly");
        process.exit(1);
      }
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", shutdown);
  process.on("SIGINT", shutdown);
}

main().catch((error) => {
  // A configuration problem is the operator's to fix: the message says which variable; no stack.
  console.error(error instanceof Error && error.name === "ConfigurationError" ? error.message : error);
  process.exit(1);
});
