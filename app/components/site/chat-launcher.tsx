import { lazy, Suspense, useEffect, useRef, useState } from "react";
import type { ChatPanelProps } from "./chat-panel";

/** The panel's code (and the assistant's texts) load only when a visitor opens it. */
const loadPanel = () => import("./chat-panel");
const ChatPanel = lazy<React.ComponentType<ChatPanelProps>>(() =>
  loadPanel().catch((error: unknown) => {
    // Offline, or a new release replaced the file: the button stays, the page is not broken.
    console.warn("The chat panel could not load", error);
    return { default: PanelUnavailable };
  }),
);
const prefetchPanel = () => void loadPanel().catch(() => undefined);
const PANEL_ID = "site-assistant";

function PanelUnavailable({ onClose }: { onClose: () => void }) {
  useEffect(onClose, [onClose]);
  return null;
}

/**
 * The round button above the theme toggle that opens the site assistant (SPEC.md "AI chat
 * widget"). It is on every public page, so it is kept to a few hundred bytes: the panel, the
 * conversation and its texts are a separate file, fetched when the pointer or focus reaches the
 * button and used once it is pressed.
 */
export function ChatLauncher(props: { companyName: string; email: string; assistantLabel: string }) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-label="Chat with our assistant"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? PANEL_ID : undefined}
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => event.key === "Escape" && setOpen(false)}
        onPointerEnter={prefetchPanel}
        onFocus={prefetchPanel}
        data-testid="chat-toggle"
        className="fixed right-4 bottom-[calc(5rem+var(--cookie-banner-height,0px))] z-40 inline-flex size-12 items-center justify-center rounded-full border bg-card text-card-foreground shadow-lg hover:bg-accent"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
          className="size-5"
        >
          <path d="M7.9 20A9 9 0 1 0 4 16.1L2 22Z" />
        </svg>
      </button>
      {open ? (
        <Suspense>
          <ChatPanel id={PANEL_ID} onClose={close} {...props} />
        </Suspense>
      ) : null}
    </>
  );
}
