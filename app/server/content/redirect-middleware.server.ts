/**
 * The public side of the redirects: a GET or HEAD of an old address answers 301 with its
 * new one, the query kept. It runs after the canonical-address redirect (so it sees the one
 * spelling the redirects are stored in) and before the page cache and React Router. The CMS, the
 * API and the built files never redirect, nor does any other address the site serves itself, even
 * with a redirect stored (findRedirect); a database that cannot be read lets the request through.
 */
import type { RequestHandler } from "express";
import { isReservedPath } from "../../lib/schemas/redirects";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { findRedirect } from "./redirects.server";

export function oldAddressRedirects(getDb: () => Promise<Database>): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || isReservedPath(req.path) || req.path === "/") return next();
    findRedirect(getDb, req.path).then(
      (to) => {
        if (!to) return next();
        const queryAt = req.originalUrl.indexOf("?");
        res.redirect(301, to + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
      },
      (error: unknown) => {
        logger.warn({ err: error }, "could not read the redirects; the request goes on");
        next();
      },
    );
  };
}
