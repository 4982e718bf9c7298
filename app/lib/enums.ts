/**
 * The enumerations of SPEC.md sections 3 and 4. The database check constraints, the forms and the
 * validation schemas all read these lists, so a value is allowed in one place only if it is in all.
 */

export const CONTACT_STATUSES = ["new", "in_progress", "resolved", "spam"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

export const CONTENT_TYPES = ["page", "blog_post", "service", "case_study"] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTENT_STATUSES = ["draft", "published", "archived"] as const;
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** The first entry of each list is the default the spec names. */
export const BLOCK_TYPES = ["testimonial", "feature", "team_member", "service_card", "hero", "cta"] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const CAREER_TYPES = ["Full-time", "Part-time", "Contract", "Internship"] as const;
export type CareerType = (typeof CAREER_TYPES)[number];

export { CONSENT_CHOICES, type ConsentChoice } from "./consent/consent-choices";

/** How the CMS edits and validates a setting's value; "text" is the spec's default. */
export const SETTING_TYPES = ["text", "textarea", "email", "url", "phone", "number", "boolean", "json"] as const;
export type SettingType = (typeof SETTING_TYPES)[number];

/**
 * The CMS roles: Administrator, Editor and Support. What each may do is in one table,
 * app/lib/auth/permissions.ts; docs/decisions/019 says what became of the old "user" role.
 */
export const USER_ROLES = ["admin", "editor", "support"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/**
 * The roles an administrator may invite someone with, in the order the form offers
 * them: every role.
 */
export const INVITATION_ROLES = USER_ROLES;

/** A single-use link's purpose: an invitation to set up an account, or a reset of a forgotten password. */
export const ACCOUNT_TOKEN_KINDS = ["invitation", "password_reset"] as const;
export type AccountTokenKind = (typeof ACCOUNT_TOKEN_KINDS)[number];

/** An outbox mail waits ("pending"), went out ("sent"), or was given up after its last retry ("failed"). */
export const MAIL_STATUSES = ["pending", "sent", "failed"] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * Why a mail was written: a new submission told to the company or thanked to its sender, a paid
 * order confirmed, an invitation to the CMS, a link to reset a forgotten password, or a change to a
 * user's sign-in security (a second factor added, removed or reset), or a reply to a submission
 * written in the CMS's Submissions tab.
 */
export const MAIL_KINDS = [
  "notification",
  "acknowledgement",
  "order_confirmation",
  "invitation",
  "password_reset",
  "account_security",
  "submission_reply",
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/**
 * An order waits for payment ("pending"), waits for a delayed payment method to settle
 * ("processing"), is paid, or ended without payment: the payment failed, or the checkout expired or
 * was cancelled. A paid order may later be refunded in part or in full; see
 * app/server/commerce/orders.server.ts for the transitions and refunds.server.ts for refunds.
 */
export const ORDER_STATUSES = [
  "pending",
  "processing",
  "paid",
  "partially_refunded",
  "refunded",
  "failed",
  "expired",
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses of an order that was paid: money was taken, even if some or all went back since. */
export const PAID_ORDER_STATUSES = ["paid", "partially_refunded", "refunded"] as const satisfies readonly OrderStatus[];

/** Where a refund is: Stripe's refund statuses (a test-mode refund succeeds at once). */
export const REFUND_STATUSES = ["pending", "succeeded", "failed", "canceled", "requires_action"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** Who took the payment: Stripe Checkout, or the built-in test-mode page when Stripe is not configured. */
export const PAYMENT_PROVIDERS = ["stripe", "test"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** What a revision or a scheduled action belongs to: a content item, a job opening or a course. */
export const REVISION_ENTITY_KINDS = ["content", "career", "course"] as const;
export type RevisionEntityKind = (typeof REVISION_ENTITY_KINDS)[number];

/** What made a revision: every save keeps one, named by the editor's action that made it. */
export const REVISION_ACTIONS = ["saved", "published", "unpublished", "restored", "scheduled"] as const;
export type RevisionAction = (typeof REVISION_ACTIONS)[number];

/** What the server does to an item at a scheduled time. */
export const SCHEDULED_ACTION_KINDS = ["publish", "unpublish"] as const;
export type ScheduledActionKind = (typeof SCHEDULED_ACTION_KINDS)[number];

/**
 * A sign-in between its steps: the second step after a password, a password-less passkey sign-in,
 * a signed-in user registering a passkey, or a signed-in user confirming it's them with a passkey
 * before a sensitive change.
 */
export const PENDING_SIGN_IN_KINDS = ["second_factor", "passkey", "passkey_registration", "confirmation"] as const;
export type PendingSignInKind = (typeof PENDING_SIGN_IN_KINDS)[number];
