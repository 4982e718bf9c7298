/**
 * How large a request body each address accepts, in one table. The bounded reader
 * (`request-body.server.ts`) stops reading at the cap and answers 413, and the request rules
 * (`request-rules.server.ts`) refuse a body whose Content-Length already says it is too large
 * before a byte of it is read. A body that claims less than it sends cannot get past either: Node
 * reads exactly Content-Length bytes as the body, and the rest is no request at all.
 *
 * The caps are what a real form or client sends, with room to spare, never what would be
 * "comfortable": every byte accepted is a byte an anonymous visitor can make the server hold.
 */

const KiB = 1024;
const MiB = 1024 * KiB;

export interface BodyLimit {
  /** The page's address (single-fetch `.data` addresses are matched as their page). */
  path: RegExp;
  bytes: number;
  /** Why this many: shown to no one, read by whoever changes it. */
  why: string;
}

/** The first row that matches wins; the last is the default for every other address. */
export const BODY_LIMITS: readonly BodyLimit[] = [
  {
    path: /^\/contact$/,
    bytes: 12 * MiB,
    why:
      "The contact form and job application: SPEC.md's 10 MB CV plus the text fields. " +
      "app/server/contact/uploads.server.ts enforces the 10 MB per file itself while it streams.",
  },
  {
    path: /^\/cms\/media\/upload$/,
    bytes: 11 * MiB,
    why:
      "One image for the media library: at most 10 MB (server/media/image-check.server.ts checks it " +
      "again), plus the multipart framing and the anti-forgery token.",
  },
  {
    path: /^\/cms\/content\/live-preview$/,
    bytes: 4 * MiB,
    why:
      "The content editor's live preview posts the editor's whole form, as a save does (the next row), " +
      "plus the item's id and the theme.",
  },
  {
    path: /^\/cms\/content\/[^/]+$/,
    bytes: 4 * MiB,
    why:
      "The content editor: up to 200,000 characters of HTML (lib/schemas/content.ts) and the rich-text " +
      "editor's document of up to 600,000 characters of JSON (lib/rich-text/document-check.ts), " +
      "which URL-encoding can double or triple; the other fields are short.",
  },
  {
    path: /^\/cms\/(blocks|careers|courses|settings)$/,
    bytes: 256 * KiB,
    why: "Blocks, job openings, courses and settings carry long descriptions and lists (tens of KB at most).",
  },
  {
    path: /^\/cms\/sign-in\/verify$/,
    bytes: 16 * KiB,
    why:
      "The sign-in's second step: a code, or a passkey's signed answer as JSON (a credential id, " +
      "client data and a signature: 1-2 KB; no attestation is asked for).",
  },
  {
    path: /^\/cms\/submissions$/,
    bytes: 160 * KiB,
    why:
      "A submission's reply (at most 10,000 UTF-16 units, lib/contact/submissions.ts), which a form URL-encodes to at " +
      "most 9 bytes a unit (a 3-byte UTF-8 character as three %XX): 90 KB, plus the other short fields.",
  },
  {
    path: /^\/cms\/orders$/,
    bytes: 32 * KiB,
    why:
      "An order's internal note: at most 2,000 characters (commerce/order-notes.server.ts), which " +
      "URL-encoding makes up to 18 KB for text outside ASCII; refunds and resends are a few short fields.",
  },
  {
    path: /^\/api\/webhooks\/stripe$/,
    bytes: 512 * KiB,
    why:
      "Stripe publishes no maximum; its events are a few KB and Stripe's own webhook samples read them " +
      "with express.raw(), whose default limit is 100 KB. 512 KB leaves five times that.",
  },
  {
    path: /^\/api\/chat$/,
    bytes: 128 * KiB,
    why: "A message and 20 history entries of at most 4,000 characters each (lib/chat/chat.ts), as JSON.",
  },
  {
    path: /^\/api\/checkout$/,
    bytes: 8 * KiB,
    why: "A basket of course ids (a few dozen at most) and a currency: a few hundred bytes.",
  },
  {
    path: /^\/api\/cookie-consent$/,
    bytes: 1 * KiB,
    why: "One cookie choice: four fields, about a hundred bytes.",
  },
  {
    path: /.*/,
    bytes: 16 * KiB,
    why:
      "Sign-in, set-up, sign-out, the account page, downloads, the test payment page and the " +
      "other CMS forms: a handful of short fields.",
  },
];

/** The page a single-fetch data request (`/cms.data`, `/_root.data`) belongs to. */
export function pagePathOf(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  const page = pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
  // "/about/" and "/about" are one page to React Router.
  return page.length > 1 ? page.replace(/\/+$/, "") : page;
}

/** The most bytes a request body to this address may have. */
export function bodyLimitFor(pathname: string): number {
  const page = pagePathOf(pathname);
  return (BODY_LIMITS.find((limit) => limit.path.test(page)) ?? BODY_LIMITS[BODY_LIMITS.length - 1]!).bytes;
}

/** "16 KB", "12 MB": a cap as a visitor reads it. */
export function describeBytes(bytes: number): string {
  return bytes >= MiB ? `${Math.round(bytes / MiB)} MB` : `${Math.round(bytes / KiB)} KB`;
}
