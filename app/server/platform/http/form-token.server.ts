/**
 * The signed token a public form carries: when the form was served, so the server can tell a
 * person (who takes some seconds to fill it in) from a script (which posts at once), without a
 * cookie or a database row. The signature (HMAC with the session secret) stops a script from
 * back-dating its own token.
 */
import crypto from "node:crypto";
import { getSessionSecret } from "../secrets.server";

/** A person needs at least this long to fill in a contact form. */
export const MIN_FILL_TIME_MS = 3_000;
/** A form left open longer than this is treated as stale, not as spam. */
const MAX_AGE_MS = 24 * 60 * 60 * 1000;

const sign = (issuedAt: string, secret: string) =>
  crypto.createHmac("sha256", secret).update(`contact-form:${issuedAt}`).digest("base64url");

export function issueFormToken(now = Date.now(), secret = getSessionSecret()): string {
  const issuedAt = String(now);
  return `${issuedAt}.${sign(issuedAt, secret)}`;
}

/**
 * The token for pages served from the page cache: issued for the next whole second rather than
 * this millisecond, so every visitor within one second gets the same page, compressed once
 * (page-cache.server.ts). Rounded up, never down: a token never claims the form was served
 * earlier than it was, so a script still waits the full MIN_FILL_TIME_MS (a person up to a second
 * more).
 */
export function issueSharedFormToken(now = Date.now(), secret = getSessionSecret()): string {
  return issueFormToken(Math.ceil(now / 1000) * 1000, secret);
}

export type FormTokenVerdict = "ok" | "too-fast" | "invalid" | "stale";

/** How the token of a submitted form looks: genuine and old enough, posted too fast, forged, stale. */
export function checkFormToken(token: unknown, now = Date.now(), secret = getSessionSecret()): FormTokenVerdict {
  if (typeof token !== "string") return "invalid";
  const [issuedAt, signature] = token.split(".");
  if (!issuedAt || !signature || !/^\d{1,15}$/.test(issuedAt)) return "invalid";
  const expected = Buffer.from(sign(issuedAt, secret));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return "invalid";
  const age = now - Number(issuedAt);
  if (age < MIN_FILL_TIME_MS) return "too-fast";
  if (age > MAX_AGE_MS) return "stale";
  return "ok";
}
