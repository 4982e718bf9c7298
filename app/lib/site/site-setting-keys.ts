/**
 * The site-setting keys the code reads, in one typed list, so a key is spelt once: the code writes
 * `settings[SETTING_KEYS.companyName]`, never the raw "company_name". An administrator may add
 * other keys in the CMS; only the ones the site itself reads are here (the seed creates them all).
 */
export const SETTING_KEYS = {
  siteTitle: "site_title",
  siteDescription: "site_description",
  companyName: "company_name",
  companyBlurb: "company_blurb",
  contactEmail: "contact_email",
  supportEmail: "support_email",
  phonePrimary: "phone_primary",
  phoneSecondary: "phone_secondary",
  phoneUs: "phone_us",
  addressUk: "address_uk",
  addressUs: "address_us",
  businessHoursWeekdays: "business_hours_weekdays",
  businessHoursSaturday: "business_hours_saturday",
  businessHoursSunday: "business_hours_sunday",
  socialFacebookUrl: "social_facebook_url",
  socialLinkedinUrl: "social_linkedin_url",
  socialTwitterUrl: "social_twitter_url",
  notificationEmail: "notification_email",
  attachmentRetentionDays: "attachment_retention_days",
  requireAdminSecondFactor: "require_admin_second_factor",
} as const;

/** A key the site reads. */
export type SettingKey = (typeof SETTING_KEYS)[keyof typeof SETTING_KEYS];

/** The prefix of the keys that hold an exchange rate from GBP: `exchange_rate_usd`, ... (lib/commerce/currency.ts). */
export const EXCHANGE_RATE_KEY_PREFIX = "exchange_rate_";
