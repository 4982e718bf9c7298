/**
 * The site assistant's conversation in this tab: one store for the whole visit, above every route
 * (it lives as long as the page, so moving between pages keeps it, and a reply being written goes
 * on while the panel is closed), kept in sessionStorage so that a reload keeps it too. Loaded with
 * the chat panel, never with a page.
 */
import { useSyncExternalStore } from "react";
import { showToast } from "~/components/ui/toaster";
import { CHAT_MESSAGES, CHAT_STORAGE_KEY, chatGreeting, fallbackReply, type ChatMessage } from "~/lib/chat/chat";
import {
  chatHistory,
  ChatStreamError,
  createChatMessage,
  createChatStreamReader,
  parseStoredConversation,
} from "~/lib/chat/chat-conversation";

export interface ChatState {
  messages: ChatMessage[];
  /** "thinking" until the reply's first piece arrives, "streaming" while the rest does. */
  status: "idle" | "thinking" | "streaming";
  /** The reply so far, while it streams. */
  partialReply: string;
  /** Counts the replies completed in this tab, so the panel announces each new one once. */
  completedReplies: number;
}

/** A reply that sends nothing for this long has failed (the server gives up on the model sooner). */
const IDLE_TIMEOUT_MS = 60_000;

let state: ChatState | null = null;
const listeners = new Set<() => void>();

function setState(next: Partial<ChatState>, { persist = false } = {}) {
  state = { ...current(), ...next };
  if (persist) saveConversation(state.messages);
  for (const listener of listeners) listener();
}

function current(): ChatState {
  if (!state) throw new Error("The chat conversation is used before it was started");
  return state;
}

function saveConversation(messages: ChatMessage[]) {
  try {
    sessionStorage.setItem(CHAT_STORAGE_KEY, JSON.stringify(messages));
  } catch {
    // Storage can be full or blocked; the conversation still lasts while the page does.
  }
}

function storedConversation(): ChatMessage[] | null {
  try {
    return parseStoredConversation(sessionStorage.getItem(CHAT_STORAGE_KEY));
  } catch {
    return null;
  }
}

/** Starts the conversation once per page: the stored one, or a new one with the greeting. */
export function startConversation(companyName: string): void {
  state ??= {
    messages: storedConversation() ?? [createChatMessage("assistant", chatGreeting(companyName))],
    status: "idle",
    partialReply: "",
    completedReplies: 0,
  };
}

/** Forgets the conversation and starts again with the greeting. */
export function newConversation(companyName: string): void {
  if (current().status !== "idle") return;
  setState(
    { messages: [createChatMessage("assistant", chatGreeting(companyName))], partialReply: "" },
    { persist: true },
  );
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useChatState(): ChatState {
  return useSyncExternalStore(subscribe, current, current);
}

function addReply(content: string) {
  const { messages, completedReplies } = current();
  setState(
    {
      messages: [...messages, createChatMessage("assistant", content)],
      status: "idle",
      partialReply: "",
      completedReplies: completedReplies + 1,
    },
    { persist: true },
  );
}

/** SPEC.md section 8: the destructive toast, and the assistant's own apology as its reply. */
function fail(email: string, cause: unknown) {
  console.warn("The site assistant could not answer", cause);
  showToast("error", CHAT_MESSAGES.failureTitle, { description: CHAT_MESSAGES.failure });
  addReply(fallbackReply(email));
}

/** What went wrong before a stream started, from the server's JSON body when it sent one. */
async function errorText(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: unknown };
    return typeof body.error === "string" && body.error.trim() ? body.error : null;
  } catch {
    return null;
  }
}

export type SendOutcome =
  /** Sent and answered (or answered with an apology). */
  | { sent: true }
  /** Refused as it stands (the server's 400): the question is taken back so it can be changed. */
  | { sent: false; question: string };

/**
 * Sends a question with the history before it, and adds the reply as it streams in. An empty or
 * whitespace-only message, or one sent while a reply is awaited, is not sent.
 */
export async function sendQuestion(text: string, email: string): Promise<SendOutcome> {
  const question = text.trim();
  const before = current();
  if (!question || before.status !== "idle") return { sent: true };
  const history = chatHistory(before.messages);
  const asked = createChatMessage("user", question);
  setState({ messages: [...before.messages, asked], status: "thinking", partialReply: "" }, { persist: true });

  const controller = new AbortController();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  const keepAlive = () => {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => controller.abort(new Error("The reply stopped arriving")), IDLE_TIMEOUT_MS);
  };
  keepAlive();
  try {
    const response = await fetch("/api/chat", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify({ message: question, conversationHistory: history }),
      signal: controller.signal,
    });
    if (response.status === 400 || response.status === 429) {
      const error = await errorText(response);
      if (error) {
        showToast("error", error);
        if (response.status === 429) {
          addReply(error);
          return { sent: true };
        }
        // The question was refused as it stands: it leaves the conversation and returns to the input.
        setState(
          { messages: current().messages.filter((message) => message !== asked), status: "idle" },
          { persist: true },
        );
        return { sent: false, question: text };
      }
    }
    if (!response.ok) throw new Error(`The server answered ${response.status}`);
    if (!response.body || !response.headers.get("Content-Type")?.startsWith("text/event-stream")) {
      throw new Error(`The answer is not a stream (${response.headers.get("Content-Type") ?? "no type"})`);
    }
    const reply = await readReply(response.body, keepAlive);
    addReply(reply);
  } catch (error) {
    fail(email, error);
  } finally {
    clearTimeout(idleTimer);
  }
  return { sent: true };
}

/** Reads the stream, showing each piece as it arrives; resolves with the whole reply. */
async function readReply(body: ReadableStream<Uint8Array>, keepAlive: () => void): Promise<string> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const events = createChatStreamReader();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new ChatStreamError("The stream ended before the reply was complete");
      keepAlive();
      for (const event of events.push(decoder.decode(value, { stream: true }))) {
        if (event.type === "delta") {
          setState({ status: "streaming", partialReply: current().partialReply + event.text });
        } else if (event.type === "done") {
          const reply = event.response.trim() ? event.response : current().partialReply;
          if (!reply.trim()) throw new ChatStreamError("The reply is empty");
          return reply;
        } else {
          throw new ChatStreamError(`The reply failed part-way: ${event.error}`);
        }
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
}
