/**
 * The pages the page cache (page-cache.server.ts) keeps: each page's HTML in every coding with its
 * headers and policy, and the store that holds at most `maxBytes` of them, forgetting the least
 * recently served page first.
 */
import type { OutgoingHttpHeader } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { FormTokenSlots } from "./form-token-slots.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The codings a page is kept in, the server's preference first (brotli is the smallest). */
export const CODINGS = ["br", "gzip", "identity"] as const;
type Coding = (typeof CODINGS)[number];

export interface CachedPage {
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

export type Bodies = CachedPage["bodies"];

export interface FormTokenPage {
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

export class KeptPages {
  private readonly pages = new Map<string, CachedPage>();
  private storedBytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): CachedPage | undefined {
    return this.pages.get(key);
  }

  /** Moves a page to the end of the order: the most recently served. */
  markServed(key: string, page: CachedPage): void {
    this.pages.delete(key);
    this.pages.set(key, page);
  }

  store(key: string, page: CachedPage): void {
    this.forget(key);
    this.pages.set(key, page);
    this.storedBytes += page.bytes;
    this.fitLimit();
  }

  /** Adds a page's compressed copies, when it is still the one kept under its key. */
  addCodings(key: string, page: CachedPage, codings: { br: Buffer; gzip: Buffer }): void {
    if (this.pages.get(key) !== page) return;
    Object.assign(page.bodies, codings);
    const added = codings.br.length + codings.gzip.length;
    page.bytes += added;
    this.storedBytes += added;
    this.fitLimit();
  }

  clear(): void {
    this.pages.clear();
    this.storedBytes = 0;
  }

  private forget(key: string): void {
    const page = this.pages.get(key);
    if (!page) return;
    this.pages.delete(key);
    this.storedBytes -= page.bytes;
  }

  private fitLimit(): void {
    // A Map iterates in insertion order, and a hit re-inserts its page: the first is the least recent.
    for (const oldest of this.pages.keys()) {
      if (this.storedBytes <= this.maxBytes) break;
      this.forget(oldest);
    }
  }
}

/**
 * The page in every coding, compressed once, off the event loop: at the smallest size for a page
 * kept for a minute, or `quickly` for a copy with a form token, which visitors wait for and which
 * lasts a second (brotli 5 and gzip 6 take a few milliseconds for a page, brotli 11 a hundred).
 */
export async function compressed(html: Buffer, quickly = false): Promise<{ br: Buffer; gzip: Buffer }> {
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
