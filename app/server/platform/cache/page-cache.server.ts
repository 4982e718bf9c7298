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
 * - It holds at most `maxBytes` of HTML, forgetting the least recently served page first.
 */
import type { OutgoingHttpHeader, OutgoingHttpHeaders } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import { FAMILY_PAGE_ADDRESSES } from "../../../content/pages";
import { careerIdPrefix } from "../../../lib/careers";
import { PUBLIC_PAGE_PATHS } from "../../../lib/public-pages";
import { isValidSlug } from "../../../lib/slug";
import { issueSharedFormToken } from "../http/form-token.server";
import { ifNoneMatchNames, NOT_IN_304 } from "../http/html-validators.server";
import { writtenBytes } from "../http/whole-body.server";
import { policyWithScriptHashes } from "../http/security-headers.server";
import { carriesSiteCookie } from "../http/site-cookies.server";
import { watchCachedData } from "./cache.server";
import { cutFormToken, fillFormToken, type FormTokenSlots } from "./form-token-slots.server";
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

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The codings a page is kept in, the server's preference first (brotli is the smallest). */
const CODINGS = ["br", "gzip", "identity"] as const;
type Coding = (typeof CODINGS)[number];

interface CachedPage {
  /** The same HTML in each coding (the compressed ones once they are made). */
  bodies: Partial<Record<Coding, Buffer>> & { identity: Buffer };
  /** Its Content-Security-Policy, with script hashes in place of the nonce. */
  policy: string;
  /** Its entity tag, as the response it was stored from had it (html-validators.server.ts). */
  etag?: string;
  /** Where its form token goes (form-token-slots.server.ts), with what makes its policy anew. */
  formToken?: FormTokenPage;
  headers: Array<[string, OutgoingHttpHeader]>;
  bytes: number;
  storedAt: number;
}

type Bodies = CachedPage["bodies"];

interface FormTokenPage {
  slots: FormTokenSlots;
  renderedPolicy: string;
  nonce: string;
  /**
   * The page with the latest token in, and its compressed copies once made. One at a time (the
   * size of the page and its compressed copies, beside the kept page's `bytes`): a token is
   * current for a second.
   */
  latest?: { token: string; policy: string; bodies: Promise<Bodies> };
}

