import { Fragment, useMemo } from "react";
import { Link } from "react-router";
import { parseChatMarkup, type ChatInline } from "~/lib/chat/chat-markup";

const linkClass = "font-medium text-primary underline underline-offset-4 hover:no-underline";

/**
 * An assistant's reply: its small Markdown subset (app/lib/chat/chat-markup.ts) as React elements.
 * Links to the site's pages navigate in place, so the conversation stays open.
 */
export function ChatReply({ text }: { text: string }) {
  const origin = typeof window === "undefined" ? undefined : window.location.origin;
  const blocks = useMemo(() => parseChatMarkup(text, origin), [text, origin]);
  return (
    <div className="space-y-2 break-words">
      {blocks.map((block, index) =>
        block.type === "paragraph" ? (
          <p key={index}>
            <Inline nodes={block.children} />
          </p>
        ) : (
          <ul key={index} className="list-disc space-y-1 pl-5">
            {block.items.map((item, itemIndex) => (
              <li key={itemIndex}>
                <Inline nodes={item} />
              </li>
            ))}
          </ul>
        ),
      )}
    </div>
  );
}

function Inline({ nodes }: { nodes: ChatInline[] }) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case "text":
        return <Fragment key={index}>{node.text}</Fragment>;
      case "break":
        return <br key={index} />;
      case "strong":
        return (
          <strong key={index} className="font-semibold">
            <Inline nodes={node.children} />
          </strong>
        );
      case "link":
        return node.target.kind === "route" ? (
          <Link key={index} to={node.target.to} className={linkClass}>
            <Inline nodes={node.children} />
          </Link>
        ) : (
          // A phone number stays on one line (whitespace-nowrap), as a non-breaking space would keep it.
          <a
            key={index}
            href={node.target.href}
            className={node.target.href.startsWith("tel:") ? `${linkClass} whitespace-nowrap` : linkClass}
          >
            <Inline nodes={node.children} />
          </a>
        );
    }
  });
}
