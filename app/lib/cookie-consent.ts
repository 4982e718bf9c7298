/**
 * Cookie consent (SPEC.md section 4): the three choices, what each stores in the browser, and the
 * record the server keeps of it. Shared by the banner and the endpoint that records choices.
 */
import { CONSENT_CHOICES, type ConsentChoice } from "./enums";

export const COOKIE_CHOICE_KEY = "cookieChoice";
export const COOKIE_SETTINGS_KEY = "cookieSettings";

/**
 * The version of the cookie policy a visitor agreed to, recorded with every choice so that a
 * later change of the policy can be told apart. It is the policy's "last updated" date.
 */
export const COOKIE_POLICY_VERSION = "2025-07-14";

export interface CookieSettings {
  functional: boolean;
  performance: boolean;
  targeting: boolean;
}

export const ALL_ON: CookieSettings = { functional: true, performance: true, targeting: true };
export const ALL_OFF: CookieSettings = { functional: false, performance: false, targeting: false };

export function settingsForChoice(choice: Exclude<ConsentChoice, "customized">): CookieSettings {
  return choice === "accepted" ? ALL_ON : ALL_OFF;
}

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
