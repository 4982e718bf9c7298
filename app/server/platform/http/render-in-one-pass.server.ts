import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { EntryContext } from "react-router";

/**
 * A page rendered in one synchronous pass into one string, or null when it cannot be.
 *
 * React's streaming renderer writes a page as thousands of small pieces, each encoded into 4 KB
 * byte buffers and passed through a stream; for a page that is sent whole anyway (entry.server.tsx
 * says why) that is about a fifth of its CPU. Its string renderer builds the same HTML by joining
 * strings, but cannot wait for anything: whatever suspends is left to the browser to render.
 *
 * Two things can suspend here. The components of `hydrateLater` are loaded before any page is
 * rendered (entry.server.tsx). React Router's loader data, which it writes into the page as it
 * reads it from a stream, is read here first, whole: every piece is already resolved when its
 * component asks for it (the `streamCache` of the entry context's `renderMeta`, where React
 * Router keeps the pieces it has read; docs/decisions/030). Anything else that suspends (a `lazy`
 * component, or a React Router that reads its data another way) leaves a boundary for the browser
 * to render, which React marks with `<!--$!-->`: such a page is rendered again by the streaming
 * renderer, which waits, from a fresh copy of the data's stream, so no page ever changes because
 * of this path.
 */
export async function renderInOnePass(page: ReactElement, context: EntryContext): Promise<string | null> {
  const pieces = await readLoaderData(context);
  if (pieces) rememberAsRead(context, pieces);
  const html = renderToString(page);
  if (!html.includes(CLIENT_RENDERED_BOUNDARY)) {
    // The streaming renderer writes the doctype itself when the page starts with <html>.
    return `<!DOCTYPE html>${html}`;
  }
  if (pieces) {
    context.serverHandoffStream = replay(pieces);
    if (context.renderMeta) context.renderMeta.streamCache = undefined;
  }
  return null;
}

/** React's mark on a Suspense boundary it could not finish on the server. */
const CLIENT_RENDERED_BOUNDARY = "<!--$!-->";

/** The loader data's stream read to its end (React Router has only begun encoding it). */
async function readLoaderData(context: EntryContext): Promise<Uint8Array[] | null> {
  const stream = context.serverHandoffStream;
  if (!stream || !context.renderMeta) return null;
  const pieces: Uint8Array[] = [];
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return pieces;
    pieces.push(value);
  }
}

/** The pieces as React Router's StreamTransfer keeps those it has read, and a stream of them again. */
function rememberAsRead(context: EntryContext, pieces: Uint8Array[]): void {
  if (!context.renderMeta) return;
  const decoder = new TextDecoder();
  const cache: Record<number, Promise<void> & { result: { done: boolean; value: string } }> = {};
  const resolved = (done: boolean, value: string) => Object.assign(Promise.resolve(), { result: { done, value } });
  pieces.forEach((piece, index) => (cache[index] = resolved(false, decoder.decode(piece, { stream: true }))));
  cache[pieces.length] = resolved(true, decoder.decode());
  context.renderMeta.streamCache = cache;
  context.serverHandoffStream = replay(pieces);
}

function replay(pieces: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      for (const piece of pieces) controller.enqueue(piece);
      controller.close();
    },
  });
}
