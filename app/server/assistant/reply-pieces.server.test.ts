import { describe, expect, it } from "vitest";
import { PIECE_INTERVAL_MS, replyPieces, streamReplyPieces, type Wait } from "./reply-pieces.server";

const reply =
  "Our **AWS Cloud Practitioner** course costs £1,295. It takes 3 days.\n\n- [Training](/training#course-aws): book it\n- See [our contact page](/contact).";

async function collect(pieces: AsyncIterable<string>): Promise<string[]> {
  const all: string[] = [];
  for await (const piece of pieces) all.push(piece);
  return all;
}

describe("replyPieces", () => {
  it("cuts a reply into pieces of a few words that join back into exactly the reply", () => {
    const pieces = replyPieces(reply);
    expect(pieces.length).toBeGreaterThan(5);
    expect(pieces.join("")).toBe(reply);
    const words = (piece: string) =>
      piece
        .replace(/\[[^\]]*\]\([^)]*\)/g, "link")
        .trim()
        .split(/\s+/).length;
    for (const piece of pieces) expect(words(piece)).toBeLessThanOrEqual(3);
  });

  it("never splits a Markdown link, even one whose text has spaces", () => {
    const pieces = replyPieces(reply);
    expect(pieces.some((piece) => piece.includes("[our contact page](/contact)."))).toBe(true);
    expect(pieces.some((piece) => piece.includes("[Training](/training#course-aws):"))).toBe(true);
    for (const piece of pieces) expect(piece.split("[").length).toBe(piece.split("](").length);
  });

  it("starts each piece after the first with a word, and keeps a reply of one word whole", () => {
    expect(
      replyPieces(reply)
        .slice(1)
        .every((piece) => /^\S/.test(piece)),
    ).toBe(true);
    expect(replyPieces("Hello!")).toEqual(["Hello!"]);
    expect(replyPieces("")).toEqual([]);
  });
});

describe("streamReplyPieces", () => {
  it("sends the first piece at once and waits the interval before each next one", async () => {
    const events: string[] = [];
    const wait: Wait = async (ms) => {
      events.push(`wait ${ms}`);
    };
    for await (const piece of streamReplyPieces(
      "one two three four five six seven",
      new AbortController().signal,
      wait,
    ))
      events.push(piece);
    expect(events).toEqual([
      "one two three ",
      `wait ${PIECE_INTERVAL_MS}`,
      "four five six ",
      `wait ${PIECE_INTERVAL_MS}`,
      "seven",
    ]);
  });

  it("stops when the visitor goes away between pieces", async () => {
    const controller = new AbortController();
    const wait: Wait = async () => controller.abort();
    expect(await collect(streamReplyPieces("one two three four five six seven", controller.signal, wait))).toEqual([
      "one two three ",
    ]);
  });

  it("waits on the real clock by default, and an abort ends the wait at once", async () => {
    const controller = new AbortController();
    const pieces = streamReplyPieces("one two three four", controller.signal);
    expect((await pieces.next()).value).toBe("one two three ");
    const next = pieces.next();
    controller.abort();
    expect(await next).toEqual({ done: true, value: undefined });
  });
});
