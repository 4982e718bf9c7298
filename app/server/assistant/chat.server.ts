/**
 * One chat turn: the limits and validation of `POST /api/chat`, the site search for the
 * question, and the reply from the built-in assistant or the model. Conversations are not stored
 * or logged; a question the site could not answer is counted, scrubbed of personal data, for the
 * CMS's Assistant tab.
 */
import type { ChatHistoryEntry } from "../../lib/chat/chat";
import { CHAT_MESSAGES } from "../../lib/chat/chat";
import { chatRequestSchema } from "../../lib/schemas/chat";
import type { Database } from "../platform/db/db.server";
import { logger } from "../platform/logger.server";
import { RateLimiter } from "../platform/rate-limit/rate-limit.server";
import { answerFromSite, isConfident } from "./built-in-assistant.server";
import { streamModelReply, systemPrompt } from "./openai-assistant.server";
import { assistantProvider } from "./provider.server";
import { citedPassages } from "./cited-passages.server";
import { getSiteSearch, type SearchHit, type SiteSearch } from "./search-index.server";
import type { Passage } from "./site-documents.server";
import { refersBack } from "./language.server";
import { streamReplyPieces } from "./reply-pieces.server";
import { recordUnansweredQuestion } from "./unanswered-questions.server";

/** Messages per address per minute: a brisk conversation is a few; a script is many more. */
export const chatLimiter = new RateLimiter("chat", 20, 60 * 1000);

/** How many passages the model is given. */
const PASSAGES_FOR_MODEL = 6;

export type ChatTurn =
  | { ok: false; status: number; error: string; retryAfterSeconds?: number }
  /** `reply` yields the answer piece by piece and throws when the model fails. */
  | { ok: true; reply: AsyncIterable<string> | Iterable<string> };

/** The visitor's last question before this one, for the model's follow-up that finds nothing by itself. */
function previousQuestion(history: readonly ChatHistoryEntry[]): string | undefined {
  return history.findLast((entry) => entry.role === "user")?.content;
}

/**
 * The passages for the model: the question's own, and, when it finds nothing sure or leans on the
 * question before it ("how much is it?"), those found with that question's words too.
 */
function passagesFor(search: SiteSearch, message: string, earlier: string | undefined): SearchHit[] {
  const own = search.search(message, { limit: PASSAGES_FOR_MODEL });
  if (!earlier || (!refersBack(message) && own.some((hit) => isConfident(hit)))) return own;
  const withContext = search.search(`${earlier} ${message}`, { limit: PASSAGES_FOR_MODEL });
  const first = refersBack(message) ? [withContext, own] : [own, withContext];
  // Alternate between the two lists so that each keeps its best passages.
  const merged = new Map<string, SearchHit>();
  for (let rank = 0; rank < PASSAGES_FOR_MODEL; rank += 1) {
    for (const list of first) {
      const hit = list[rank];
      if (hit && !merged.has(hit.passage.id)) merged.set(hit.passage.id, hit);
    }
  }
  return [...merged.values()].slice(0, PASSAGES_FOR_MODEL);
}

/**
 * What the model answers from: the passages behind every link the built-in assistant's answer to
 * the same conversation cites (the course a follow-up means, the list asked for, the contact
 * details), then the search's own best passages for the message.
 */
function passagesForModel(search: SiteSearch, builtInAnswer: string, found: readonly SearchHit[]): Passage[] {
  const ranked = found.map((hit) => hit.passage);
  const passages = new Map<string, Passage>();
  for (const passage of [...citedPassages(search.knowledge.passages, builtInAnswer, ranked), ...ranked])
    passages.set(passage.id, passage);
  return [...passages.values()];
}

export async function startChatTurn(
  getDb: () => Promise<Database>,
  body: unknown,
  context: {
    clientAddress: string;
    signal: AbortSignal;
    /** Whether the reply is streamed to the visitor: the built-in one then comes in pieces, as a model's does. */
    streamed?: boolean;
  },
): Promise<ChatTurn> {
  const limit = await chatLimiter.hit(context.clientAddress);
  if (!limit.allowed) {
    return { ok: false, status: 429, error: CHAT_MESSAGES.tooMany, retryAfterSeconds: limit.retryAfterSeconds };
  }
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) {
    return { ok: false, status: 400, error: parsed.error.issues[0]?.message ?? CHAT_MESSAGES.empty };
  }
  const { message, conversationHistory: history } = parsed.data;
  const earlier = previousQuestion(history);
  const search = await getSiteSearch(getDb);
  const provider = assistantProvider();
  const countIfUnanswered = (answered: boolean) => {
    if (!answered)
      void getDb().then(
        (db) => recordUnansweredQuestion(db, message),
        () => undefined,
      );
  };

  if (provider.kind === "built-in") {
    const answer = answerFromSite(search, message, history);
    countIfUnanswered(answer.answered);
    logger.info({ provider: "built-in", answered: answer.answered }, "the assistant answered");
    return { ok: true, reply: context.streamed ? streamReplyPieces(answer.text, context.signal) : [answer.text] };
  }

  // The built-in answer is cheap and deterministic: it says what the site has on the question.
  const builtIn = answerFromSite(search, message, history);
  countIfUnanswered(builtIn.answered);
  const passages = passagesForModel(search, builtIn.text, passagesFor(search, message, earlier));
  const reply = streamModelReply(provider, {
    system: systemPrompt(search.knowledge, passages),
    history,
    message,
    signal: context.signal,
  });
  return { ok: true, reply };
}
