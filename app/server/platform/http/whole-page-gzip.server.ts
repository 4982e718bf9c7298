/**
 * Compression of an HTML page held whole (pages are rendered whole before their first byte goes
 * out: entry.server.tsx), at about a third of what the compression middleware's brotli stream
 * costs: for every page the page cache does not answer (a visitor with a toast, anyone signed in,
 * the first request after a change, the CMS).
 *
 * Every page inlines the site's stylesheet, some 44 KB of a 105 KB page, the same bytes on every
 * page. A deflate stream may be made of pieces each ended by a sync flush (byte-aligned, not
 * final) that refer only to bytes within themselves: such pieces can be deflated apart and joined,
 * as zlib's own gzjoin does. So each large `<style>` element's deflate is made once and kept, and
 * only the page's own parts are deflated for each response; the gzip trailer's CRC-32 is of the
 * whole page. A brotli stream cannot be joined so (each meta-block goes on from the distances the
 * one before used), which is why this answers in gzip where the browser takes both.
 *
 * Everything else (a response that is not a 200 HTML page, one already coded, a request that
 * prefers brotli or takes no gzip) is left to the compression middleware. Decision record 032.
 */
import zlib from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import Negotiator from "negotiator";
import { DEFAULT_MAX_HELD_BYTES, holdWholeBody } from "./whole-body.server";

/** The compression middleware's threshold: below it a page goes uncoded. */
const MIN_PAGE_BYTES = 1024;
/** A `<style>` element shorter than this is deflated with the page around it. */
const MIN_KEPT_BLOCK_BYTES = 4096;
/** How many different style blocks are kept deflated (one per build, and a build may change). */
const KEPT_BLOCKS = 4;

/**
 * The page's own parts are deflated at level 3, the best of zlib's quick matching: on `/` and
 * `/services` about 6% larger than its default level 6 in half the time (0.6 ms saved a page).
 */
const PAGE_LEVEL = 3;

/** ID1, ID2, CM = deflate, no flags, no modification time, no extra flags, OS unknown (RFC 1952). */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
const STYLE_OPEN = Buffer.from("<style");
const STYLE_CLOSE = Buffer.from("</style>");

interface KeptBlock {
  text: Buffer;
  deflated: Buffer;
}

/** The deflate of blocks seen before, the most recently used last. */
export class DeflatedBlocks {
  private readonly kept: KeptBlock[] = [];

  /** The sync-flushed deflate of `text`, made once for each distinct text. */
  deflate(text: Buffer): Buffer {
    const index = this.kept.findIndex((block) => block.text.length === text.length && block.text.equals(text));
    const found = index === -1 ? undefined : this.kept.splice(index, 1)[0];
    const block = found ?? {
      // A copy: `text` is a view into one response's page.
      text: Buffer.from(text),
      deflated: zlib.deflateRawSync(text, {
        level: zlib.constants.Z_BEST_COMPRESSION,
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
      }),
    };
    this.kept.push(block);
    if (this.kept.length > KEPT_BLOCKS) this.kept.shift();
    return block.deflated;
  }
}

/** Where each large style element's content starts and ends in `html`. */
function styleBlocks(html: Buffer): Array<[number, number]> {
  const blocks: Array<[number, number]> = [];
  for (let open = html.indexOf(STYLE_OPEN); open !== -1;) {
    const start = html.indexOf(">", open) + 1;
    const end = start === 0 ? -1 : html.indexOf(STYLE_CLOSE, start);
    if (end === -1) break;
    if (end - start >= MIN_KEPT_BLOCK_BYTES) blocks.push([start, end]);
    open = html.indexOf(STYLE_OPEN, end);
  }
  return blocks;
}

/** `html` as a gzip member whose large style blocks come from `blocks`, deflated once each. */
export function gzipPage(html: Buffer, blocks: DeflatedBlocks): Buffer {
  const pieces: Buffer[] = [GZIP_HEADER];
  let from = 0;
  for (const [start, end] of styleBlocks(html)) {
    if (start > from)
      pieces.push(
        zlib.deflateRawSync(html.subarray(from, start), {
          level: PAGE_LEVEL,
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
        }),
      );
    pieces.push(blocks.deflate(html.subarray(start, end)));
    from = end;
  }
  // The last piece carries the final block (the default finish), empty or not.
  pieces.push(zlib.deflateRawSync(html.subarray(from), { level: PAGE_LEVEL }));
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(html), 0);
  trailer.writeUInt32LE(html.length % 2 ** 32, 4);
  pieces.push(trailer);
  return Buffer.concat(pieces);
}

/** Whether the response may be coded here: a 200 HTML page to GET that nothing has coded yet. */
function isCodable(req: Request, res: Response): boolean {
  if (req.method !== "GET" || res.statusCode !== 200 || res.hasHeader("Content-Encoding")) return false;
  if (!/^text\/html\b/i.test(String(res.getHeader("Content-Type") ?? ""))) return false;
  if (/\bno-transform\b/i.test(String(res.getHeader("Cache-Control") ?? ""))) return false;
  // gzip where the browser ranks it no lower than brotli (browsers take both alike).
  return new Negotiator(req).encodings(["gzip", "br", "deflate", "identity"])[0] === "gzip";
}

/**
 * Codes each HTML page in gzip, held whole until it ends (whole-body.server.ts), before the
 * compression middleware sees it: this must come after that middleware. A page larger than
 * `DEFAULT_MAX_HELD_BYTES` goes on to it as it comes.
 */
export function wholePageGzip(): RequestHandler {
  const blocks = new DeflatedBlocks();
  return (req, res, next) => {
    holdWholeBody(res, {
      shouldHold: () => isCodable(req, res),
      maxBytes: DEFAULT_MAX_HELD_BYTES,
      onWhole: (body, send) => {
        if (body.length < MIN_PAGE_BYTES) return send(body);
        const coded = gzipPage(body, blocks);
        res.setHeader("Content-Encoding", "gzip");
        res.setHeader("Content-Length", coded.length);
        res.vary("Accept-Encoding");
        return send(coded);
      },
    });
    next();
  };
}
