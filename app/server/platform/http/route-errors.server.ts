/**
 * How an error React Router hands to `handleError` (app/entry.server.tsx) is logged: once, with the
 * method and the path, never shown to visitors.
 */
import { isRouteErrorResponse } from "react-router";
import { withoutLinkToken } from "../../../lib/auth/account-links";
import { ExpectedError } from "../errors.server";
import { logger } from "../logger.server";

/**
 * React Router's refusals of an action whose Origin header is not the request's own origin
 * (react-router's lib/actions.ts, `throwIfPotentialCSRFAttack`), word for word. A page's POST hands
 * over the error itself; a data request's (`.data`) only a new Error("Bad Request").
 */
const ORIGIN_REFUSALS = new Set([
  "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
  "`origin` header is not a valid URL. Aborting the action.",
]);
const DATA_REQUEST_REFUSAL = "Bad Request";

/** Whether the request's Origin header names another origin than the address it was sent to. */
function hasForeignOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  try {
    return new URL(origin).origin !== new URL(request.url).origin;
  } catch {
    return true;
  }
}

/** Whether the error is React Router refusing this request's action for its Origin. */
export function isOriginRefusal(error: unknown, request: Request): boolean {
  if (!(error instanceof Error)) return false;
  if (ORIGIN_REFUSALS.has(error.message)) return true;
  const isDataRequest = new URL(request.url).pathname.endsWith(".data");
  return error.message === DATA_REQUEST_REFUSAL && isDataRequest && hasForeignOrigin(request);
}

/**
 * Errors thrown by loaders and actions. A client's mistake (React Router's own 4xx answers, such as
 * a method a route has no action for, or an ExpectedError that escaped) is a warning, never an
 * error: it needs no one woken up. So is an action refused for its Origin, which React Router
 * answers 400: one line without a stack, since the stack says nothing about a request from elsewhere
 * (or a proxy that rewrites Host).
 */
export function logRouteError(error: unknown, request: Request): void {
  if (request.signal.aborted) return;
  const url = new URL(request.url);
  // The path only (a query string can carry what a visitor typed), without an account link's token.
  const where = { method: request.method, path: withoutLinkToken(url.pathname) };
  if (isOriginRefusal(error, request)) {
    logger.warn(
      { ...where, status: 400, origin: request.headers.get("origin") },
      "React Router refused an action whose Origin is not the address it was sent to",
    );
    return;
  }
  const status = isRouteErrorResponse(error) ? error.status : error instanceof ExpectedError ? error.status : 500;
  const context = { err: error, ...where };
  if (status < 500) logger.warn({ ...context, status }, "a request the route refused");
  else logger.error(context, "error in a loader or action");
}
