/**
 * Stored HTML (CMS bodies, contact messages) is cleaned on the server before it reaches a page:
 * only formatting tags survive, links may only use http(s), mailto and tel, and nothing can run
 * a script (no <script>, no on* attributes, no javascript: URLs, no inline styles).
 */
import { LRUCache } from "lru-cache";
import sanitizeHtml from "sanitize-html";

const RICH_TEXT: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "ul",
    "ol",
    "li",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "mark",
    "small",
    "a",
    "img",
    "picture",
    "source",
    "figure",
    "figcaption",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "caption",
    "span",
    "div",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading", "srcset", "sizes", "decoding"],
    source: ["type", "srcset", "sizes"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  // <source> is a void element, like <img>.
  selfClosing: [...sanitizeHtml.defaults.selfClosing, "source"],
  // A responsive image (content/rich-text-images.server.ts) names only our own files: a srcset
  // with any other address is dropped, and a <source> without one goes with it.
  transformTags: {
    img: (tagName, { srcset, sizes, decoding, ...attribs }) => ({
      tagName,
      attribs: isOwnMediaSrcset(srcset)
        ? { ...attribs, srcset: srcset!, sizes: sizes ?? "100vw", decoding: decoding === "async" ? "async" : "auto" }
        : attribs,
    }),
    source: (tagName, { srcset, sizes, type }): sanitizeHtml.Tag => ({
      tagName,
      attribs:
        isOwnMediaSrcset(srcset) && SOURCE_TYPES.has(type ?? "")
          ? { srcset: srcset!, sizes: sizes ?? "100vw", type: type! }
          : {},
    }),
  },
  exclusiveFilter: (frame) => frame.tag === "source" && !frame.attribs.srcset,
};

const SOURCE_TYPES = new Set(["image/avif", "image/webp"]);
/** Each candidate a file of the media library ("/media/<name> <width>w"), nothing else. */
const OWN_MEDIA_CANDIDATE = /^\/media\/[a-z0-9][a-z0-9.-]*\.(avif|webp|jpg) \d{1,5}w$/;

function isOwnMediaSrcset(srcset: string | undefined): boolean {
  if (!srcset) return false;
  const candidates = srcset.split(",").map((candidate) => candidate.trim());
  return candidates.length > 0 && candidates.every((candidate) => OWN_MEDIA_CANDIDATE.test(candidate));
}

/**
 * Run over HTML the first pass has already made safe, when every surviving attribute is known:
 * a link that still has an address cannot reach back into this page from a new tab (one whose
 * address was refused keeps no `rel` or `target`, which HTML allows only with `href`); an image without a text
 * alternative is marked decorative (`alt=""`) rather than left invalid, and loads lazily.
 */
const FINISHING: sanitizeHtml.IOptions = {
  // The first pass's tags again (not `false`, "every tag", which sanitize-html warns about on
  // every call because it would let <script> and <style> through).
  allowedTags: RICH_TEXT.allowedTags,
  allowedAttributes: false,
  selfClosing: [...sanitizeHtml.defaults.selfClosing, "source"],
  transformTags: {
    a: (tagName, { rel: _rel, target, ...attribs }) => ({
      tagName,
      attribs: attribs.href ? { ...attribs, ...(target ? { target } : {}), rel: "noopener noreferrer" } : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, alt: attribs.alt ?? "", loading: "lazy" } }),
  },
};

/** Block-level tags: the line breaks that format HTML source around them are not content. */
const SPACE_AROUND_BLOCK_TAGS =
  /\s*(<\/?(?:h[1-6]|p|ul|ol|li|blockquote|pre|table|thead|tbody|tr|td|th|caption|figure|figcaption|div|hr|br|picture|source)\b[^>]*>)\s*/g;

/**
 * What was sanitised recently, by its input: the same output for the same HTML, so pages that
 * render stored bodies on every request (a course's description, /training's page content) parse
 * each one twice only once. Bounded by characters held, both the input and its output.
 */
const sanitized = new LRUCache<string, string>({
  maxSize: 8_000_000,
  sizeCalculation: (safe, html) => safe.length + html.length || 1,
});

/**
 * HTML from the CMS, made safe to render with dangerouslySetInnerHTML. The page keeps the
 * body's whitespace (SPEC.md: "rendered as HTML with whitespace preserved"), so the indentation
 * and line breaks between block elements are dropped first; whitespace inside text stays.
 */
export function sanitizeRichText(html: string): string {
  let safe = sanitized.get(html);
  if (safe === undefined) {
    safe = sanitizeHtml(sanitizeHtml(html, RICH_TEXT), FINISHING).replace(SPACE_AROUND_BLOCK_TAGS, "$1");
    sanitized.set(html, safe);
  }
  return safe;
}
