/**
 * Redirects: what an address may be, and the messages of the Redirects view. Shared by the
 * form in the browser and the entity module on the server (app/server/content/redirects.server.ts).
 */

export const REDIRECT_MESSAGES = {
  malformed:
    "Enter an address on this site that starts with /, such as /old-page: lower-case letters, digits, - . _ ~ and / only, no spaces, query or #.",
  offSite: "Redirects lead to addresses on this site only: enter a path such as /new-page, not another site's address.",
  same: "The old and the new address are the same.",
  reserved: (from: string) => `${from} belongs to the site itself (the CMS, the API or its files) and cannot redirect.`,
  servedBySite: (from: string) =>
    `${from} is an address the site itself serves (a page, file or feed it makes): a redirect would break it, so it cannot redirect.`,
  livePage: (from: string) =>
    `${from} is a live page: a redirect from it would hide the page. Unpublish, move or delete the page first.`,
  taken: (from: string, to: string) => `${from} already redirects to ${to}. Remove that redirect first.`,
  loop: (from: string, to: string) =>
    `This would make a loop: ${to} already redirects to ${from}. Remove that redirect first.`,
  chainTo: (to: string, next: string) =>
    `${to} itself redirects to ${next}: point this redirect at ${next} directly, so visitors arrive in one step.`,
  chainFrom: (from: string, other: string) =>
    `${other} redirects to ${from}: a redirect from ${from} would make a chain. Change that redirect instead.`,
  added: "Redirect added",
  removed: "Redirect removed",
  saveFailed: "Failed to save the redirect",
  fetchFailed: "Failed to fetch redirects",
  notFound: "That redirect no longer exists.",
  delete: "Remove this redirect? Visitors to the old address will get the page-not-found page.",
} as const;

/**
 * Paths of the site itself that no redirect may take over: the CMS, the API, the built files, the
 * media library's images, and the well-known addresses (RFC 8615) that other sites and browsers read.
 */
const RESERVED = /^\/(?:cms|api|assets|images|media|\.well-known)(?:\/|$)/;
/** Lower-case path segments of unreserved characters (RFC 3986), as the canonical addresses are. */
const PATH = /^\/(?:[a-z0-9\-._~]+(?:\/[a-z0-9\-._~]+)*)?$/;

export type PathResult = { ok: true; path: string } | { ok: false; message: string };

/**
 * A typed address as the path it stands for. "/Old-Page/" becomes "/old-page" (the site answers
 * every spelling with its canonical, lower-case form first); a full address of this site (`origin`)
 * becomes its path; another site's address, or "//host", is refused as off-site.
 */
export function normaliseRedirectPath(typed: string, origin: string): PathResult {
  let value = typed.trim();
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith("//") || value.startsWith("\\")) {
    let url: URL;
    try {
      url = new URL(value, origin);
    } catch {
      return { ok: false, message: REDIRECT_MESSAGES.malformed };
    }
    if (url.origin !== new URL(origin).origin) return { ok: false, message: REDIRECT_MESSAGES.offSite };
    if (url.search || url.hash) return { ok: false, message: REDIRECT_MESSAGES.malformed };
    value = url.pathname;
  }
  if (value.length > 300) return { ok: false, message: REDIRECT_MESSAGES.malformed };
  const path = value.toLowerCase().replace(/(.)\/+$/, "$1");
  if (!PATH.test(path) || path.split("/").some((segment) => segment === "." || segment === "..")) {
    return { ok: false, message: REDIRECT_MESSAGES.malformed };
  }
  return { ok: true, path };
}

/** Whether the site keeps this path for itself (a redirect from it would be refused). */
export function isReservedPath(path: string): boolean {
  return RESERVED.test(path);
}
