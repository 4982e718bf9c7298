/**
 * Anti-forgery tokens for the CMS's forms (double submit): a random token lives in an HttpOnly
 * cookie and is repeated in a hidden field of every form; an action accepts a form only when the
 * two match. This adds to the same-origin check that every state-changing request passes.
 */
import crypto from "node:crypto";
import { data } from "react-router";
import { readCookie, secureCookies } from "./sessions.server";

export const CSRF_FIELD = "csrf";

function cookieName(): string {
  return secureCookies() ? "__Host-csrf" : "csrf";
}

/** This browser's token, and the Set-Cookie header to send when it is new. */
export function getCsrfToken(request: Request): { token: string; setCookie: string | null } {
  const existing = readCookie(request, cookieName());
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return { token: existing, setCookie: null };
  const token = crypto.randomBytes(32).toString("base64url");
  const parts = [`${cookieName()}=${token}`, "Path=/", "HttpOnly", "SameSite=Lax"];
  if (secureCookies()) parts.push("Secure");
  return { token, setCookie: parts.join("; ") };
}

/** Throws a 403 response unless the form carries this browser's token. */
export function verifyCsrf(request: Request, formData: FormData): void {
  const cookieToken = readCookie(request, cookieName()) ?? "";
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
