/**
 * Cookie consent (SPEC.md section 4): the three choices, what each stores in the browser, and the
 * record the server keeps of it. Shared by the banner and the endpoint that records choices.
 */
import { z } from "zod";
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

export const consentRecordSchema = z.object({
  choice: z.enum(CONSENT_CHOICES),
  functional: z.boolean(),
  performance: z.boolean(),
  targeting: z.boolean(),
});
export type ConsentRecordInput = z.infer<typeof consentRecordSchema>;

const storedSettingsSchema = z.object({
  functional: z.boolean(),
  performance: z.boolean(),
  targeting: z.boolean(),
});

/** A stored choice, or null when there is none or it is not one of the three (the banner shows again). */
export function parseChoice(value: string | null | undefined): ConsentChoice | null {
  return (CONSENT_CHOICES as readonly string[]).includes(value ?? "") ? (value as ConsentChoice) : null;
}

/** Stored category settings; anything unreadable counts as every optional category off. */
export function parseSettings(value: string | null | undefined): CookieSettings {
  try {
    const parsed = storedSettingsSchema.safeParse(JSON.parse(value ?? "null"));
    return parsed.success ? parsed.data : ALL_OFF;
  } catch {
    return ALL_OFF;
  }
}
