/**
 * Encrypts the TOTP secrets kept in the database (AES-256-GCM), so a copy of the database or of a
 * backup alone does not let anyone compute a user's codes. The key is derived (HKDF) from the
 * secret that already signs the cookies (platform/secrets.server.ts: SESSION_SECRET, or the
 * generated one in DATA_DIR), under a label of its own, so there is no second secret to manage.
 * Changing that secret makes the stored TOTP secrets unreadable: docs/decisions/021.
 */
import crypto from "node:crypto";
import { getSessionSecret } from "../../platform/secrets.server";

const VERSION = "v1";

function keyFrom(secret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", secret, "", "larkspire totp secret", 32));
}

/** `v1.<iv>.<tag>.<ciphertext>`, base64url; `context` (the user's id) is bound in as associated data. */
export function seal(plaintext: string, context: string, secret = getSessionSecret()): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext, or null when the box was not sealed with this key and context (or was altered). */
export function open(sealed: string, context: string, secret = getSessionSecret()): string | null {
  const [version, iv, tag, body] = sealed.split(".");
  if (version !== VERSION || !iv || !tag || body === undefined) return null;
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", keyFrom(secret), Buffer.from(iv, "base64url"));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}
