/**
 * Requests whose answers belong to one person, so no cache may keep them (Cache-Control: no-store,
 * see platform/http/html-validators.server.ts): everything under /cms (the sign-in card included),
 * and any request carrying a session cookie, i.e. from someone signed in. Only the cookie's presence
 * is read, not the session: a stale cookie costs its holder nothing but a fresh download.
 */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Host-)?session=[^;\s]/;

export function isPrivateRequest(path: string, cookieHeader: string | undefined): boolean {
  if (path === "/cms" || path.startsWith("/cms/")) return true;
  return SESSION_COOKIE.test(cookieHeader ?? "");
}
