/**
 * The cookies that carry a random token (the sign-in session and the anti-forgery token), made with
 * React Router's `createCookie` like every other cookie of the site (toast.server.ts).
 *
 * `createCookie` writes a value as base64 of its JSON. These cookies keep their wire format
 * instead: the token itself, 43 base64url characters, which needs no encoding. Sessions issued
 * before, the forms' hidden field (which repeats the cookie's value) and the database's hash of the
 * token all depend on it. So the cookie's `encode` undoes React Router's encoding of the token and
 * its `decode` redoes it; any value that is not a token reads as no cookie at all.
 */
import crypto from "node:crypto";
import { createCookie, type Cookie } from "react-router";
import { getEnv } from "../platform/env.server";
import type { SiteCookieName } from "../platform/http/site-cookies.server";

/** 256 random bits in base64url. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function newToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

/** Secure cookies (and the `__Host-` prefix) when the site is served over HTTPS in production. */
export function secureCookies(): boolean {
  const env = getEnv();
  return env.isProduction && env.publicUrl.startsWith("https:");
}

/** A token cookie: HttpOnly, SameSite=Lax, Path=/, `__Host-<name>` and Secure over HTTPS. */
export function tokenCookie(name: SiteCookieName, options: { maxAge?: number } = {}): Cookie {
  const secure = secureCookies();
  return createCookie(secure ? `__Host-${name}` : name, {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    ...options,
    // What React Router hands over is base64 of the token's JSON: the cookie holds the token itself.
    encode: (encoded) => JSON.parse(atob(encoded)) as string,
    decode: (raw) => (TOKEN_PATTERN.test(raw) ? btoa(JSON.stringify(raw)) : ""),
  });
}

/** The token this request's cookie carries, or null. */
export async function readToken(cookie: Cookie, request: Request): Promise<string | null> {
  const value: unknown = await cookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && TOKEN_PATTERN.test(value) ? value : null;
}
