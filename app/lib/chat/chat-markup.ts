/**
 * The small Markdown subset the site assistant answers in, parsed into a tree the chat panel turns
 * into React elements (never into HTML): paragraphs separated by blank lines, lines starting with
 * "- " or "* " as list items, `[text](url)` links and `**bold**`. Everything else is plain text,
 * so HTML in a reply shows as the characters it is made of.
 *
 * Links lead only to this site or to an e-mail address or phone number: a site path or an address
 * on the page's own origin becomes a client-side link; `mailto:` and `tel:` stay plain links; any
 * other address (another site, `javascript:`, `//host`) is shown as its text alone.
 */
import { isWebAddress, sameSitePath } from "../text/safe-links";

export type ChatLinkTarget = { kind: "route"; to: string } | { kind: "href"; href: string };

export type ChatInline =
  | { type: "text"; text: string }
  | { type: "strong"; children: ChatInline[] }
  | { type: "link"; target: ChatLinkTarget; children: ChatInline[] }
  | { type: "break" };

export type ChatBlock = { type: "paragraph"; children: ChatInline[] } | { type: "list"; items: ChatInline[][] };

const LIST_ITEM = /^\s*[-*]\s+/;
const MAILTO = /^mailto:[^\s<>"'()]+@[^\s<>"'()]+$/i;
const TEL = /^tel:\+?[\d\s().-]{3,30}$/i;

/**
 * Where a link in a reply may lead, or null when it must be shown as text. `origin` is the page's
 * own (`location.origin`); without it only site paths, e-mail and phone links are kept. A path is
 * kept only as the browser would resolve it, and only if that is still a path on this site
 * (`/..//evil.example`, `/\evil.example` and `/%2F%2Fevil.example` are not).
 */
export function resolveChatLink(url: string, origin?: string): ChatLinkTarget | null {
  const address = url.trim();
  if (MAILTO.test(address) || TEL.test(address)) return { kind: "href", href: address };
  const path = address.startsWith("/")
    ? sameSitePath(address, origin)
    : origin && isWebAddress(address)
      ? pathOnOrigin(address, origin)
      : null;
  return path ? { kind: "route", to: path } : null;
}

/** The same-site path of an absolute address on `origin`, or null when it is elsewhere. */
function pathOnOrigin(address: string, origin: string): string | null {
  try {
    const url = new URL(address);
    if (url.origin !== new URL(origin).origin) return null;
    return sameSitePath(`${url.pathname}${url.search}${url.hash}`, origin);
  } catch {
    return null;
  }
}

/** Parses a reply into blocks. `origin` is the page's own, for links to absolute addresses on it. */
export function parseChatMarkup(text: string, origin?: string): ChatBlock[] {
  const blocks: ChatBlock[] = [];
  const paragraphs = text.replace(/\r\n?/g, "\n").split(/\n[ \t]*\n/);
  for (const paragraph of paragraphs) {
    let lines: string[] = [];
    let items: string[] = [];
    const flushLines = () => {
      if (lines.length > 0) blocks.push({ type: "paragraph", children: parseLines(lines, origin) });
      lines = [];
    };
    const flushItems = () => {
      if (items.length > 0) blocks.push({ type: "list", items: items.map((item) => parseInline(item, origin)) });
      items = [];
    };
    for (const line of paragraph.split("\n")) {
      if (line.trim() === "") continue;
      if (LIST_ITEM.test(line)) {
        flushLines();
        items.push(line.replace(LIST_ITEM, "").trim());
      } else {
        flushItems();
        lines.push(line.trim());
      }
    }
    flushLines();
    flushItems();
  }
  return blocks;
}

/** The reply as plain text (links as their text), e.g. for a screen reader announcement. */
export function chatMarkupText(text: string): string {
  const inlineText = (nodes: ChatInline[]): string =>
    nodes
      .map((node) => (node.type === "text" ? node.text : node.type === "break" ? " " : inlineText(node.children)))
      .join("");
  return parseChatMarkup(text)
    .map((block) => (block.type === "paragraph" ? inlineText(block.children) : block.items.map(inlineText).join("; ")))
    .join(" ");
}

/** The lines of one paragraph, joined by line breaks. */
function parseLines(lines: string[], origin: string | undefined): ChatInline[] {
  return lines.flatMap((line, index) => [
    ...(index > 0 ? [{ type: "break" } as const] : []),
    ...parseInline(line, origin),
  ]);
}

function parseInline(source: string, origin: string | undefined, insideLink = false): ChatInline[] {
  const nodes: ChatInline[] = [];
  let text = "";
  const pushText = () => {
    if (text) nodes.push({ type: "text", text });
    text = "";
  };
  let index = 0;
  while (index < source.length) {
    if (source.startsWith("**", index)) {
      const end = source.indexOf("**", index + 2);
      if (end > index + 2) {
        pushText();
        nodes.push({ type: "strong", children: parseInline(source.slice(index + 2, end), origin, insideLink) });
        index = end + 2;
        continue;
      }
    }
    if (!insideLink && source[index] === "[") {
      const link = readLink(source, index);
      if (link) {
        pushText();
        const children = parseInline(link.label, origin, true);
        const target = resolveChatLink(link.url, origin);
        if (target) nodes.push({ type: "link", target, children });
        else nodes.push(...children);
        index = link.end;
        continue;
      }
    }
    text += source[index];
    index += 1;
  }
  pushText();
  return mergeText(nodes);
}

/** The longest link text and address read as a link (so a hostile reply cannot take long to read). */
const MAX_LABEL = 300;
const MAX_URL = 2000;

/** `[label](url)` starting at `start`: its parts and where it ends, or null. */
function readLink(source: string, start: number): { label: string; url: string; end: number } | null {
  const labelEnd = source.slice(start, start + MAX_LABEL + 3).indexOf("](");
  if (labelEnd === -1) return null;
  const label = source.slice(start + 1, start + labelEnd);
  if (label.trim() === "" || label.includes("[")) return null;
  const urlStart = start + labelEnd + 2;
  // The address ends at the ")" that closes it: parentheses inside it come in pairs, as in Markdown.
  let depth = 0;
  for (let index = urlStart; index < Math.min(source.length, urlStart + MAX_URL); index += 1) {
    const char = source[index];
    if (char === "(") depth += 1;
    else if (char === ")" && depth > 0) depth -= 1;
    else if (char === ")") {
      const url = source.slice(urlStart, index).trim();
      if (url === "" || /\s/.test(url)) return null;
      return { label, url, end: index + 1 };
    }
  }
  return null;
}

/** Joins neighbouring text nodes (a rejected link leaves its text beside other text). */
function mergeText(nodes: ChatInline[]): ChatInline[] {
  const merged: ChatInline[] = [];
  for (const node of nodes) {
    const last = merged.at(-1);
    if (node.type === "text" && last?.type === "text")
      merged[merged.length - 1] = { type: "text", text: last.text + node.text };
    else merged.push(node);
  }
  return merged;
}
