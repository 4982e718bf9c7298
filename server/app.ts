/**
 * The Express application: everything a request passes through before and after React Router.
 * Vite bundles this file with the routes into build/server/index.js, so the production server,
 * the routes and the database share one module graph. `server.js` only loads it and listens.
 */
import crypto from "node:crypto";
import http, { STATUS_CODES } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import expressStaticGzip from "express-static-gzip";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import { withoutLinkToken } from "../app/lib/auth/account-links";
import { issueSetupCode } from "../app/server/auth/admin-setup.server";
import { isSignedInRequest, requestAccess } from "../app/server/auth/guards.server";
import { answerExpiredSessions } from "../app/server/auth/expired-session.server";
import { isPrivateRequest } from "../app/server/auth/private-requests.server";
import { paymentsInTestMode, TEST_MODE_PAYMENTS_WARNING } from "../app/server/commerce/test-payments.server";
import { startOrphanedAttachmentSweep } from "../app/server/contact/orphaned-attachments.server";
import { closeDatabase, getDatabase, getDb } from "../app/server/platform/db/database.server";
import { getEnv } from "../app/server/platform/env.server";
import { canonicalAddresses } from "../app/server/platform/http/canonical-address.server";
import { healthCheck } from "../app/server/platform/http/health.server";
import { issueFormToken } from "../app/server/platform/http/form-token.server";
import { pageBuilds } from "../app/server/platform/http/page-builds.server";
import { htmlValidators } from "../app/server/platform/http/html-validators.server";
import { errorForLog } from "../app/server/platform/log-errors.server";
import { logger } from "../app/server/platform/logger.server";
import { getStorage } from "../app/server/platform/storage.server";
import {
  createMailTransport,
  mailFrom,
  startMailDelivery,
  stopMailDelivery,
} from "../app/server/platform/mail/delivery.server";
import { pageCache } from "../app/server/platform/cache/page-cache.server";
import { startScheduler, stopScheduler } from "../app/server/publishing/scheduler.server";
import { oldAddressRedirects } from "../app/server/content/redirect-middleware.server";
import {
  adminMetricsEndpoint,
  METRICS_PATH,
  recordRequestMetrics,
  startMetricsListener,
  stopMetricsListener,
} from "../app/server/platform/http/metrics.server";
import { answerClientError, requestRules } from "../app/server/platform/http/request-rules.server";
import { addressOwner, knowOwnAddresses, publicFiles } from "../app/server/platform/http/own-addresses.server";
import { requestLabeller } from "../app/server/platform/http/route-labels.server";
import { rejectCrossSiteRequests } from "../app/server/platform/http/same-origin.server";
import { securityHeaders } from "../app/server/platform/http/security-headers.server";
import { wholePageGzip } from "../app/server/platform/http/whole-page-gzip.server";

declare module "react-router" {
  interface AppLoadContext {
    /** The nonce this response's Content-Security-Policy allows scripts with. */
    cspNonce: string;
    /** The client's IP address as Express determined it (honouring TRUST_PROXY); for rate limits. */
    clientAddress: string;
    /**
     * This response's token for a public form (form-token.server.ts), issued on first use. The page
     * cache finds it in the page it keeps and puts a fresh one in for each later visitor.
     */
    formToken: () => string;
  }
}

export { logger, getEnv };
// For operational scripts and the browser tests, which drive this same build in-process.
export { getDatabase } from "../app/server/platform/db/database.server";
export { invalidateAll as invalidateCaches } from "../app/server/platform/cache/cache.server";

export interface AppOptions {
  /** Where the client build lives; absent in development, where Vite serves the files. */
  clientDir?: string;
  /** Vite's development middleware, mounted after the security headers. */
  devMiddleware?: RequestHandler;
}

/**
 * Opens, migrates and (when new) seeds the database before the server accepts requests. While no
 * administrator exists, it issues the one-time code that creates the first one, and logs it.
 * With SMTP_URL set, it starts the loop that sends the outbox's mail; without it, mail stays in the
 * outbox for administrators to read at /cms/outbox. With METRICS_PORT set, it opens the private
 * metrics listener for Prometheus.
 */
