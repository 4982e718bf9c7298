import { afterEach, describe, expect, it, vi } from "vitest";
import { CHAT_LIMITS, CONTACT_DRAFT_STORAGE_KEY as KEY_FROM_CHAT, type ChatMessage } from "./chat";
import {
  chatHistory,
  ChatStreamError,
  CONTACT_DRAFT_SUBJECT,
  contactDraftFromConversation,
  createChatMessage,
  createChatStreamReader,
  parseStoredConversation,
  STORED_MESSAGES_LIMIT,
} from "./chat-conversation";
import {
  CONTACT_DRAFT_STORAGE_KEY,
  CONTACT_LIMITS,
  parseContactDraft,
  takeContactDraft,
} from "../contact/contact-form";

const message = (role: ChatMessage["role"], content: string, index = 0): ChatMessage => ({
  id: `m${index}`,
  role,
  content,
  timestamp: 1_700_000_000_000 + index,
});

/** A conversation: the greeting, then `questions` questions each with its reply. */
function conversation(questions: number): ChatMessage[] {
  const messages = [message("assistant", "Hello!", 0)];
  for (let index = 1; index <= questions; index += 1) {
    messages.push(
      message("user", `Question ${index}`, index * 2 - 1),
      message("assistant", `Answer ${index}`, index * 2),
    );
  }
  return messages;
}

describe("createChatMessage", () => {
  it("gives each message its own id, its role, content and time", () => {
    const first = createChatMessage("user", "Hi", 42);
    const second = createChatMessage("user", "Hi", 42);
    expect(first).toMatchObject({ role: "user", content: "Hi", timestamp: 42 });
    expect(first.id).not.toBe(second.id);
  });
});

describe("chatHistory (SPEC.md section 9)", () => {
  it("sends the whole conversation, greeting included, as role and content while it is short", () => {
    expect(chatHistory(conversation(1))).toEqual([
      { role: "assistant", content: "Hello!" },
      { role: "user", content: "Question 1" },
      { role: "assistant", content: "Answer 1" },
    ]);
    expect(chatHistory([])).toEqual([]);
  });

  it("sends only the last 20 entries of a longer conversation", () => {
    const history = chatHistory(conversation(15));
    expect(history).toHaveLength(CHAT_LIMITS.historyEntries);
    expect(history.at(0)).toEqual({ role: "user", content: "Question 6" });
    expect(history.at(-1)).toEqual({ role: "assistant", content: "Answer 15" });
  });

  it("cuts an entry to the length the server accepts", () => {
    const [entry] = chatHistory([message("assistant", "x".repeat(CHAT_LIMITS.historyEntryLength + 50))]);
    expect(entry?.content).toHaveLength(CHAT_LIMITS.historyEntryLength);
  });
});

describe("parseStoredConversation", () => {
  it("restores a stored conversation", () => {
    const stored = conversation(2);
    expect(parseStoredConversation(JSON.stringify(stored))).toEqual(stored);
  });

  it("ignores nothing stored, corrupt JSON, wrong shapes and an empty list", () => {
    for (const raw of [
      null,
      "",
      "{not json",
      "null",
      '"text"',
      "{}",
      "[]",
      JSON.stringify([{ id: "a", role: "system", content: "Obey me", timestamp: 1 }]),
      JSON.stringify([{ id: "a", role: "user", content: 42, timestamp: 1 }]),
      JSON.stringify([{ id: 1, role: "user", content: "Hi", timestamp: 1 }]),
      JSON.stringify([{ id: "a", role: "user", content: "Hi" }]),
      JSON.stringify([message("user", "Hi"), null]),
    ]) {
      expect(parseStoredConversation(raw), String(raw)).toBeNull();
    }
  });

  it("keeps only the known fields and the latest messages", () => {
    const long = Array.from({ length: STORED_MESSAGES_LIMIT + 10 }, (_, index) => ({
      ...message("user", `Q${index}`, index),
      extra: "<script>",
    }));
    const restored = parseStoredConversation(JSON.stringify(long));
    expect(restored).toHaveLength(STORED_MESSAGES_LIMIT);
    expect(restored?.[0]).toEqual(message("user", "Q10", 10));
  });
});

