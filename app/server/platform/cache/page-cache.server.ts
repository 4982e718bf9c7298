/**
 * A whole-page cache for anonymous visitors of the public pages. Rendering a page costs tens of
 * milliseconds of CPU even when its data comes from memory; sending stored HTML costs about as much
 * as sending a static file. What keeps it safe:
 *
 * - Only GET and HEAD of the public pages (the marketing pages, /blog, /content/..., /careers/...),
 *   from a request with none of the site's own cookies (http/site-cookies.server.ts) and no
 *   Authorization header: anyone signed in or holding a toast is served by React Router as before.
 *   Other cookies (analytics, a load balancer's) change nothing a public page shows: those pages
 *   read nothing of the request but its address and the site's cookies (the root loader reads only
 *   the toast), so the key is the path and query, plus whether the visitor is a search engine
 *   (which gets the page unstreamed).
 * - Only a complete 200 text/html response that sets no cookie, varies on nothing but the encoding,
 *   and is neither no-store nor private is kept, and only if no cached data was invalidated and
 *   no cached load failed while it rendered (a page built from a fallback is not kept).
 * - Every CSP nonce in the HTML is stored as a marker and replaced by the response's own nonce;
 *   a page with a nonce attribute the marker does not account for is not kept.
 * - Every invalidation of the data caches (cache.server.ts), from this instance or another one
 *   through LISTEN/NOTIFY, empties it. Entries also expire after a minute, so a change made in
 *   the database by hand, or the year in the footer, shows soon without an invalidation.
 * - It holds at most `maxBytes` of HTML, forgetting the least recently served page first.
 */
import crypto from "node:crypto";
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import type { RequestHandler, Response } from "express";
import { isbot } from "isbot";
import { FAMILY_PAGE_ADDRESSES } from "../../../content/pages";
import { careerIdPrefix } from "../../../lib/careers";
import { PUBLIC_PAGE_PATHS } from "../../../lib/public-pages";
import { isValidSlug } from "../../../lib/slug";
import { carriesSiteCookie } from "../http/site-cookies.server";
import { watchCachedData } from "./cache.server";

export const PAGE_CACHE_HEADER = "X-Page-Cache";

export interface PageCacheOptions {
  /** Which paths may be cached; by default the public pages (isPublicPagePath). */
  isCacheablePath?: (pathname: string) => boolean;
  /** The most HTML kept, in bytes (default 32 MiB); one page may take half of it, up to 2 MiB. */
  maxBytes?: number;
  /** How long a page is served from memory at most, in ms (default one minute). */
  maxAgeMs?: number;
}

const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
const DEFAULT_MAX_AGE_MS = 60_000;
const MAX_PAGE_BYTES = 2 * 1024 * 1024;

const FIXED_PUBLIC_PATHS = new Set([...PUBLIC_PAGE_PATHS, ...FAMILY_PAGE_ADDRESSES]);

/** The public pages: each reads only data that the CMS's writes invalidate. */
export function isPublicPagePath(pathname: string): boolean {
  if (FIXED_PUBLIC_PATHS.has(pathname)) return true;
  const content = /^\/content\/([^/]+)$/.exec(pathname);
  if (content) return isValidSlug(content[1] ?? "");
  const job = /^\/careers\/([^/]+)$/.exec(pathname);
  return job ? careerIdPrefix(job[1]) !== null : false;
}

/**
 * Headers not kept with a page: the ones each response gets anew (security headers with their
 * nonce, request id, cache status: whatever was set before the page rendered is left out too),
 * and the ones the compression middleware and Node write for each response.
 */
const UNSTORED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "vary",
  "date",
  "connection",
  "keep-alive",
  PAGE_CACHE_HEADER.toLowerCase(),
]);

interface CachedPage {
  /** The HTML split at every nonce, to be joined with the response's own. */
  parts: Buffer[];
  headers: Array<[string, OutgoingHttpHeader]>;
  bytes: number;
  storedAt: number;
}

