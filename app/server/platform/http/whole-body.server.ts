import type { Response } from "express";

/** The most a page is held by default (html-validators, whole-page-gzip); a larger one streams. */
export const DEFAULT_MAX_HELD_BYTES = 4 * 1024 * 1024;

/**
 * The bytes of what was passed to `res.write` or `res.end` (a string in its encoding, or bytes),
 * or null for no body (a callback, nothing). A view, not a copy: what is written is not changed
 * afterwards, as with any stream.
 */
export function writtenBytes(chunk: unknown, encoding: unknown): Buffer | null {
  if (typeof chunk === "string") {
    return Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8");
  }
  if (Buffer.isBuffer(chunk)) return chunk;
  return chunk instanceof Uint8Array ? Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength) : null;
}

export interface WholeBodyOptions {
  /** Asked once, at the response's first write or its end: whether to hold its body. */
  shouldHold: () => boolean;
  /** A body that grows beyond this is let go as it comes, and `onWhole` is not called. */
  maxBytes: number;
  /**
   * Given the whole body once the response ends; sends it with `send`, which ends the response
   * (with the end's own callback), as it is or changed.
   */
  onWhole: (body: Buffer, send: (body?: Buffer) => Response) => Response;
}

/**
 * Holds a response's body until it ends, to be handled whole (its entity tag worked out, coded in
 * one piece). Pages are rendered whole before the first byte is written (entry.server.tsx), so
 * holding them delays nothing. Used by html-validators.server.ts and whole-page-gzip.server.ts,
 * each wrapping the response's write and end in turn.
 */
export function holdWholeBody(res: Response, options: WholeBodyOptions): void {
  const write = res.write;
  const end = res.end;
  let mode: "undecided" | "hold" | "pass" = "undecided";
  let held: Buffer[] = [];
  let size = 0;

  const decide = () => {
    if (mode === "undecided") mode = options.shouldHold() ? "hold" : "pass";
  };
  const hold = (chunk: unknown, encoding: unknown) => {
    const buffer = writtenBytes(chunk, encoding);
    if (!buffer) return;
    held.push(buffer);
    size += buffer.length;
  };
  /** Too large to hold: what was held goes out, and the rest as it comes. */
  const release = (self: Response) => {
    mode = "pass";
    const body = Buffer.concat(held);
    held = [];
    return body.length > 0 ? (Reflect.apply(write, self, [body]) as boolean) : true;
  };

  res.write = function (this: Response, ...args: unknown[]) {
    decide();
    if (mode === "pass") return Reflect.apply(write, this, args) as boolean;
    hold(args[0], args[1]);
    if (size > options.maxBytes) return release(this);
    return true;
  } as typeof res.write;

  res.end = function (this: Response, ...args: unknown[]) {
    decide();
    if (mode === "pass") return Reflect.apply(end, this, args) as Response;
    hold(args[0], args[1]);
    const body = held.length === 1 ? held[0]! : Buffer.concat(held);
    held = [];
    const callbacks = args.filter((arg) => typeof arg === "function");
    return options.onWhole(body, (sent) =>
      sent && sent.length > 0
        ? (Reflect.apply(end, this, [sent, ...callbacks]) as Response)
        : (Reflect.apply(end, this, callbacks) as Response),
    );
  } as typeof res.end;
}
