/**
 * The built-in assistant's reply sent the way a model's is: in pieces of a few words, a
 * moment apart, so the chat panel shows it growing and behaves the same whoever answers (its
 * "typing" state, its Stop button, the screen-reader announcement at the end). A Markdown link is
 * never split, so the panel never shows half of one as text.
 */
import { setTimeout as delay } from "node:timers/promises";

/** Words per piece: about what a model sends in one event or two. */
const WORDS_PER_PIECE = 3;

/** The pause between pieces: a short reply is whole within a fraction of a second. */
export const PIECE_INTERVAL_MS = 15;

/** A link with what follows it up to the next space, a word, or a run of white space. */
const TOKEN = /\[[^\]\n]*\]\([^)\s]*\)\S*|\S+|\s+/g;

/** The reply cut into pieces that, joined, are exactly the reply. */
export function replyPieces(text: string): string[] {
  const pieces: string[] = [];
  let piece = "";
  let words = 0;
  for (const [token] of text.matchAll(TOKEN)) {
    const isSpace = /^\s/.test(token);
    // A piece ends after its last word's space, so the next one starts with a word.
    if (!isSpace && words === WORDS_PER_PIECE) {
      pieces.push(piece);
      piece = "";
      words = 0;
    }
    piece += token;
    if (!isSpace) words += 1;
  }
  if (piece) pieces.push(piece);
  return pieces;
}

export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

const waitOnTimer: Wait = (ms, signal) => delay(ms, undefined, { signal }).catch(() => undefined);

/**
 * The pieces of `text`, the first at once and each next one `PIECE_INTERVAL_MS` later. Stops when
 * `signal` aborts (the visitor closed the panel or left). `wait` is the clock, injected by tests.
 */
export async function* streamReplyPieces(
  text: string,
  signal: AbortSignal,
  wait: Wait = waitOnTimer,
): AsyncGenerator<string> {
  const pieces = replyPieces(text);
  for (const [index, piece] of pieces.entries()) {
    if (index > 0) await wait(PIECE_INTERVAL_MS, signal);
    if (signal.aborted) return;
    yield piece;
  }
}
