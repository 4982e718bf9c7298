/**
 * The company's contact details as every place that lists them reads them from the public site
 * settings: the Contact page and the site assistant. One list, so they always give a visitor the
 * same addresses and numbers (SPEC.md "Contact": two e-mail addresses, two UK phone numbers, the
 * UK and USA addresses and the business hours).
 */
import { SETTING_KEYS, type SettingKey } from "../site/site-setting-keys";

export interface ContactDetails {
  emails: string[];
  phones: string[];
  offices: { label: string; address: string }[];
  hours: string[];
}

export function contactDetailsFromSettings(settings: Readonly<Record<string, string>>): ContactDetails {
  const values = (...keys: SettingKey[]) => keys.map((key) => settings[key] ?? "").filter(Boolean);
  return {
    emails: values(SETTING_KEYS.contactEmail, SETTING_KEYS.supportEmail),
    phones: values(SETTING_KEYS.phonePrimary, SETTING_KEYS.phoneSecondary),
    offices: [
      { label: "United Kingdom", address: settings[SETTING_KEYS.addressUk] ?? "" },
      { label: "United States", address: settings[SETTING_KEYS.addressUs] ?? "" },
    ].filter((office) => office.address),
    // Each setting names its days itself ("Mon-Fri 9:00-18:00", "Sunday closed").
    hours: values(
      SETTING_KEYS.businessHoursWeekdays,
      SETTING_KEYS.businessHoursSaturday,
      SETTING_KEYS.businessHoursSunday,
    ),
  };
}
