/**
 * The links that let someone into the CMS without a session: an invitation, and a
 * password reset asked for on the "Forgot password?" page. Their addresses, how long a link
 * works, and the texts both the pages and the e-mails use, in one place for browser and server.
 * The tokens themselves are app/server/auth/account-tokens.server.ts's business.
 */

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** How long an invitation link works: long enough to be read after a weekend away. */
export const INVITATION_LIFETIME_MS = 7 * DAY;
/** How long a reset link works: just the time to open the mail and choose a password (OWASP). */
export const PASSWORD_RESET_LIFETIME_MS = 30 * MINUTE;

/** The lifetimes in words, for the mails and pages ("7 days", "30 minutes"). */
export const INVITATION_LIFETIME_TEXT = "7 days";
export const PASSWORD_RESET_LIFETIME_TEXT = "30 minutes";

export const FORGOT_PASSWORD_PATH = "/cms/forgot-password";
export const INVITATION_PATH = "/cms/invitation";
export const RESET_PASSWORD_PATH = "/cms/reset-password";

/** The address of a link, without the site's origin. */
export function invitationPath(token: string): string {
  return `${INVITATION_PATH}/${token}`;
}

export function resetPasswordPath(token: string): string {
  return `${RESET_PASSWORD_PATH}/${token}`;
}

/**
 * The CMS pages a visitor without a session may use: the CMS layout shows them instead of the
 * sign-in card, and a post to them is no "save after the session ended". `.data` is the address
 * React Router's own requests for the same page use.
 */
const PUBLIC_CMS_PAGE = /^\/cms\/(?:forgot-password|invitation\/[^/]+|reset-password\/[^/]+)(?:\.data)?\/?$/;

export function isPublicCmsPage(pathname: string): boolean {
  return PUBLIC_CMS_PAGE.test(pathname);
}

/**
 * An address with the token of a link replaced, for the request log: a live reset link in a log
 * file would let whoever reads the log choose the account's password.
 */
export function withoutLinkToken(url: string): string {
  return url.replace(/^(\/cms\/(?:invitation|reset-password)\/)[^/?#.]+/, "$1[token]");
}

/** The answer to every "Forgot password?" request, whether or not the address has an account. */
export const RESET_REQUESTED_MESSAGE = `If an account exists for that address, we have sent a link to choose a new password. The link works once, for ${PASSWORD_RESET_LIFETIME_TEXT}.`;

/** One message for a link that is unknown, used, expired or replaced: which of these is not said. */
export const INVALID_LINK_TITLE = "This link cannot be used";
export const INVALID_LINK_MESSAGE =
  "The link is not valid: it may have expired, been used already or been replaced by a newer one.";
