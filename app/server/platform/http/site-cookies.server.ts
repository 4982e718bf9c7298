/**
 * The cookies this site sets, by name. A request carrying none of them gets the same public page
 * as any other (theme, consent and basket live in localStorage), whatever else its Cookie header
 * holds: an analytics id, a load balancer's affinity, a previous site's leftovers. The page cache
 * (cache/page-cache.server.ts) keys on this, so such visitors share the cached page.
 *
 * Every `createCookie` and `tokenCookie` of the app takes its name from here (a test reads the
 * source to hold that), so a new cookie cannot be forgotten by the cache.
 */
export const SITE_COOKIE_NAMES = [
  "session",
  "csrf",
  "pending-sign-in",
  "passkey-registration",
  "identity-confirmation",
  "toast",
] as const;

export type SiteCookieName = (typeof SITE_COOKIE_NAMES)[number];

const SITE_COOKIES: ReadonlySet<string> = new Set(SITE_COOKIE_NAMES);

/** Whether the Cookie header holds one of the site's cookies (over HTTPS, with its `__Host-` prefix). */
export function carriesSiteCookie(cookieHeader: string | undefined): boolean {
  if (!cookieHeader) return false;
  for (const pair of cookieHeader.split(";")) {
    const equals = pair.indexOf("=");
    const name = (equals === -1 ? pair : pair.slice(0, equals)).trim();
    if (SITE_COOKIES.has(name.startsWith("__Host-") ? name.slice("__Host-".length) : name)) return true;
  }
  return false;
}
