import { type RefObject, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { Button } from "~/components/ui/button";
import { CHAT_LIMITS } from "~/lib/chat/chat";
import { contactDraftFromConversation } from "~/lib/chat/chat-conversation";
import { chatMarkupText } from "~/lib/chat/chat-markup";
import { CONTACT_DRAFT_STORAGE_KEY } from "~/lib/contact/contact-form";
import { cx } from "~/lib/class-names";
import { ChatReply } from "./chat-reply";
import { type ChatState, newConversation, sendQuestion, startConversation, useChatState } from "./chat-store";

export interface ChatPanelProps {
  id: string;
  companyName: string;
  email: string;
  /** Who answers: "Powered by OpenAI", the model's name, or "Site assistant" for the built-in one. */
  assistantLabel: string;
  /** Closes the panel and returns focus to the button that opened it. */
  onClose: () => void;
}

const TITLE = "Site assistant";
const iconProps = {
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "size-4",
} as const;

/**
 * The site assistant's panel (SPEC.md "AI chat widget", sections 4, 5 and 8): a non-modal dialog
 * above its button with the conversation, which opens with the greeting, an input that Enter
 * sends, the thinking indicator, and "Talk to a person". Loaded only when a visitor opens it.
 */
export default function ChatPanel({ id, companyName, email, assistantLabel, onClose }: ChatPanelProps) {
  startConversation(companyName);
  const chat = useChatState();
  const [draft, setDraft] = useState("");
  const input = useRef<HTMLTextAreaElement>(null);
  const sendButton = useRef<HTMLButtonElement>(null);
  const dialog = useRef<HTMLElement>(null);
  const navigate = useNavigate();
  const busy = chat.status !== "idle";
  const canSend = !busy && draft.trim() !== "";
  const showLabel = assistantLabel.trim() !== "" && assistantLabel !== TITLE;

  usePanelFocus(busy, { dialog, input, sendButton });

  const send = () => {
    if (!canSend) return;
    const question = draft;
    setDraft("");
    void sendQuestion(question, email).then((outcome) => {
      if (!outcome.sent) setDraft(outcome.question);
    });
  };

  const talkToPerson = () => {
    try {
      sessionStorage.setItem(CONTACT_DRAFT_STORAGE_KEY, JSON.stringify(contactDraftFromConversation(chat.messages)));
    } catch {
      // Without storage the contact form simply starts empty.
    }
    onClose();
    void navigate("/contact");
  };

  const titleId = `${id}-title`;
  const labelId = `${id}-label`;
  const inputId = `${id}-input`;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the dialog from any control in it
    <section
      ref={dialog}
      id={id}
      role="dialog"
      tabIndex={-1}
      aria-labelledby={showLabel ? `${titleId} ${labelId}` : titleId}
      data-testid="chat-panel"
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        event.stopPropagation();
        onClose();
      }}
      className="fixed right-4 bottom-[calc(9rem+var(--cookie-banner-height,0px))] z-40 flex max-h-[min(36rem,calc(100dvh-10rem-var(--cookie-banner-height,0px)))] w-[calc(100vw-2rem)] max-w-sm flex-col overflow-hidden rounded-lg border bg-card text-card-foreground shadow-xl focus:outline-none"
    >
      <ChatHeader
        titleId={titleId}
        labelId={showLabel ? labelId : undefined}
        assistantLabel={assistantLabel}
        canStartAgain={!busy && chat.messages.length >= 2}
        onStartAgain={() => {
          newConversation(companyName);
          input.current?.focus();
        }}
        onClose={onClose}
      />

      <Conversation chat={chat} />

      <form
        className="grid gap-2 border-t p-3"
        onSubmit={(event) => {
          event.preventDefault();
          send();
        }}
      >
        <label htmlFor={inputId} className="sr-only">
          Your message
        </label>
        <div className="flex items-end gap-2">
          <textarea
            ref={input}
            id={inputId}
            name="message"
            rows={2}
            maxLength={CHAT_LIMITS.messageLength}
            value={draft}
            disabled={busy}
            placeholder="Ask a question…"
            autoComplete="off"
            onChange={(event) => setDraft(event.target.value)}
            onKeyDown={(event) => {
              if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
              event.preventDefault();
              send();
            }}
            className="max-h-32 min-h-10 min-w-0 flex-1 resize-none rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60"
          />
          <Button ref={sendButton} type="submit" disabled={!canSend}>
            Send
          </Button>
        </div>
        <Button type="button" variant="link" size={null} className="justify-self-start text-sm" onClick={talkToPerson}>
          Talk to a person
        </Button>
      </form>
    </section>
  );
}

