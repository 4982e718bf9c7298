/**
 * HTTP caching of HTML pages (RFC 9110 section 13, RFC 9111):
 *
 * - A private request (the admin area, or anyone signed in) gets `Cache-Control: no-store` on every
 *   response: a page with someone's account on it is kept by no browser history cache or proxy.
 * - Any other 200 HTML answer to GET or HEAD gets an entity tag and, unless its route chose its
 *   own, `Cache-Control: no-cache` (keep it, but ask first). A request whose `If-None-Match` names
 *   that tag is answered 304 with no body, so a returning visitor downloads nothing.
 *
 * Why the tag is weak (`W/"..."`): every response carries a fresh CSP nonce, and the compression
 * middleware may send it gzip- or brotli-coded, so no two responses are byte-for-byte equal. The tag
 * is the hash of the HTML with the nonce left out: two responses with the same tag show the same
 * page, which is what a weak validator promises. A 304 carries no Content-Security-Policy: a browser
 * updates the stored response's headers from a 304, and a new nonce would no longer match the
 * scripts of the page it keeps.
 *
 * The page is held back until it is complete (anonymous pages are small, and their loaders have
 * finished before the first byte anyway), then sent at once; anything other than a 200 HTML page,
 * or a page larger than `maxBytes`, streams as before without a tag.
 */
import crypto from "node:crypto";
import type { Request, RequestHandler, Response } from "express";
import { DEFAULT_MAX_HELD_BYTES, holdWholeBody } from "./whole-body.server";

export interface HtmlValidatorOptions {
  /** Requests whose answers no cache may keep (the admin area, a signed-in user). */
  isPrivate: (req: Request) => boolean;
  /** The largest page held back to compute its tag (default 4 MiB); a larger one streams untagged. */
  maxBytes?: number;
}

/** Headers a 304 leaves out: the body's own, and the CSP whose nonce belongs to a new body. */
export const NOT_IN_304 = [
  "Content-Type",
  "Content-Length",
  "Content-Encoding",
  "Content-Security-Policy",
  "Content-Security-Policy-Report-Only",
];

/** The weak entity tag of a page: its HTML hashed with every occurrence of the nonce taken out. */
export function htmlEntityTag(html: Buffer, nonce: string): string {
  const hash = crypto.createHash("sha256");
  const marker = Buffer.from(nonce);
  let from = 0;
  if (marker.length > 0) {
    for (let at = html.indexOf(marker); at !== -1; at = html.indexOf(marker, from)) {
      hash.update(html.subarray(from, at));
      from = at + marker.length;
    }
  }
  hash.update(html.subarray(from));
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** Whether `If-None-Match` names `tag`, compared weakly as RFC 9110 section 13.1.2 asks. */
export function ifNoneMatchNames(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const opaque = tag.replace(/^W\//, "");
  return header.split(",").some((entry) => {
    const candidate = entry.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/** A complete page that may be validated: 200, HTML, the same for everyone, storable. */
function isTaggable(res: Response): boolean {
  if (res.statusCode !== 200 || res.hasHeader("Set-Cookie")) return false;
  if (!/^text\/html\b/i.test(String(res.getHeader("Content-Type") ?? ""))) return false;
  return !/\bno-store\b/i.test(String(res.getHeader("Cache-Control") ?? ""));
}

export function htmlValidators(options: HtmlValidatorOptions): RequestHandler {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_HELD_BYTES;
  return (req, res, next) => {
    if (options.isPrivate(req)) {
      res.setHeader("Cache-Control", "no-store");
      next();
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      next();
      return;
    }
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    holdWholeBody(res, {
      // A response that brings its own tag (a page from the page cache, stored with the tag it
      // was given here) has validated itself.
      shouldHold: () => isTaggable(res) && !res.hasHeader("ETag"),
      maxBytes,
      onWhole: (body, send) => {
        // A HEAD request's render has no body to hash (React Router sends none): no tag then.
        if (body.length === 0) return send();
        const tag = htmlEntityTag(body, nonce);
        // The same for the 304 as for the page: compression may code the page per Accept-Encoding.
        res.vary("Accept-Encoding");
        res.setHeader("ETag", tag);
        if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "no-cache");
        if (ifNoneMatchNames(req.headers["if-none-match"], tag)) {
          res.statusCode = 304;
          for (const name of NOT_IN_304) res.removeHeader(name);
          return send();
        }
        res.setHeader("Content-Length", body.length);
        return send(body);
      },
    });
    next();
  };
}
