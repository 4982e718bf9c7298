import { Suspense } from "react";
import type { EntryContext } from "react-router";
import { describe, expect, it } from "vitest";
import { renderInOnePass } from "./render-in-one-pass.server";

/** The part of React Router's entry context the one-pass render reads: the loader data's stream. */
function contextWith(pieces: string[]): EntryContext {
  const encoder = new TextEncoder();
  const serverHandoffStream = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece));
      controller.close();
    },
  });
  return { serverHandoffStream, renderMeta: {} } as unknown as EntryContext;
}

function Page({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en-GB">
      <body>{children}</body>
    </html>
  );
}

async function textOf(stream: ReadableStream<Uint8Array> | undefined): Promise<string> {
  return new Response(stream).text();
}

function NeverReady(): never {
  throw new Promise(() => undefined);
}

describe("renderInOnePass", () => {
  it("renders the whole document, doctype first", async () => {
    const html = await renderInOnePass(
      <Page>
        <p>Hello</p>
      </Page>,
      contextWith([]),
    );
    expect(html).toBe('<!DOCTYPE html><html lang="en-GB"><head></head><body><p>Hello</p></body></html>');
  });

  it("reads the loader data ahead, every piece resolved and in order, so nothing waits for it", async () => {
    const context = contextWith(["[1,", '"é"]']);
    await renderInOnePass(<Page>{null}</Page>, context);
    const pieces = context.renderMeta?.streamCache ?? {};
    expect(Object.values(pieces).map((piece) => piece.result)).toEqual([
      { done: false, value: "[1," },
      { done: false, value: '"é"]' },
      { done: true, value: "" },
    ]);
    // React Router takes its own reader of the data as it renders: the same bytes again.
    expect(await textOf(context.serverHandoffStream)).toBe('[1,"é"]');
  });

  it("leaves a page that waits for something to the streaming renderer", async () => {
    const context = contextWith(["[2]"]);
    const html = await renderInOnePass(
      <Page>
        <Suspense fallback={<p>Loading</p>}>
          <NeverReady />
        </Suspense>
      </Page>,
      context,
    );
    expect(html).toBeNull();
    // The streaming renderer starts afresh: the whole stream to read, nothing remembered as read.
    expect(context.renderMeta?.streamCache).toBeUndefined();
    expect(await textOf(context.serverHandoffStream)).toBe("[2]");
  });
});