export function pageCache(options: PageCacheOptions = {}): RequestHandler {
  const isCacheablePath = options.isCacheablePath ?? isPublicPagePath;
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  const maxAgeMs = options.maxAgeMs ?? DEFAULT_MAX_AGE_MS;
  const newFormToken = options.newFormToken ?? (() => issueSharedFormToken());
  const pages = new Map<string, CachedPage>();
  let storedBytes = 0;
  /** The pages being rendered to be kept, each settled once its response has ended. */
  const rendering = new Map<string, Promise<void>>();
  /** Changes whenever a page being rendered may have used data that is no longer current. */
  let generation = 0;

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
    fitLimit();
  }

  function fitLimit(): void {
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
    answer(req.originalUrl, nonce, req, res, next, true);
  };

  /**
   * A fresh copy if there is one; the previous copy while another request renders the page again;
   * without any copy, the page once that request has rendered it (`mayWait`), else rendered here.
   */
  function answer(key: string, nonce: string, req: Request, res: Response, next: NextFunction, mayWait: boolean) {
    const page = pages.get(key);
    const fresh = page !== undefined && Date.now() - page.storedAt < maxAgeMs;
    const inFlight = rendering.get(key);
    if (page && (fresh || inFlight)) {
      pages.delete(key); // to the end of the order: the most recently served
      pages.set(key, page);
      sendCachedPage(req, res, page, fresh ? "hit" : "stale", newFormToken);
      return;
    }
    if (inFlight && mayWait) {
      void inFlight.then(() => answer(key, nonce, req, res, next, false));
      return;
    }

    res.setHeader(PAGE_CACHE_HEADER, "miss");
    if (req.method === "HEAD") {
      next();
      return;
    }
    let rendered = () => {};
    const done = new Promise<void>((resolve) => (rendered = resolve));
    rendering.set(key, done);
    const startedIn = generation;
    const headersBefore = new Set(Object.keys(res.getHeaders()));
    const body = captureBody(res, Math.min(maxBytes / 2, MAX_PAGE_BYTES));
    res.once("close", () => {
      if (rendering.get(key) === done) rendering.delete(key);
      const html = res.writableFinished && generation === startedIn ? body() : null;
      const stored = html && isStorable(res) ? storablePage(res, html, nonce, headersBefore) : null;
      if (stored) keep(key, stored);
      rendered();
    });
    next();
  }

  /** Stores a rendered page at once, and its compressed copies once made (off the event loop). */
  function keep(key: string, { html, ...rest }: NonNullable<ReturnType<typeof storablePage>>): void {
    const kept: CachedPage = { ...rest, bodies: { identity: html }, bytes: html.length, storedAt: Date.now() };
    store(key, kept);
    // A page with a form token is compressed with each new token (copyWithToken).
    if (kept.formToken) return;
    // Until the compressed copies are made, the compression middleware codes each hit.
    void compressed(html).then(
      (codings) => {
        if (pages.get(key) !== kept) return;
        Object.assign(kept.bodies, codings);
        const added = codings.br.length + codings.gzip.length;
        kept.bytes += added;
        storedBytes += added;
        fitLimit();
      },
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

/**
 * The page in every coding, compressed once, off the event loop: at the smallest size for a page
 * kept for a minute, or `quickly` for a copy with a form token, which visitors wait for and which
 * lasts a second (brotli 5 and gzip 6 take a few milliseconds for a page, brotli 11 a hundred).
 */
async function compressed(html: Buffer, quickly = false): Promise<{ br: Buffer; gzip: Buffer }> {
  const [br, gz] = await Promise.all([
    brotli(html, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: quickly ? 5 : zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
    gzip(html, { level: quickly ? zlib.constants.Z_DEFAULT_COMPRESSION : zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gzip: gz };
}

/**
 * The stored page in the coding the request accepts best, or 304 when it names the page's tag.
 * The response's own tag goes with it, so html-validators.server.ts leaves the body alone, and
 * a Content-Encoding tells the compression middleware that the body is coded already.
 */
function sendCachedPage(
  req: Request,
  res: Response,
  page: CachedPage,
  status: "hit" | "stale",
  newFormToken: () => string,
): void {
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader(PAGE_CACHE_HEADER, status);
  res.vary("Accept-Encoding");
  if (page.etag) {
    res.setHeader("ETag", page.etag);
    if (ifNoneMatchNames(req.headers["if-none-match"], page.etag)) {
      for (const name of NOT_IN_304) res.removeHeader(name);
      res.status(304).end();
      return;
    }
  }
  if (page.formToken) {
    const copy = copyWithToken(page.formToken, newFormToken());
    void copy.bodies.then((bodies) => {
      res.locals.formToken = copy.token;
      res.setHeader("Content-Security-Policy", copy.policy);
      sendBody(req, res, bodies);
    });
    return;
  }
  res.setHeader("Content-Security-Policy", page.policy);
  sendBody(req, res, page.bodies);
}

/** The body in the best coding the request accepts and the page has. */
function sendBody(req: Request, res: Response, bodies: Bodies): void {
  // Browsers accept br and gzip alike (q=1): then the smaller one.
  const accepted = new Negotiator(req).encodings([...CODINGS]);
  const coding = CODINGS.find((candidate) => accepted.includes(candidate) && bodies[candidate]) ?? "identity";
  const body = bodies[coding] ?? bodies.identity;
  if (coding !== "identity") res.setHeader("Content-Encoding", coding);
  res.setHeader("Content-Length", body.length);
  // Node leaves the body out of an answer to HEAD.
  res.status(200).end(body);
}

/**
 * The page with `token` in and the scripts' hashes worked out again: the copy made for the last
 * visitor when the token is the same, else a new one, compressed once for every visitor given it.
 */
function copyWithToken(page: FormTokenPage, token: string): NonNullable<FormTokenPage["latest"]> {
  if (page.latest?.token === token) return page.latest;
  const { html, scripts } = fillFormToken(page.slots, token);
  const policy = policyWithScriptHashes(page.renderedPolicy, page.nonce, scripts.map(scriptHash))!;
  const bodies = compressed(html, true).then(
    (codings): Bodies => ({ identity: html, ...codings }),
    (): Bodies => ({ identity: html }),
  );
  page.latest = { token, policy, bodies };
  return page.latest;
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