export async function startServices(): Promise<{ setupCode: string | null }> {
  const database = await getDatabase();
  // Not awaited: a large bucket must not keep the server from listening.
  startOrphanedAttachmentSweep(database.db, getStorage());
  const env = getEnv();
  if (env.SMTP_URL) {
    startMailDelivery({
      getDb: async () => (await getDatabase()).db,
      transport: createMailTransport(env.SMTP_URL),
      from: mailFrom(env),
    });
    logger.info({ from: mailFrom(env) }, "sending e-mail over SMTP");
  } else {
    logger.info("SMTP_URL is not set: e-mails stay in the outbox, readable at /cms/outbox");
  }
  // Scheduled publications need no configuration: every instance runs the loop, one carries out each.
  startScheduler({ getDb: async () => (await getDatabase()).db, intervalMs: env.SCHEDULER_INTERVAL_MS });
  if (env.METRICS_PORT !== undefined) await startMetricsListener(env.METRICS_PORT, env.METRICS_HOST);
  if (paymentsInTestMode(env)) logger.warn(TEST_MODE_PAYMENTS_WARNING);
  const setupCode = await issueSetupCode(database.db);
  if (setupCode) {
    logger.warn(
      { setupCode },
      `No administrator account exists yet. Open /cms and create it with this one-time setup code: ${setupCode}`,
    );
  }
  return { setupCode };
}

/** Stops sending mail, then closes the database cleanly; PGlite writes its last changes to disk here. */
export async function stopServices(): Promise<void> {
  await stopMetricsListener();
  await stopMailDelivery();
  await stopScheduler();
  await closeDatabase();
}

/** The HTTP server for the app, with the answer to requests Node cannot parse (request-rules.server.ts). */
export function createHttpServer(options: AppOptions = {}): http.Server {
  const server = http.createServer(createApp(options));
  server.on("clientError", answerClientError);
  return server;
}

export function createApp(options: AppOptions = {}): express.Express {
  const env = getEnv();
  const development = !env.isProduction;
  const app = express();
  const loadBuild: LoadBuild = () => import("virtual:react-router/server-build");
  // What Express answers itself, before React Router.
  const expressPaths = ["/healthz", METRICS_PATH];
  // Every address the site serves itself, which no redirect may take over. In development Vite
  // serves the public folder the build would copy.
  const staticFiles = publicFiles(options.clientDir ?? path.resolve("public"));
  knowOwnAddresses(loadBuild().then((build) => addressOwner(build.routes, staticFiles, expressPaths)));

  app.disable("x-powered-by");
  // Behind a reverse proxy, the client address and protocol come from its X-Forwarded-* headers.
  app.set("trust proxy", env.TRUST_PROXY);

  app.use(requestLog());
  app.use(recordRequestMetrics(requestLabeller(loadBuild, expressPaths)));
  app.use(securityHeaders({ development }));
  app.use(compression());
  // A page held whole (htmlValidators below) is coded here instead, its stylesheet deflated once.
  app.use(wholePageGzip());
  app.use(rejectCrossSiteRequests([new URL(env.publicUrl).origin]));
  // Unreadable addresses, methods an address does not take, and bodies announced over its cap.
  app.use(requestRules(loadBuild, expressPaths));

  app.use(canonicalAddresses());
  app.get("/healthz", healthCheck(getDatabase));
  app.get(
    METRICS_PATH,
    adminMetricsEndpoint((req) => requestAccess(req.originalUrl, req.headers.cookie)),
  );
  // Old addresses (a page's former slug, redirects added in the CMS): 301 to the new one.
  app.use(oldAddressRedirects(getDb));

  // A CMS save sent after its session ended gets 401, so the CMS can ask to sign in and resend it.
  app.use(answerExpiredSessions(isSignedInRequest));

  // Validators (ETag, 304) for public pages; no-store for the admin area and signed-in pages.
  app.use(htmlValidators({ isPrivate: (req) => isPrivateRequest(req.path, req.headers.cookie) }));
  // Anonymous visitors' public pages from memory, before the static files' disk lookups (in
  // development, every change must show at once).
  if (!development) app.use(pageCache());
  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) serveBuiltFiles(app, options.clientDir, staticFiles.files);

  app.use(reactRouterHandler(loadBuild, development, env.NODE_ENV === "production" ? "production" : "development"));
  app.use(finalErrorHandler);
  return app;
}

type LoadBuild = () => Promise<ServerBuild>;

