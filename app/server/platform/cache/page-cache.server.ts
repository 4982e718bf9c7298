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
 *   the toast), so the key is the path and query (every visitor, search engines too, gets the
 *   whole page at once: entry.server.tsx).
 * - Only a complete 200 text/html response that sets no cookie, varies on nothing but the encoding,
 *   and is neither no-store nor private is kept, and only if no cached data was invalidated and
 *   no cached load failed while it rendered (a page built from a fallback is not kept).
 * - A stored page carries no CSP nonce: its inline scripts are allowed by their hashes instead
 *   (shareable-html.server.ts, docs/decisions/026), so every visitor gets the same bytes, and
 *   those are compressed once, with brotli and gzip, when the page is stored.
 * - One request renders a page while the others that ask for it meanwhile get the previous copy
 *   (once it has expired) or wait for this one (when there is none, as after a change): one render
 *   per page, not one per waiting visitor.
 * - Every invalidation of the data caches (cache.server.ts), from this instance or another one
 *   through LISTEN/NOTIFY, empties it. Entries also expire after a minute, so a change made in
 *   the database by hand, or the year in the footer, shows soon without an invalidation.
 * - It holds at most `maxBytes` of HTML, forgetting the least recently served page first
 *   (kept-pages.server.ts).
 *
 * Sending a kept page, with a fresh form token where it has a form, is cached-page-response.server.ts.
 */
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { FAMILY_PAGE_ADDRESSES } from "../../../content/pages";
import { careerIdPrefix } from "../../../lib/site/careers";
import { PUBLIC_PAGE_PATHS } from "../../../lib/seo/public-pages";
import { isValidSlug } from "../../../lib/text/slug";
import { issueSharedFormToken } from "../http/form-token.server";
import { writtenBytes } from "../http/whole-body.server";
import { policyWithScriptHashes } from "../http/security-headers.server";
import { carriesSiteCookie } from "../http/site-cookies.server";
import { sendCachedPage } from "./cached-page-response.server";
import { watchCachedData } from "./cache.server";
import { cutFormToken } from "./form-token-slots.server";
import { type CachedPage, compressed, KeptPages } from "./kept-pages.server";
import { scriptHash, shareableHtml } from "./shareable-html.server";

export const PAGE_CACHE_HEADER = "X-Page-Cache";

export interface PageCacheOptions {
  /** Which paths may be cached; by default the public pages (isPublicPagePath). */
  isCacheablePath?: (pathname: string) => boolean;
  /** The most HTML kept, in bytes (default 32 MiB); one page may take half of it, up to 2 MiB. */
  maxBytes?: number;
  /** How long a page is served from memory at most, in ms (default one minute). */
  maxAgeMs?: number;
  /**
   * The form token for a visitor of a page that has one (default: issueSharedFormToken, the same
   * for every visitor within one second). Visitors given the same token share one copy of the
   * page, compressed once.
   */
  newFormToken?: () => string;
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
  // Kept apart (CachedPage.etag): a page with a form token has none, its bytes differ each time.
  "etag",
  PAGE_CACHE_HEADER.toLowerCase(),
]);

export function pageCache(options: PageCacheOptions = {}): RequestHandler {
  const cache = new PageCache(options);
  return (req, res, next) => {
    const nonce: unknown = res.locals.cspNonce;
    if (
      (req.method !== "GET" && req.method !== "HEAD") ||
      carriesSiteCookie(req.headers.cookie) ||
      req.headers.authorization ||
      typeof nonce !== "string" ||
      nonce.length === 0 ||
      !cache.isCacheablePath(req.path)
    ) {
      next();
      return;
    }
    cache.answer(req.originalUrl, nonce, req, res, next, true);
  };
}

class PageCache {
  readonly isCacheablePath: (pathname: string) => boolean;
  private readonly maxBytes: number;
  private readonly maxAgeMs: number;
  private readonly newFormToken: () => string;
  private readonly pages: KeptPages;
  /** The pages being rendered to be kept, each settled once its response has ended. */
  private readonly rendering = new Map<string, Promise<void>>();
  /** Changes whenever a page being rendered may have used data that is no longer current. */
  private generation = 0;

  constructor(options: PageCacheOptions) {
    this.isCacheablePath = options.isCacheablePath ?? isPublicPagePath;
    this.maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    this.maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
    this.newFormToken = options.newFormToken ?? (() => issueSharedFormToken());
    this.pages = new KeptPages(this.maxBytes);
    watchCachedData((event) => {
      this.generation += 1;
      // A failed load leaves the pages kept so far as good as they were: only an invalidation
      // makes them stale.
      if (event === "invalidated") this.pages.clear();
    });
  }

