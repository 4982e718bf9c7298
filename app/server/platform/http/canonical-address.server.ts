/**
 * One address per page: `/About`, `/about/` and `/about//` answer 301 with the canonical `/about`
 * (lower-case, no trailing slash, single slashes; the query kept as sent), so search engines index
 * one URL and links to any spelling keep working. Every page address of the site is lower-case
 * (content slugs by the spec's slug rule, job addresses and ids as lower-case hex), so lower-casing
 * never turns a working address into a broken one.
 *
 * Left alone:
 * - methods other than GET and HEAD: a 301 would turn a POST into a GET in the browser;
 * - files (a last segment with a dot: `/robots.txt`, `/about.data`, `/favicon.svg`) and the
 *   static folders, whose names on disk are case-sensitive; `/api/*`, whose clients do not follow
 *   redirects with their bodies; Vite's own addresses in development;
 * - anything a browser could read as another site once it is the Location (`/\evil.example/`,
 *   control characters): only RFC 3986 path characters are rewritten, and never into `//...`.
 */
import type { RequestHandler } from "express";

const LEFT_ALONE = /^\/(?:assets|images|api|@|node_modules|__)(?:\/|$)|^\/@/;
/** RFC 3986 path characters (pchar and "/"): no backslash, space, control character or quote. */
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~%!$&'()*+,;=:@/]+$/;

/** The canonical form of `pathname`, or null when it is canonical already or is left alone. */
export function canonicalPath(pathname: string): string | null {
  if (pathname === "/" || !pathname.startsWith("/") || !PATH_CHARACTERS.test(pathname)) return null;
  if (LEFT_ALONE.test(pathname)) return null;
  const canonical =
    pathname
      .toLowerCase()
      .replace(/\/{2,}/g, "/")
      .replace(/\/+$/, "") || "/";
  // A dot in the last segment marks a file (or a route's .data request): case matters on disk.
  if (/\.[^/]*$/.test(canonical)) return null;
  return canonical === pathname ? null : canonical;
}

/** Express middleware: 301 from any other spelling of a page's address to its canonical one. */
export function canonicalAddresses(): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const queryAt = req.originalUrl.indexOf("?");
    const pathname = queryAt === -1 ? req.originalUrl : req.originalUrl.slice(0, queryAt);
    const canonical = canonicalPath(pathname);
    if (!canonical) return next();
    res.redirect(301, canonical + (queryAt === -1 ? "" : req.originalUrl.slice(queryAt)));
  };
}
