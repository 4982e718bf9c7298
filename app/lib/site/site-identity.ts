/**
 * The company's identity as the layout shows it, read from the public site settings so that a
 * company re-brands by editing settings, not code. The fallbacks keep a page whole when the
 * settings cannot be read.
 */
import { SETTING_KEYS, type SettingKey } from "./site-setting-keys";

export interface SiteIdentity {
  siteTitle: string;
  siteDescription: string;
  companyName: string;
  blurb: string;
  email: string;
  phone: string;
  address: string;
  facebookUrl: string;
  linkedinUrl: string;
  twitterUrl: string;
}

const FALLBACK_NAME = "Our company";

/**
 * A social link only when it is an http(s) address. The Settings tab checks a URL setting's value,
 * but a setting deleted and re-created as text takes anything, and a `javascript:` link in the
 * footer of every page would run when clicked.
 */
function webAddressOrNothing(value: string | undefined): string {
  const address = value?.trim() ?? "";
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? address : "";
  } catch {
    return "";
  }
}

export function siteIdentityFromSettings(settings: Readonly<Record<string, string>>): SiteIdentity {
  const setting = (key: SettingKey): string | undefined => settings[key];
  const companyName = setting(SETTING_KEYS.companyName) || setting(SETTING_KEYS.siteTitle) || FALLBACK_NAME;
  return {
    siteTitle: setting(SETTING_KEYS.siteTitle) || companyName,
    siteDescription: setting(SETTING_KEYS.siteDescription) ?? "",
    companyName,
    blurb: setting(SETTING_KEYS.companyBlurb) ?? "",
    email: setting(SETTING_KEYS.contactEmail) ?? "",
    phone: setting(SETTING_KEYS.phonePrimary) ?? "",
    address: setting(SETTING_KEYS.addressUk) ?? "",
    facebookUrl: webAddressOrNothing(setting(SETTING_KEYS.socialFacebookUrl)),
    linkedinUrl: webAddressOrNothing(setting(SETTING_KEYS.socialLinkedinUrl)),
    twitterUrl: webAddressOrNothing(setting(SETTING_KEYS.socialTwitterUrl)),
  };
}