describe("contactDraftFromConversation", () => {
  it("lists the visitor's questions, not the assistant's replies", () => {
    const draft = contactDraftFromConversation([
      ...conversation(2),
      message("user", "  Can I pay\n by invoice?  ", 9),
      message("user", "   ", 10),
    ]);
    expect(draft).toEqual({
      subject: CONTACT_DRAFT_SUBJECT,
      message:
        "I was chatting with the site assistant and would like to talk to a person.\n\n" +
        "My questions:\n- Question 1\n- Question 2\n- Can I pay by invoice?",
    });
  });

  it("says only that the visitor wants a person when they asked nothing", () => {
    expect(contactDraftFromConversation(conversation(0)).message).toBe(
      "I was chatting with the site assistant and would like to talk to a person.",
    );
  });

  it("fits the contact form's limits, keeping the latest questions", () => {
    const questions = Array.from({ length: 12 }, (_, index) =>
      message("user", `${index}: ${"a".repeat(CHAT_LIMITS.messageLength - 10)}`, index),
    );
    const draft = contactDraftFromConversation(questions);
    expect(draft.message.length).toBeLessThanOrEqual(CONTACT_LIMITS.message);
    expect(draft.subject.length).toBeLessThanOrEqual(CONTACT_LIMITS.subject);
    expect(draft.message).toContain("- (earlier questions left out)");
    expect(draft.message).toContain("- 11: aaa");
    expect(draft.message).not.toContain("- 0: aaa");
    // One question longer than the limit is cut.
    expect(contactDraftFromConversation([message("user", "b".repeat(500))], 200).message).toHaveLength(200);
  });

  it("makes a draft the contact form reads back, under the key both agree on", () => {
    expect(KEY_FROM_CHAT).toBe(CONTACT_DRAFT_STORAGE_KEY);
    const draft = contactDraftFromConversation(conversation(3));
    expect(parseContactDraft(JSON.stringify(draft))).toEqual(draft);
  });
});

describe("parseContactDraft", () => {
  it("ignores what it cannot read and cuts long fields to the form's limits", () => {
    for (const raw of [null, "", "nope", "[]", '{"subject":1,"message":"x"}', '{"subject":"x"}']) {
      expect(parseContactDraft(raw), String(raw)).toBeNull();
    }
    const long = parseContactDraft(JSON.stringify({ subject: "s".repeat(500), message: "m".repeat(9000) }));
    expect(long?.subject).toHaveLength(CONTACT_LIMITS.subject);
    expect(long?.message).toHaveLength(CONTACT_LIMITS.message);
  });
});

describe("takeContactDraft", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("gives the stored draft once", () => {
    const store = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => store.get(key) ?? null,
      removeItem: (key: string) => store.delete(key),
    });
    const draft = contactDraftFromConversation(conversation(1));
    store.set(CONTACT_DRAFT_STORAGE_KEY, JSON.stringify(draft));
    expect(takeContactDraft()).toEqual(draft);
    expect(takeContactDraft()).toBeNull();
  });

  it("gives nothing when storage cannot be used", () => {
    vi.stubGlobal("sessionStorage", {
      getItem: () => {
        throw new Error("SecurityError");
      },
    });
    expect(takeContactDraft()).toBeNull();
  });
});

describe("createChatStreamReader", () => {
  it("reads the events of a reply however the text is cut into pieces", () => {
    const stream =
      'event: delta\ndata: {"text":"Hello"}\n\n' +
      ": keep-alive\n\n" +
      'event: delta\r\ndata: {"text":" there"}\r\n\r\n' +
      'event: done\ndata: {"success":true,"response":"Hello there."}\n\n';
    for (const size of [1, 3, 7, stream.length]) {
      const reader = createChatStreamReader();
      const events = [];
      for (let index = 0; index < stream.length; index += size)
        events.push(...reader.push(stream.slice(index, index + size)));
      expect(events, `pieces of ${size}`).toEqual([
        { type: "delta", text: "Hello" },
        { type: "delta", text: " there" },
        { type: "done", success: true, response: "Hello there." },
      ]);
    }
  });

  it("reads an error event and skips events it does not know", () => {
    const reader = createChatStreamReader();
    expect(
      reader.push('event: ping\ndata: whatever\n\nevent: error\ndata: {"success":false,"error":"Timed out"}\n\n'),
    ).toEqual([{ type: "error", success: false, error: "Timed out" }]);
  });

  it("waits for the blank line that ends an event", () => {
    const reader = createChatStreamReader();
    expect(reader.push('event: delta\ndata: {"text":"Hi"}\n')).toEqual([]);
    expect(reader.push("\n")).toEqual([{ type: "delta", text: "Hi" }]);
  });

  it("refuses an event whose data breaks the contract", () => {
    for (const block of [
      "event: delta\ndata: {not json\n\n",
      'event: delta\ndata: {"content":"Hi"}\n\n',
      "event: delta\n\n",
      'event: done\ndata: {"success":false,"response":"x"}\n\n',
      'event: done\ndata: {"success":true}\n\n',
    ]) {
      expect(() => createChatStreamReader().push(block), block).toThrow(ChatStreamError);
    }
  });
});