  /**
   * A fresh copy if there is one; the previous copy while another request renders the page again;
   * without any copy, the page once that request has rendered it (`mayWait`), else rendered here.
   */
  answer(key: string, nonce: string, req: Request, res: Response, next: NextFunction, mayWait: boolean): void {
    const page = this.pages.get(key);
    const fresh = page !== undefined && Date.now() - page.storedAt < this.maxAgeMs;
    const inFlight = this.rendering.get(key);
    if (page && (fresh || inFlight)) {
      this.pages.markServed(key, page);
      res.setHeader(PAGE_CACHE_HEADER, fresh ? "hit" : "stale");
      sendCachedPage(req, res, page, this.newFormToken);
      return;
    }
    if (inFlight && mayWait) {
      void inFlight.then(() => this.answer(key, nonce, req, res, next, false));
      return;
    }
    res.setHeader(PAGE_CACHE_HEADER, "miss");
    if (req.method === "HEAD") {
      next();
      return;
    }
    this.render(key, nonce, res);
    next();
  }

  /** Lets React Router render the page, and keeps it once the response has ended, if it may. */
  private render(key: string, nonce: string, res: Response): void {
    let rendered = () => {};
    const done = new Promise<void>((resolve) => (rendered = resolve));
    this.rendering.set(key, done);
    const startedIn = this.generation;
    const headersBefore = new Set(Object.keys(res.getHeaders()));
    const body = captureBody(res, Math.min(this.maxBytes / 2, MAX_PAGE_BYTES));
    res.once("close", () => {
      if (this.rendering.get(key) === done) this.rendering.delete(key);
      const html = res.writableFinished && this.generation === startedIn ? body() : null;
      const stored = html && isStorable(res) ? storablePage(res, html, nonce, headersBefore) : null;
      if (stored) this.keep(key, stored);
      rendered();
    });
  }

  /** Stores a rendered page at once, and its compressed copies once made (off the event loop). */
  private keep(key: string, { html, ...rest }: NonNullable<ReturnType<typeof storablePage>>): void {
    const kept: CachedPage = { ...rest, bodies: { identity: html }, bytes: html.length, storedAt: Date.now() };
    this.pages.store(key, kept);
    // A page with a form token is compressed with each new token (copyWithToken).
    if (kept.formToken) return;
    // Until the compressed copies are made, the compression middleware codes each hit.
    void compressed(html).then(
      (codings) => this.pages.addCodings(key, kept, codings),
      () => {},
    );
  }
}
/**
 * What of a rendered page is kept, or null when it cannot be shared (shareable-html.server.ts).
 * The form token the page was rendered with (`res.locals.formToken`, see server/app.ts) is cut
 * out, to be replaced for each visitor.
 */
function storablePage(res: Response, html: Buffer, nonce: string, headersBefore: Set<string>) {
  const shareable = shareableHtml(html, nonce);
  const renderedPolicy = String(res.getHeader("Content-Security-Policy") ?? "");
  const policy = policyWithScriptHashes(renderedPolicy, nonce, shareable?.scripts.map(scriptHash) ?? []);
  if (!shareable || !policy) return null;
  const token: unknown = res.locals.formToken;
  const slots = typeof token === "string" ? cutFormToken(shareable.html, shareable.scripts, token) : null;
  const etag = res.getHeader("ETag");
  const headers = Object.entries(res.getHeaders() as OutgoingHttpHeaders).filter(
    (entry): entry is [string, OutgoingHttpHeader] =>
      entry[1] !== undefined && !headersBefore.has(entry[0]) && !UNSTORED_HEADERS.has(entry[0]),
  );
  return {
    html: shareable.html,
    policy,
    etag: typeof etag === "string" && !slots ? etag : undefined,
    formToken: slots ? { slots, renderedPolicy, nonce } : undefined,
    headers,
  };
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
 * Keeps a copy of what the response writes (after the compression middleware has wrapped
 * write/end, so the copy is the uncompressed HTML). Returns a function that gives the body, or null
 * when it grew beyond `limit` bytes.
 */
function captureBody(res: Response, limit: number): () => Buffer | null {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (overflow) return;
    const buffer = writtenBytes(chunk, encoding);
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
