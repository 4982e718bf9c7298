/**
 * The Site Settings tab's forms, shared by the browser and the server: the key format and the
 * rule each setting type puts on its value.
 */
import { z } from "./zod";
import { SETTING_TYPES, type SettingType } from "../enums";
import { isWebAddress } from "../safe-links";

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

/**
 * Checks a value against its setting type. Returns the value to store (trimmed where spaces can
 * mean nothing) or the message to show beside the field.
 */
export function checkSettingValue(
  type: SettingType,
  raw: string,
): { success: true; value: string } | { success: false; error: string } {
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
    case "phone": {
      const digits = value.replace(/\D/g, "").length;
      if (!PHONE_PATTERN.test(value) || digits < 6 || digits > 15) {
        return {
          success: false,
          error:
            "The value must be a phone number: 6 to 15 digits, with optional spaces, brackets, hyphens and a leading +.",
        };
      }
      break;
    }
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
    const checked = checkSettingValue(input.settingType, input.settingValue);
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
