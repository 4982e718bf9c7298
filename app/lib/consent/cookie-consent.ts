/**
 * Cookie consent (SPEC.md section 4): the three choices, what each stores in the browser, and the
 * record the server keeps of it. Shared by the banner and the endpoint that records choices.
 */
import { CONSENT_CHOICES, type ConsentChoice } from "./consent-choices";

export const COOKIE_CHOICE_KEY = "cookieChoice";
export const COOKIE_SETTINGS_KEY = "cookieSettings";
/** The receipt of the stored choice: the policy version it was made under, and its record's id. */
export const COOKIE_CONSENT_KEY = "cookieConsent";

/**
 * The version of the cookie policy a visitor agrees to, recorded with every choice and kept with
 * it in the browser: when the version the site serves differs, the visitor is asked again. It is
 * the cookie policy's "last updated" date (content/legal.ts); cookie-policy-version.test.ts fails
 * when the policy's text or the categories change without it. An administrator can ask everyone
 * again without a release through the `cookie_policy_version` setting (a later date wins:
 * server/contact/cookie-consents.server.ts).
 */
export const COOKIE_POLICY_VERSION = "2026-11-26";

/** What the browser keeps beside a choice: the version it was made under and, once recorded, its id. */
export interface ConsentReceipt {
  version: string | null;
  id: string | null;
}

/** The stored receipt; anything unreadable is no receipt (so the visitor is asked again). */
export function parseReceipt(value: string | null | undefined): ConsentReceipt {
  try {
    const stored: unknown = JSON.parse(value ?? "null");
    if (typeof stored !== "object" || stored === null) return { version: null, id: null };
    const { version, id } = stored as Record<string, unknown>;
    return { version: typeof version === "string" ? version : null, id: typeof id === "string" ? id : null };
  } catch {
    return { version: null, id: null };
  }
}

export interface CookieSettings {
  functional: boolean;
  performance: boolean;
  targeting: boolean;
}

export const ALL_ON: CookieSettings = { functional: true, performance: true, targeting: true };
export const ALL_OFF: CookieSettings = { functional: false, performance: false, targeting: false };

/** A stored choice, or null when there is none or it is not one of the three (the banner shows again). */
export function parseChoice(value: string | null | undefined): ConsentChoice | null {
  return (CONSENT_CHOICES as readonly string[]).includes(value ?? "") ? (value as ConsentChoice) : null;
}

/** Stored category settings; anything unreadable counts as every optional category off. */
export function parseSettings(value: string | null | undefined): CookieSettings {
  try {
    // Plain checks rather than zod: this runs on every page (decision 007).
    const stored: unknown = JSON.parse(value ?? "null");
    if (typeof stored !== "object" || stored === null) return ALL_OFF;
    const { functional, performance, targeting } = stored as Record<string, unknown>;
    return typeof functional === "boolean" && typeof performance === "boolean" && typeof targeting === "boolean"
      ? { functional, performance, targeting }
      : ALL_OFF;
  } catch {
    return ALL_OFF;
  }
}

/**
 * Set on <html> by `cookieBannerInitScript` when this browser holds no choice under the current
 * policy, so the banner that is in every page's HTML shows from the first paint (app.css hides it
 * otherwise).
 */
export const CONSENT_ASK_ATTRIBUTE = "data-cookie-consent";

/**
 * Runs in <head> before the body is parsed (root.tsx): pages are cached and shared, so their HTML
 * has the banner for everyone, and only the browser knows whether this visitor already chose. It
 * applies the provider's rule (a known choice, stored with a receipt of `policyVersion`) in plain
 * ES5, as no bundle has loaded yet; storage that cannot be read means no choice, as there. Inline
 * under the response's CSP nonce, or its hash on a cached page (decision 026).
 */
export function cookieBannerInitScript(policyVersion: string): string {
  // JSON is a JavaScript literal; "<" is escaped so a version from the settings cannot end the script.
  const literal = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");
  return (
    `(function(){try{var c=localStorage.getItem(${literal(COOKIE_CHOICE_KEY)});` +
    `var r=JSON.parse(localStorage.getItem(${literal(COOKIE_CONSENT_KEY)})||"null");` +
    `if(${literal(CONSENT_CHOICES)}.indexOf(c)>=0&&r&&r.version===${literal(policyVersion)})return;}catch(e){}` +
    `document.documentElement.setAttribute(${literal(CONSENT_ASK_ATTRIBUTE)},"ask");})();`
  );
}