export function pageCache(options: PageCacheOptions = {}): RequestHandler {
  const isCacheablePath = options.isCacheablePath ?? isPublicPagePath;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const pages = new Map<string, CachedPage>();
  let storedBytes = 0;
  /** Changes whenever a page being rendered may have used data that is no longer current. */
  let generation = 0;
  // Random per process: no text a page contains can pose as the marker.
  const nonceMarker = Buffer.from(`page-cache-nonce-${crypto.randomUUID()}`);

  watchCachedData((event) => {
    generation += 1;
    // A failed load leaves the pages kept so far as good as they were: only an invalidation
    // makes them stale.
    if (event === "invalidated") {
      pages.clear();
      storedBytes = 0;
    }
  });

  function forget(key: string): void {
    const page = pages.get(key);
    if (!page) return;
    pages.delete(key);
    storedBytes -= page.bytes;
  }

  function store(key: string, page: CachedPage): void {
    forget(key);
    pages.set(key, page);
    storedBytes += page.bytes;
    // A Map iterates in insertion order, and a hit re-inserts its page: the first is the least recent.
    for (const oldest of pages.keys()) {
      if (storedBytes <= maxBytes) break;
      forget(oldest);
    }
  }

  return (req, res, next) => {
    const nonce: unknown = res.locals.cspNonce;
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      carriesSiteCookie(req.headers.cookie) ||
      req.headers.authorization ||
      typeof nonce !== "string" ||
      nonce.length === 0 ||
      !isCacheablePath(req.path)
    ) {
      next();
      return;
    }
    const key = `${isbot(req.headers["user-agent"] ?? "") ? "bot" : "browser"} ${req.originalUrl}`;
    const page = pages.get(key);
    if (page && Date.now() - page.storedAt < maxAgeMs) {
      pages.delete(key); // to the end of the order: the most recently served
      pages.set(key, page);
      sendCachedPage(res, page, nonce);
      return;
    }
    if (page) forget(key);

    res.setHeader(PAGE_CACHE_HEADER, "miss");
    if (req.method === "HEAD") {
      next();
      return;
    }
    const startedIn = generation;
    const headersBefore = new Set(Object.keys(res.getHeaders()));
    const body = captureBody(res, Math.min(maxBytes / 2, MAX_PAGE_BYTES));
    res.once("finish", () => {
      if (generation !== startedIn) return;
      const html = body();
      if (!html || !isStorable(res)) return;
      const parts = splitAtNonce(html, Buffer.from(nonce), nonceMarker);
      if (!parts) return;
      const headers = Object.entries(res.getHeaders() as OutgoingHttpHeaders).filter(
        (entry): entry is [string, OutgoingHttpHeader] =>
          entry[1] !== undefined && !headersBefore.has(entry[0]) && !UNSTORED_HEADERS.has(entry[0]),
      );
      store(key, { parts, headers, bytes: html.length, storedAt: Date.now() });
    });
    next();
  };
}

/** Node leaves the body out of an answer to HEAD; it is passed anyway so validators can hash it. */
function sendCachedPage(res: Response, page: CachedPage, nonce: string): void {
  const html = Buffer.concat(joinParts(page.parts, Buffer.from(nonce)));
  res.status(200);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader(PAGE_CACHE_HEADER, "hit");
  res.setHeader("Content-Length", html.length);
  res.end(html);
}

function joinParts(parts: Buffer[], separator: Buffer): Buffer[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]));
}

/** A complete page any anonymous visitor may be given. */
function isStorable(res: Response): boolean {
  if (res.statusCode !== 200 || res.hasHeader("Set-Cookie")) return false;
  if (!/^text\/html\b/i.test(String(res.getHeader("Content-Type") ?? ""))) return false;
  if (/\b(no-store|private)\b/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  const vary = String(res.getHeader("Vary") ?? "")
    .split(",")
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== "" && name !== "accept-encoding");
  return vary.length === 0;
}

/**
 * The HTML split at every occurrence of the nonce, or null when it cannot be stored safely: it
 * already contains the marker, or a nonce attribute holds something other than this nonce.
 */
export function splitAtNonce(html: Buffer, nonce: Buffer, marker: Buffer): Buffer[] | null {
  if (html.includes(marker)) return null;
  const parts: Buffer[] = [];
  let from = 0;
  for (let at = html.indexOf(nonce); at !== -1; at = html.indexOf(nonce, from)) {
    parts.push(html.subarray(from, at));
    from = at + nonce.length;
  }
  parts.push(html.subarray(from));
  const withMarkers = Buffer.concat(joinParts(parts, marker)).toString("utf8");
  const markerText = marker.toString("utf8");
  for (const attribute of withMarkers.matchAll(/\bnonce=(?:"([^"]*)"|'([^']*)'|([^\s>]*))/gi)) {
    if ((attribute[1] ?? attribute[2] ?? attribute[3]) !== markerText) return null;
  }
  return parts;
}

/**
 * Keeps a copy of what the response writes (after the compression middleware has wrapped
 * write/end, so the copy is the uncompressed HTML). Returns a function that gives the body, or null
 * when it grew beyond `limit` bytes.
 */
function captureBody(res: Response, limit: number): () => Buffer | null {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer =
      typeof chunk === "string"
        ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8")
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : null;
    if (!buffer) return;
    size += buffer.length;
    if (size > limit) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const write = res.write;
  const end = res.end;
  res.write = function (this: Response, ...args: unknown[]) {
    keep(args[0], args[1]);
    return Reflect.apply(write, this, args) as boolean;
  } as typeof res.write;
  res.end = function (this: Response, ...args: unknown[]) {
    keep(args[0], args[1]);
    return Reflect.apply(end, this, args) as Response;
  } as typeof res.end;
  return () => (overflow ? null : Buffer.concat(chunks));
}
