/**
 * The optional cookie categories a visitor chooses between (SPEC.md "Cookie banner"), as the
 * settings dialog describes them. Part of what a consent agrees to: cookie-policy-version.test.ts
 * fails when they change without a new COOKIE_POLICY_VERSION. Kept out of cookie-consent.ts so
 * their text loads only with the dialog, not on every page.
 */
import type { CookieSettings } from "./cookie-consent";

export const COOKIE_CATEGORIES: readonly { key: keyof CookieSettings; title: string; description: string }[] = [
  {
    key: "functional",
    title: "Functional",
    description: "Remember optional preferences, such as the choices you make in embedded features.",
  },
  {
    key: "performance",
    title: "Performance",
    description: "Help us understand, through anonymous statistics, how the site is used so we can improve it.",
  },
  {
    key: "targeting",
    title: "Targeting",
    description: "Allow relevant information about our services to be shown to you on other sites.",
  },
];
