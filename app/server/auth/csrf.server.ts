/**
 * Anti-forgery tokens for the CMS's forms (double submit): a random token lives in an HttpOnly
 * cookie and is repeated in a hidden field of every form; an action accepts a form only when the
 * two match. This adds to the same-origin check that every state-changing request passes.
 */
import crypto from "node:crypto";
import { data } from "react-router";
import { newToken, readToken, tokenCookie } from "./token-cookie.server";

export const CSRF_FIELD = "csrf";

/** `csrf` (`__Host-csrf` over HTTPS); no Max-Age, so it ends with the browser session. */
function csrfCookie() {
  return tokenCookie("csrf");
}

/** This browser's token, and the Set-Cookie header to send when it is new. */
export async function getCsrfToken(request: Request): Promise<{ token: string; setCookie: string | null }> {
  const cookie = csrfCookie();
  const existing = await readToken(cookie, request);
  if (existing) return { token: existing, setCookie: null };
  const token = newToken();
  return { token, setCookie: await cookie.serialize(token) };
}

/** Throws a 403 response unless the form carries this browser's token. */
export async function verifyCsrf(request: Request, formData: FormData): Promise<void> {
  const cookieToken = (await readToken(csrfCookie(), request)) ?? "";
  const formToken = formData.get(CSRF_FIELD);
  const matches =
    typeof formToken === "string" &&
    cookieToken.length > 0 &&
    formToken.length === cookieToken.length &&
    crypto.timingSafeEqual(Buffer.from(formToken), Buffer.from(cookieToken));
  if (!matches) {
    throw data({ error: "Your session form has expired. Please reload the page and try again." }, { status: 403 });
  }
}
