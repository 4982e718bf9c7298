/**
 * The chat panel's pure logic: new messages, the history sent with a question (SPEC.md section 9),
 * the conversation kept in sessionStorage, the contact form's draft made from a conversation, and
 * the reader of a streamed reply's server-sent events (app/lib/chat/chat.ts describes them).
 */
import { CHAT_LIMITS, type ChatHistoryEntry, type ChatMessage, type ChatStreamEvent } from "./chat";
import { CONTACT_LIMITS, type ContactDraft } from "../contact/contact-form";
import { parseJson } from "../text/json";

/** How many messages a stored conversation keeps (far more than the history sent with a question). */
export const STORED_MESSAGES_LIMIT = 100;

let messageCounter = 0;

/** A message with an id unique in this tab (crypto.randomUUID needs a secure context). */
export function createChatMessage(role: ChatMessage["role"], content: string, now = Date.now()): ChatMessage {
  messageCounter += 1;
  return {
    id: `${now.toString(36)}-${messageCounter}-${Math.random().toString(36).slice(2, 8)}`,
    role,
    content,
    timestamp: now,
  };
}

/**
 * The history sent with a new question: the last 20 entries of the conversation before it (the
 * greeting included), each cut to the length the server accepts.
 */
export function chatHistory(messages: readonly ChatMessage[]): ChatHistoryEntry[] {
  return messages.slice(-CHAT_LIMITS.historyEntries).map(({ role, content }) => ({
    role,
    content: content.slice(0, CHAT_LIMITS.historyEntryLength),
  }));
}

function isChatMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const { id, role, content, timestamp } = value as Record<string, unknown>;
  return (
    typeof id === "string" &&
    (role === "user" || role === "assistant") &&
    typeof content === "string" &&
    typeof timestamp === "number" &&
    Number.isFinite(timestamp)
  );
}

/** A conversation from sessionStorage, or null when there is none or it cannot be trusted. */
export function parseStoredConversation(raw: string | null): ChatMessage[] | null {
  const value = parseJson(raw);
  if (!Array.isArray(value) || value.length === 0 || !value.every(isChatMessage)) return null;
  return value
    .slice(-STORED_MESSAGES_LIMIT)
    .map(({ id, role, content, timestamp }: ChatMessage) => ({ id, role, content, timestamp }));
}

export const CONTACT_DRAFT_SUBJECT = "Question from the site assistant";
const DRAFT_INTRO = "I was chatting with the site assistant and would like to talk to a person.";
const DRAFT_QUESTIONS = "My questions:";
const DRAFT_EARLIER = "- (earlier questions left out)";

/**
 * "Talk to a person": the contact form's subject and a message listing the visitor's questions,
 * the latest kept when they would not all fit in the form's message.
 */
export function contactDraftFromConversation(
  messages: readonly ChatMessage[],
  limit: number = CONTACT_LIMITS.message,
): ContactDraft {
  const questions = messages
    .filter((message) => message.role === "user")
    .map((message) => message.content.trim().replace(/\s+/g, " "))
    .filter(Boolean);
  const compose = (kept: string[], leftOut: boolean) =>
    kept.length === 0 && !leftOut
      ? DRAFT_INTRO
      : [DRAFT_INTRO, "", DRAFT_QUESTIONS, ...(leftOut ? [DRAFT_EARLIER] : []), ...kept.map((q) => `- ${q}`)].join(
          "\n",
        );
  let kept = questions;
  let message = compose(kept, false);
  while (message.length > limit && kept.length > 1) {
    kept = kept.slice(1);
    message = compose(kept, true);
  }
  if (message.length > limit) message = `${message.slice(0, limit - 1)}…`;
  return { subject: CONTACT_DRAFT_SUBJECT, message };
}

/** A stream that broke the contract (bad JSON, a missing field): the chat's failure path. */
export class ChatStreamError extends Error {}

/**
 * Reads server-sent events as they arrive in pieces: `push` each decoded piece of text and get the
 * events it completed. Unknown event names (a keep-alive, say) are skipped; a known event whose
 * data is not what the contract says throws ChatStreamError.
 */
export function createChatStreamReader(): { push: (text: string) => ChatStreamEvent[] } {
  let buffer = "";
  return {
    push(text) {
      buffer += text;
      const events: ChatStreamEvent[] = [];
      for (;;) {
        const match = /\r\n\r\n|\n\n|\r\r/.exec(buffer);
        if (!match) break;
        const block = buffer.slice(0, match.index);
        buffer = buffer.slice(match.index + match[0].length);
        const event = readEvent(block);
        if (event) events.push(event);
      }
      return events;
    },
  };
}

function readEvent(block: string): ChatStreamEvent | null {
  let name = "message";
  const data: string[] = [];
  for (const line of block.split(/\r\n|\n|\r/)) {
    if (line === "" || line.startsWith(":")) continue;
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") name = value;
    else if (field === "data") data.push(value);
  }
  if (name !== "delta" && name !== "done" && name !== "error") return null;
  let payload: unknown;
  try {
    payload = JSON.parse(data.join("\n"));
  } catch {
    throw new ChatStreamError(`The ${name} event's data is not JSON`);
  }
  const fields = (typeof payload === "object" && payload !== null ? payload : {}) as Record<string, unknown>;
  if (name === "delta" && typeof fields.text === "string") return { type: "delta", text: fields.text };
  if (name === "done" && fields.success === true && typeof fields.response === "string") {
    return { type: "done", success: true, response: fields.response };
  }
  if (name === "error")
    return { type: "error", success: false, error: typeof fields.error === "string" ? fields.error : "" };
  throw new ChatStreamError(`The ${name} event does not have the agreed fields`);
}