/** One log line per request, with an id the response carries as X-Request-Id. */
function requestLog(): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = crypto.randomUUID();
      res.setHeader("X-Request-Id", id);
      return id;
    },
    // Health checks arrive every few seconds from a load balancer; they would drown the log.
    autoLogging: { ignore: (req) => req.url === "/healthz" },
    // One line per request: what was asked and how it ended, not every header.
    serializers: {
      req: (req: { id: unknown; method: string; url: string; remoteAddress?: string }) => ({
        id: req.id,
        method: req.method,
        // A live invitation or reset link in a log file would open the account to its readers.
        url: withoutLinkToken(req.url),
        remoteAddress: req.remoteAddress,
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      // pino-http replaces the logger's own error serializer unless given one: the same one.
      err: errorForLog,
    },
    customLogLevel: (_req, res, error) =>
      error || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
  });
}

/** The client build's files: hashed assets, the artwork, and the few files at its top. */
function serveBuiltFiles(app: express.Express, clientDir: string, topFiles: string[]): void {
  // File names under /assets carry a content hash, so a browser may keep them for good. Scripts,
  // styles and the icon sprite go out as the brotli or gzip copy the build made beside each
  // (vite.config.ts), not compressed again on every request.
  app.use(
    "/assets",
    precompressed(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", fallthrough: false }),
  );
  // The artwork's addresses carry its version (app/lib/site/images.ts), so it too may be kept long.
  app.use("/images", express.static(path.join(clientDir, "images"), { maxAge: "1y", index: false }));
  // The few files at the top of the build (the favicon), named once at start so that a page's
  // request never waits on a disk lookup for a file of its name.
  if (topFiles.length > 0) app.get(topFiles, precompressed(clientDir, { maxAge: "1h" }));
}

/** React Router, answering every request nothing before it answered. */
function reactRouterHandler(loadBuild: LoadBuild, development: boolean, mode: string): RequestHandler {
  const handlerOptions = {
    mode,
    getLoadContext: (req: express.Request, res: express.Response) => ({
      cspNonce: String(res.locals.cspNonce),
      clientAddress: req.ip ?? "unknown",
      formToken: () => (res.locals.formToken ??= issueFormToken()) as string,
    }),
  };
  // Vite rebuilds the routes as files change: React Router asks for the build on every request.
  if (development) return createRequestHandler({ build: loadBuild, ...handlerOptions });
  // Given the build itself, React Router derives its route tree once, not on every request
  // (about an eighth of a page's rendering time when given a function). Each page of the site
  // goes to a handler whose build holds only the routes that page uses (page-builds.server.ts).
  const createHandler = async (): Promise<RequestHandler> => {
    const whole = await loadBuild();
    const buildFor = pageBuilds(whole);
    const handlers = new Map<ServerBuild, RequestHandler>();
    return (req, res, next) => {
      const pathname = requestPathname(req.originalUrl);
      // React Router cannot read such an address either: the whole build answers, with its error.
      const build = pathname === null ? whole : buildFor(pathname);
      let handler = handlers.get(build);
      if (!handler) handlers.set(build, (handler = createRequestHandler({ build, ...handlerOptions })));
      return handler(req, res, next);
    };
  };
  let handler: RequestHandler | undefined;
  return async (req, res, next) => {
    handler ??= await createHandler();
    return handler(req, res, next);
  };
}

/** The last resort: logs the error and answers without any detail a visitor should not see. */
const finalErrorHandler: ErrorRequestHandler = (error: unknown, req, res, next) => {
  const status = (error as { status?: number; statusCode?: number }).statusCode ?? 500;
  if (res.headersSent) return next(error);
  // A request Express itself refused (a malformed address, say) is the client's fault: say so plainly.
  if (status >= 400 && status < 500) {
    res
      .status(status)
      .type("text/plain")
      .send(status === 404 ? "Not found" : (STATUS_CODES[status] ?? "Bad request"));
    return;
  }
  req.log.error({ err: error }, "unhandled error");
  res
    .status(status >= 400 && status < 600 ? status : 500)
    .type("text/plain")
    .send("Sorry, something went wrong on our side. Please try again shortly.");
};

/** The path React Router's Express adapter reads from the request, which is what it matches. */
function requestPathname(originalUrl: string): string | null {
  try {
    return new URL(`http://localhost${originalUrl}`).pathname;
  } catch {
    return null;
  }
}

/** Static files, each sent as its precompressed brotli or gzip copy when the client takes one. */
function precompressed(
  root: string,
  options: expressStaticGzip.ExpressStaticGzipOptions["serveStatic"],
): RequestHandler {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ["br", "gzip"],
    index: false,
    serveStatic: { ...options, index: false },
  });
}
