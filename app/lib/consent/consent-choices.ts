/**
 * The cookie banner's choices (SPEC.md section 3's cookie_consents.choice), re-exported by enums.ts
 * with the other enumerations. In a module of their own because the banner is on every public
 * page: importing enums.ts there put every enumeration the CMS uses into the script every visitor
 * loads.
 */
export const CONSENT_CHOICES = ["accepted", "rejected", "customized"] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];
