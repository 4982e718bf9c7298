/**
 * Cross-site request forgery defence for every state-changing request: a browser says where a
 * request comes from (Sec-Fetch-Site, Origin), and a request another site started is refused.
 * Requests without these headers do not come from a browser page (webhooks, scripts), and so
 * carry no visitor's cookies that could be abused.
 */
import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isCrossSiteRequest(headers: {
  origin?: string;
  secFetchSite?: string;
  host?: string;
  allowedOrigins: readonly string[];
}): boolean {
  if (headers.secFetchSite) {
    // "none" is a request the visitor made directly (typed address, bookmark).
    return !(headers.secFetchSite === "same-origin" || headers.secFetchSite === "none");
  }
  if (!headers.origin) return false;
  if (headers.origin === "null") return true;
  if (headers.allowedOrigins.includes(headers.origin)) return false;
  try {
    return new URL(headers.origin).host !== headers.host;
  } catch {
    return true;
  }
}

export function rejectCrossSiteRequests(allowedOrigins: readonly string[]): RequestHandler {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const crossSite = isCrossSiteRequest({
      origin: req.get("origin"),
      secFetchSite: req.get("sec-fetch-site"),
      host: req.get("host"),
      allowedOrigins,
    });
    if (!crossSite) return next();
    req.log?.warn({ origin: req.get("origin"), path: req.path }, "refused a cross-site request");
    res.status(403).type("text/plain").send("This request came from another site and was refused.");
  };
}
