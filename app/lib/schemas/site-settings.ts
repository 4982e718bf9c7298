/**
 * The Site Settings tab's forms, shared by the browser and the server: the key format and the
 * rule each setting type puts on its value.
 */
import { z } from "./zod";
import { SETTING_TYPES, type SettingType } from "../enums";
import { GBP_RATES } from "../commerce/currency";
import { isWebAddress } from "../text/safe-links";
import { EXCHANGE_RATE_KEY_PREFIX, SETTING_KEYS } from "../site/site-setting-keys";

export const SETTING_KEY_PATTERN = /^[a-z][a-z0-9_]*$/;
export const SETTING_KEY_MESSAGE =
  "Setting key must start with a lower-case letter and contain only lower-case letters, digits and underscores (e.g. company_name)";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Digits, spaces, brackets, dots and hyphens with an optional leading +, and 6 to 15 digits. */
const PHONE_PATTERN = /^\+?[0-9 ().-]+$/;

const MAX_LENGTH: Record<SettingType, number> = {
  text: 500,
  textarea: 5000,
  email: 254,
  url: 2000,
  phone: 40,
  number: 50,
  boolean: 5,
  json: 20_000,
};

type ValueCheck = { success: true; value: string } | { success: false; error: string };

const refuse = (error: string): ValueCheck => ({ success: false, error });

const REQUIRED_KEYS = new Set<string>([SETTING_KEYS.siteTitle, SETTING_KEYS.siteDescription, SETTING_KEYS.companyName]);
const EMAIL_KEYS = new Set<string>([SETTING_KEYS.contactEmail, SETTING_KEYS.supportEmail]);
/** Shown only when set: empty hides them; anything else must be what the site can use. */
const OPTIONAL_EMAIL_KEYS = new Set<string>([SETTING_KEYS.notificationEmail]);
const OPTIONAL_PHONE_KEYS = new Set<string>([
  SETTING_KEYS.phonePrimary,
  SETTING_KEYS.phoneSecondary,
  SETTING_KEYS.phoneUs,
]);
const OPTIONAL_URL_KEYS = new Set<string>([
  SETTING_KEYS.socialFacebookUrl,
  SETTING_KEYS.socialLinkedinUrl,
  SETTING_KEYS.socialTwitterUrl,
]);
/** Longest retention the site accepts: ten years, beyond which a typo (3650 → 36500) is likelier. */
export const MAX_RETENTION_DAYS = 3650;
/** An exchange rate is units of the currency per pound; below 0.01 every price would round to nothing. */
const MIN_EXCHANGE_RATE = 0.01;
const MAX_EXCHANGE_RATE = 1_000_000;

/**
 * The rules of the keys the site reads (lib/site/site-setting-keys.ts, the exchange rates), whatever
 * type a setting was given: a value the site would ignore (an empty site title, a rate of 0) or
 * misuse (a negative retention) is refused here, with a message, rather than saved "successfully"
 * and silently replaced by a fallback. `value` is already trimmed as its type asks.
 */
function checkKnownKey(key: string, value: string): ValueCheck {
  const trimmed = value.trim();
  if (REQUIRED_KEYS.has(key) && trimmed === "") return refuse("This setting cannot be empty: the site shows it.");
  if (EMAIL_KEYS.has(key) || (OPTIONAL_EMAIL_KEYS.has(key) && trimmed !== "")) {
    if (!EMAIL_PATTERN.test(trimmed))
      return refuse("The value must be a valid e-mail address, e.g. hello@example.com.");
  }
  if (OPTIONAL_PHONE_KEYS.has(key) && trimmed !== "" && !isPhoneNumber(trimmed)) return refuse(PHONE_MESSAGE);
  if (OPTIONAL_URL_KEYS.has(key) && trimmed !== "" && !isWebAddress(trimmed)) {
    return refuse("The value must be a full web address starting with http:// or https://, or empty to hide the link.");
  }
  if (key === SETTING_KEYS.attachmentRetentionDays) {
    const days = Number(trimmed);
    if (!/^\d+$/.test(trimmed) || days > MAX_RETENTION_DAYS) {
      return refuse(`The retention must be a whole number of days from 0 to ${MAX_RETENTION_DAYS}.`);
    }
  }
  if (key.startsWith(EXCHANGE_RATE_KEY_PREFIX)) {
    const code = key.slice(EXCHANGE_RATE_KEY_PREFIX.length).toUpperCase();
    if (!Object.hasOwn(GBP_RATES, code)) {
      const known = Object.keys(GBP_RATES).map((currency) => EXCHANGE_RATE_KEY_PREFIX + currency.toLowerCase());
      return refuse(`The site has no exchange rate for "${code}"; the rates it reads are ${known.join(", ")}.`);
    }
    const rate = Number(trimmed);
    if (trimmed === "" || !Number.isFinite(rate) || rate < MIN_EXCHANGE_RATE || rate > MAX_EXCHANGE_RATE) {
      return refuse(
        `An exchange rate must be a number of ${code} per pound from ${MIN_EXCHANGE_RATE} to ${MAX_EXCHANGE_RATE.toLocaleString("en-GB")}, e.g. 1.28.`,
      );
    }
  }
  return { success: true, value };
}

