/**
 * The company's identity as the layout shows it, read from the public site settings so that a
 * company re-brands by editing settings, not code. The fallbacks keep a page whole when the
 * settings cannot be read.
 */
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
  const companyName = settings.company_name || settings.site_title || FALLBACK_NAME;
  return {
    siteTitle: settings.site_title || companyName,
    siteDescription: settings.site_description ?? "",
    companyName,
    blurb: settings.company_blurb ?? "",
    email: settings.contact_email ?? "",
    phone: settings.phone_primary ?? "",
    address: settings.address_uk ?? "",
    facebookUrl: webAddressOrNothing(settings.social_facebook_url),
    linkedinUrl: webAddressOrNothing(settings.social_linkedin_url),
    twitterUrl: webAddressOrNothing(settings.social_twitter_url),
  };
}
