/**
 * Turns one visitor's page into one every visitor can be sent, byte for byte (docs/decisions/026).
 *
 * A rendered page lets its inline scripts run with this response's CSP nonce. A stored page cannot
 * keep that nonce (a nonce known in advance protects nothing) and should not have it swapped per
 * response (then no two responses are equal, and each must be compressed anew). So the nonce
 * attributes are taken out, and each script that carried one is allowed instead by the SHA-256
 * hash of its text: the policy stays exactly as strict (those scripts, and files from our origin,
 * run; an inline script that did not carry the nonce, such as one smuggled into CMS content, still
 * does not).
 */
import crypto from "node:crypto";

export interface ShareableHtml {
  html: Buffer;
  /** The text of each inline script that carried the nonce, in page order, each once. */
  scripts: string[];
}

/** The CSP source that allows an inline script with this text. */
export function scriptHash(text: string): string {
  return `'sha256-${crypto.createHash("sha256").update(text, "utf8").digest("base64")}'`;
}

/** `<script …>text</script>`: React escapes `</script` inside a script's text, so the first close ends it. */
const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const NONCE_ATTRIBUTE = /\snonce=(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/gi;

/**
 * The page without its nonce, with the hashes that replace it; null when it cannot be shared
 * safely: a nonce attribute with another value (not ours to vouch for), or the nonce anywhere
 * outside its attributes (a script that reads it would break).
 */
export function shareableHtml(page: Buffer, nonce: string): ShareableHtml | null {
  if (nonce.length === 0) return null;
  const text = page.toString("utf8");
  const scripts: string[] = [];
  for (const [, attributes = "", body = ""] of text.matchAll(SCRIPT)) {
    if (hasOurNonce(attributes, nonce) && !/\ssrc\s*=/i.test(attributes)) scripts.push(body);
  }
  let foreignNonce = false;
  const withoutNonces = text.replace(NONCE_ATTRIBUTE, (attribute, ...values: Array<string | undefined>) => {
    if ((values[0] ?? values[1] ?? values[2]) !== nonce) foreignNonce = true;
    return "";
  });
  if (foreignNonce || withoutNonces.includes(nonce)) return null;
  return { html: Buffer.from(withoutNonces, "utf8"), scripts: [...new Set(scripts)] };
}

function hasOurNonce(attributes: string, nonce: string): boolean {
  return [...attributes.matchAll(NONCE_ATTRIBUTE)].some((match) => (match[1] ?? match[2] ?? match[3]) === nonce);
}
