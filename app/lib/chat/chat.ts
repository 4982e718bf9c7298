import { formatNumber } from "../text/numbers";
/**
 * The site assistant's contract between the chat widget and `POST /api/chat` (SPEC.md sections 3,
 * 7, 8 and 9): the limits, the messages, and the stream's events. Kept free of dependencies: the
 * floating button loads with every page, and the panel and the server share these texts.
 */

/** SPEC.md section 3: a conversation history entry as sent to the server. */
export interface ChatHistoryEntry {
  role: "user" | "assistant";
  content: string;
}

/** SPEC.md section 3: a message of the conversation shown in the panel. */
export interface ChatMessage extends ChatHistoryEntry {
  id: string;
  /** When it was added, in milliseconds since the epoch. */
  timestamp: number;
}

export const CHAT_LIMITS = {
  /** SPEC.md section 9: the history sent with each message is its last 20 entries. */
  historyEntries: 20,
  /** A visitor's question; long enough for any real question, short enough to keep prompts small. */
  messageLength: 1000,
  /** One history entry (an earlier reply may be longer than a question). */
  historyEntryLength: 4000,
} as const;

export const CHAT_MESSAGES = {
  /** SPEC.md section 8: the destructive toast's title and text when the chat fails. */
  failureTitle: "Error",
  failure: "Sorry, I'm having trouble connecting right now. Please try again later.",
  empty: "Please type a message.",
  tooLong: `Please keep your message to ${formatNumber(CHAT_LIMITS.messageLength)} characters or fewer.`,
  invalidHistory: "The conversation could not be read. Please start a new conversation.",
  tooMany: "You are sending messages faster than the assistant can answer. Please wait a minute and try again.",
} as const;

/** The storage key (sessionStorage) that keeps the conversation while the visitor moves between pages. */
export const CHAT_STORAGE_KEY = "chatConversation";

/**
 * The storage key (sessionStorage) that "Talk to a person" leaves the contact form's draft under.
 * Defined with the contact form, which reads it without loading this module.
 */
export { CONTACT_DRAFT_STORAGE_KEY } from "../contact/contact-form";

/** The assistant's first message in every new conversation (SPEC.md "AI chat widget"). */
export function chatGreeting(companyName: string): string {
  return `Hello! I'm the ${companyName} site assistant. Ask me about our services, training courses, job openings or how to reach the team.`;
}

/**
 * SPEC.md section 8: the assistant's own reply when the chat fails, apologising for the technical
 * difficulties and pointing to the team's e-mail and the contact page.
 */
export function fallbackReply(email: string): string {
  // A mailto link, so a visitor whose chat just failed can write to the team with one click.
  const byMail = email ? `e-mail the team at [${email}](mailto:${email}) or ` : "";
  return `I'm sorry, I'm having technical difficulties at the moment. Please ${byMail}use our [contact page](/contact), and a member of the team will get back to you.`;
}

/**
 * The events of a streamed reply (`Accept: text/event-stream`), each sent as a server-sent event
 * whose name is the type and whose data is the JSON of the rest:
 * - `delta`: `{ text }`, the next piece of the reply;
 * - `done`: `{ success: true, response }`, the whole reply, which replaces the pieces;
 * - `error`: `{ success: false, error }`, the reply failed part-way.
 * A request without that Accept header gets one JSON body of the spec's shape instead.
 */
export type ChatStreamEvent =
  | { type: "delta"; text: string }
  | { type: "done"; success: true; response: string }
  | { type: "error"; success: false; error: string };

/** SPEC.md section 7: the non-streaming answer of `POST /api/chat`. */
export interface ChatResponse {
  success: boolean;
  response?: string;
  error?: string;
}
