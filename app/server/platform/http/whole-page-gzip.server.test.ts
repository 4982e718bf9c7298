/**
 * Whole pages coded in gzip around their stored style blocks (whole-page-gzip.server.ts): the
 * bytes decoded by zlib's own gunzip, and the middleware in a real Express app on loopback,
 * behind the real compression middleware, read as raw bytes (fetch would decode them).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeflatedBlocks, gzipPage, wholePageGzip } from "./whole-page-gzip.server";

const STYLES = `body{margin:0}${Array.from({ length: 400 }, (_, i) => `.c${i}{padding:${i}px}`).join("")}`;

function page(text: string, styles = STYLES): string {
  return `<!DOCTYPE html><html><head><title>${text}</title><style id="site-styles">${styles}</style></head><body><p>${text}</p>${"<li>An item</li>".repeat(200)}</body></html>`;
}

describe("gzipPage", () => {
  it.each([
    ["a page with one large style block", page("Home")],
    [
      "a page with two, and a small one left with the page",
      page("Two").replace(
        "</head>",
        `<style>p{color:red}</style><style>${STYLES.replace("body", "main")}</style></head>`,
      ),
    ],
    ["a page without one", "<!DOCTYPE html><p>" + "Words. ".repeat(1000)],
    ["a page that ends inside a style element", `<p>Cut</p><style>${STYLES}`],
    ["a page that ends with its style block", `<style>${STYLES}</style>`],
    ["a page in more than one script", page("Café — naïve ✓ 日本")],
  ])("decodes to the same bytes: %s", (_name, html) => {
    const bytes = Buffer.from(html);
    const coded = gzipPage(bytes, new DeflatedBlocks());
    expect(zlib.gunzipSync(coded).equals(bytes)).toBe(true);
    expect(coded.length).toBeLessThan(bytes.length / 3);
  });

  it("deflates a style block once, whichever page it comes in", () => {
    const blocks = new DeflatedBlocks();
    const once = blocks.deflate(Buffer.from(STYLES));
    // Another buffer with the same text: the same stored deflate; another text: another one.
    expect(blocks.deflate(Buffer.from(STYLES))).toBe(once);
    expect(blocks.deflate(Buffer.from(STYLES.replace("body", "main")))).not.toBe(once);
    // Not final (a sync flush ends it), so that pieces can follow.
    expect(zlib.inflateRawSync(once, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString()).toBe(STYLES);
    // Pages around it, each decoding to itself.
    for (const text of ["About", "Services"]) {
      const bytes = Buffer.from(page(text));
      expect(zlib.gunzipSync(gzipPage(bytes, blocks)).toString()).toBe(page(text));
    }
    expect(blocks.deflate(Buffer.from(STYLES))).toBe(once);
  });

  it("keeps the stored block's own copy, not a view into a page that may be reused", () => {
    const blocks = new DeflatedBlocks();
    const bytes = Buffer.from(page("First"));
    gzipPage(bytes, blocks);
    bytes.fill(0x20); // the response's buffer reused for something else
    const next = Buffer.from(page("Second"));
    expect(zlib.gunzipSync(gzipPage(next, blocks)).equals(next)).toBe(true);
  });
});

let url: string;
let server: http.Server;

beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.use(wholePageGzip());
  app.get("/whole", (req, res) => {
    if (req.query.noTransform) res.setHeader("Cache-Control", "no-transform");
    res.status(Number(req.query.status ?? 200)).type(String(req.query.type ?? "html"));
    res.end(Buffer.from(page("Whole")));
  });
  app.get("/streamed", (req, res) => {
    res.type("html");
    res.write(page("Streamed").slice(0, 100));
    res.write(page("Streamed").slice(100));
    // Past the most that is held: what was held goes out, and the rest as it comes.
    if (req.query.large) res.write("<p>More.</p>".repeat(400_000));
    res.end();
  });
  server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The response's headers and its body as sent, undecoded. */
function getRaw(path: string, acceptEncoding: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request(url + path, { method, headers: { "Accept-Encoding": acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on("error", reject);
    request.end();
  });
}

describe("wholePageGzip", () => {
  it.each([
    ["a page ended in one piece", "/whole", page("Whole")],
    ["a page written in pieces", "/streamed", page("Streamed")],
  ])("codes %s whole in gzip for a browser that takes gzip and brotli alike", async (_name, path, expected) => {
    const response = await getRaw(path, "gzip, deflate, br, zstd");
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(zlib.gunzipSync(response.body).toString()).toBe(expected);
  });

  it.each([
    ["brotli only", "br", "br"],
    ["brotli ranked higher", "br;q=1, gzip;q=0.5", "br"],
    ["no coding", "identity", undefined],
  ])("leaves the page to the compression middleware when the request takes %s", async (_name, accept, coding) => {
    const response = await getRaw("/whole", accept);
    expect(response.headers["content-encoding"]).toBe(coding);
    const decoded = coding === "br" ? zlib.brotliDecompressSync(response.body) : response.body;
    expect(decoded.toString()).toBe(page("Whole"));
  });

  it.each([
    ["a page too large to hold", "/streamed?large=1", page("Streamed") + "<p>More.</p>".repeat(400_000)],
    ["an error page", "/whole?status=500", page("Whole")],
    ["a body that is not HTML", "/whole?type=text", page("Whole")],
  ])("leaves %s to the compression middleware", async (_name, path, expected) => {
    const response = await getRaw(path, "gzip");
    // The middleware's gzip is a stream, sent without a Content-Length.
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers["content-length"]).toBeUndefined();
    expect(zlib.gunzipSync(response.body).toString()).toBe(expected);
  });

  it("does not code a page that asks not to be transformed", async () => {
    const response = await getRaw("/whole?noTransform=1", "gzip");
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(response.body.toString()).toBe(page("Whole"));
  });

  it("sends no body to HEAD", async () => {
    const response = await getRaw("/whole", "gzip", "HEAD");
    expect(response.status).toBe(200);
    expect(response.body.length).toBe(0);
  });
});
