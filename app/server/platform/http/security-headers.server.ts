/**
 * Security headers for every response. Scripts run only from our own origin or with the nonce
 * made fresh for this request, so an injected <script> cannot execute.
 */
import crypto from "node:crypto";
import type { RequestHandler } from "express";

export function createNonce(): string {
  return crypto.randomBytes(16).toString("base64");
}

/**
 * The only addresses a page may frame, and only a page of this site: the content editor's live
 * preview, which must be an <iframe> so the phone and desktop widths are real media-query widths.
 */
const FRAMED_BY_THIS_SITE = new Set(["/cms/content/live-preview"]);

export function contentSecurityPolicy(
  nonce: string,
  options: { development: boolean; framedByThisSite?: boolean },
): string {
  const directives: Record<string, string> = {
    "default-src": "'self'",
    "script-src": `'self' 'nonce-${nonce}'`,
    // Radix and Sonner position elements with style attributes; styles cannot run code.
    "style-src": "'self' 'unsafe-inline'",
    // Featured images of CMS content may be hosted elsewhere (an admin's choice); images cannot run code.
    "img-src": "'self' data: blob: https:",
    "font-src": "'self'",
    // The development server pushes updates over a WebSocket.
    "connect-src": options.development ? "'self' ws: wss:" : "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "frame-ancestors": options.framedByThisSite ? "'self'" : "'none'",
    "form-action": "'self'",
  };
  return Object.entries(directives)
    .map(([name, value]) => `${name} ${value}`)
    .join("; ");
}

/**
 * The same policy with the nonce's source replaced by script hashes, for a page stored to be sent
 * to everyone (cache/shareable-html.server.ts); null when the policy does not name this nonce.
 */
export function policyWithScriptHashes(policy: string, nonce: string, scriptHashes: readonly string[]): string | null {
  const source = `'nonce-${nonce}'`;
  if (!policy.includes(source)) return null;
  return policy.replace(source, scriptHashes.join(" ")).replace(/ +;/g, ";");
}

/** Sets the headers and leaves the nonce in `res.locals.cspNonce` for the page renderer. */
export function securityHeaders(options: { development: boolean }): RequestHandler {
  return (req, res, next) => {
    const nonce = createNonce();
    res.locals.cspNonce = nonce;
    const framedByThisSite = FRAMED_BY_THIS_SITE.has(req.path);
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, { ...options, framedByThisSite }));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", framedByThisSite ? "SAMEORIGIN" : "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(self)");
    // Only over HTTPS: a browser ignores HSTS on plain HTTP, and localhost must stay reachable.
    if (req.secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    next();
  };
}