const PHONE_MESSAGE =
  "The value must be a phone number: 6 to 15 digits, with optional spaces, brackets, hyphens and a leading +.";

function isPhoneNumber(value: string): boolean {
  const digits = value.replace(/\D/g, "").length;
  return PHONE_PATTERN.test(value) && digits >= 6 && digits <= 15;
}

/**
 * Checks a value against its setting type and, for a key the site reads, against that key's rule.
 * Returns the value to store (trimmed where spaces can mean nothing) or the message to show beside
 * the field.
 */
export function checkSettingValue(type: SettingType, raw: string, key?: string): ValueCheck {
  const checked = checkTypedValue(type, raw);
  return checked.success && key !== undefined ? checkKnownKey(key, checked.value) : checked;
}

function checkTypedValue(type: SettingType, raw: string): ValueCheck {
  const value = type === "text" || type === "textarea" ? raw : raw.trim();
  if (value.length > MAX_LENGTH[type]) {
    return { success: false, error: `The value is too long (at most ${MAX_LENGTH[type]} characters).` };
  }
  switch (type) {
    case "number":
      if (value === "" || !Number.isFinite(Number(value))) {
        return { success: false, error: "The value must be a number, e.g. 42 or 1.28." };
      }
      break;
    case "boolean":
      if (value !== "true" && value !== "false") {
        return { success: false, error: 'The value must be "true" or "false".' };
      }
      break;
    case "url":
      // Written plainly ("/\\evil.example", "https:/\\host" or a tab inside are refused), so the footer's
      // social links lead where they appear to.
      if (!isWebAddress(value)) {
        return { success: false, error: "The value must be a full web address starting with http:// or https://." };
      }
      break;
    case "email":
      if (!EMAIL_PATTERN.test(value)) {
        return { success: false, error: "The value must be a valid e-mail address, e.g. hello@example.com." };
      }
      break;
    case "phone":
      if (!isPhoneNumber(value)) return refuse(PHONE_MESSAGE);
      break;
    case "json":
      try {
        JSON.parse(value);
      } catch (error) {
        return { success: false, error: `The value must be valid JSON (${(error as Error).message}).` };
      }
      break;
    case "text":
      if (/[\r\n]/.test(value)) {
        return { success: false, error: "A text setting is a single line; use the textarea type for several lines." };
      }
      break;
    case "textarea":
      break;
  }
  return { success: true, value };
}

export const settingKeyField = z
  .string("Setting key is required")
  .trim()
  .min(1, "Setting key is required")
  .max(100, "Setting key is too long (at most 100 characters)")
  .regex(SETTING_KEY_PATTERN, SETTING_KEY_MESSAGE);

const settingTypeField = z.enum(SETTING_TYPES, "Choose a setting type");

/** The Add Setting form. The value is checked against the chosen type. */
export const newSettingSchema = z
  .object({
    settingKey: settingKeyField,
    settingValue: z.string().default(""),
    settingType: settingTypeField.default("text"),
    description: z
      .string()
      .trim()
      .max(1000, "Description is too long")
      .optional()
      .transform((value) => value || null),
    // The Public switch: "true" or "false"; public is the spec's default.
    isPublic: z
      .enum(["true", "false"])
      .default("true")
      .transform((value) => value === "true"),
  })
  .transform((input, context) => {
    const checked = checkSettingValue(input.settingType, input.settingValue, input.settingKey);
    if (!checked.success) {
      context.addIssue({ code: "custom", path: ["settingValue"], message: checked.error });
      return z.NEVER;
    }
    return { ...input, settingValue: checked.value };
  });
export type NewSettingInput = z.infer<typeof newSettingSchema>;

/** Saving one setting's value; the type comes from the stored setting, on the server. */
export const updateSettingSchema = z.object({
  settingKey: settingKeyField,
  settingValue: z.string("The value is required"),
});

export const deleteSettingSchema = z.object({ settingKey: settingKeyField });