/** The panel's title (with who answers, when named), and its New conversation and Close buttons. */
function ChatHeader({
  titleId,
  labelId,
  assistantLabel,
  canStartAgain,
  onStartAgain,
  onClose,
}: {
  titleId: string;
  /** The id of the line naming who answers; none when it is not shown. */
  labelId: string | undefined;
  assistantLabel: string;
  canStartAgain: boolean;
  onStartAgain: () => void;
  onClose: () => void;
}) {
  return (
    <header className="flex items-start gap-1 border-b py-2 pr-2 pl-4">
      <div className="min-w-0 flex-1 py-1">
        <h2 id={titleId} className="text-base leading-tight font-semibold">
          {TITLE}
        </h2>
        {labelId ? (
          <p id={labelId} className="text-xs text-muted-foreground">
            {assistantLabel}
          </p>
        ) : null}
      </div>
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label="New conversation"
        title="New conversation"
        disabled={!canStartAgain}
        onClick={onStartAgain}
      >
        <svg {...iconProps}>
          <path d="M3 12a9 9 0 1 0 9-9 9.75 9.75 0 0 0-6.74 2.74L3 8" />
          <path d="M3 3v5h5" />
        </svg>
      </Button>
      <Button type="button" variant="ghost" size="icon" aria-label="Close chat" title="Close" onClick={onClose}>
        <svg {...iconProps}>
          <path d="M18 6 6 18" />
          <path d="m6 6 12 12" />
        </svg>
      </Button>
    </header>
  );
}

/**
 * Focus moves into the panel when it opens: to the input, or to the panel itself while the input
 * waits for a reply (it was closed while one was being written). The input is disabled while a
 * reply is awaited, which drops its focus to the page: focus moves to the panel meanwhile (so
 * Escape and Tab still work in it), and back to the input once the reply is in, unless the visitor
 * has moved it elsewhere.
 */
function usePanelFocus(
  busy: boolean,
  {
    dialog,
    input,
    sendButton,
  }: {
    dialog: RefObject<HTMLElement | null>;
    input: RefObject<HTMLTextAreaElement | null>;
    sendButton: RefObject<HTMLButtonElement | null>;
  },
) {
  useEffect(() => {
    if (input.current?.disabled) dialog.current?.focus();
    else input.current?.focus();
  }, [dialog, input]);

  useEffect(() => {
    const focused = document.activeElement;
    const waiting = [document.body, dialog.current, input.current, sendButton.current];
    if (focused && !waiting.includes(focused as HTMLElement)) return;
    if (busy) dialog.current?.focus();
    else input.current?.focus();
  }, [busy, dialog, input, sendButton]);
}

/** The messages so far, the reply being written, the thinking indicator, and each finished reply announced. */
function Conversation({ chat }: { chat: ChatState }) {
  const scroller = useRef<HTMLDivElement>(null);
  const lastReply = chat.messages.findLast((message) => message.role === "assistant");

  // The newest message stays in view.
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [chat.messages.length, chat.partialReply, chat.status]);

  return (
    <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-4 py-3 text-sm">
      <ol aria-label="Conversation" className="grid gap-3">
        {chat.messages.map((message) => (
          <li
            key={message.id}
            className={cx(
              "max-w-[85%] rounded-lg px-3 py-2 [overflow-wrap:anywhere]",
              message.role === "user"
                ? "justify-self-end bg-primary whitespace-pre-wrap text-primary-foreground"
                : "justify-self-start bg-muted text-foreground",
            )}
          >
            <span className="sr-only">{message.role === "user" ? "You: " : "Assistant: "}</span>
            {message.role === "user" ? message.content : <ChatReply text={message.content} />}
          </li>
        ))}
        {chat.status === "streaming" ? (
          <li aria-busy="true" className="max-w-[85%] justify-self-start rounded-lg bg-muted px-3 py-2 text-foreground">
            <span className="sr-only">Assistant: </span>
            <ChatReply text={chat.partialReply} />
          </li>
        ) : null}
      </ol>
      <div role="status" className="text-muted-foreground">
        {chat.status === "thinking" ? (
          <span className="mt-3 inline-flex items-center gap-2">
            <span aria-hidden="true" className="inline-flex gap-1">
              <span className="size-1.5 animate-pulse rounded-full bg-current" />
              <span className="size-1.5 animate-pulse rounded-full bg-current [animation-delay:150ms]" />
              <span className="size-1.5 animate-pulse rounded-full bg-current [animation-delay:300ms]" />
            </span>
            Thinking…
          </span>
        ) : null}
      </div>
      {/* Each new reply is announced once, when it is complete (not piece by piece). */}
      <div aria-live="polite" className="sr-only">
        {chat.completedReplies > 0 && lastReply ? (
          <p key={chat.completedReplies}>{`Assistant: ${chatMarkupText(lastReply.content)}`}</p>
        ) : null}
      </div>
    </div>
  );
}
