/**
 * The database schema: every entity of SPEC.md section 3, plus users and sessions for the CMS.
 *
 * The database enforces the spec's rules itself (enumerations, uniqueness, required values), so a
 * bug in one code path cannot store a row the rest of the product does not understand.
 * Enumerations live in `app/lib/enums.ts` so forms, validation and these checks share one list.
 */
import { sql, type SQL } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from "drizzle-orm/pg-core";
import {
  ACCOUNT_TOKEN_KINDS,
  BLOCK_TYPES,
  CAREER_TYPES,
  CONSENT_CHOICES,
  CONTACT_STATUSES,
  CONTENT_STATUSES,
  CONTENT_TYPES,
  MAIL_KINDS,
  MAIL_STATUSES,
  ORDER_STATUSES,
  PENDING_SIGN_IN_KINDS,
  PAID_ORDER_STATUSES,
  PAYMENT_PROVIDERS,
  REFUND_STATUSES,
  REVISION_ACTIONS,
  REVISION_ENTITY_KINDS,
  SCHEDULED_ACTION_KINDS,
  SETTING_TYPES,
  USER_ROLES,
} from "../app/lib/enums";

/** `column IN ('a', 'b')` for a check constraint; the values are our own constants, never input. */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** The value has at least one character that is not white space (btrim alone misses tabs and newlines). */
function notBlank(column: AnyPgColumn): SQL {
  return sql`${column} ~ '\\S'`;
}

/** A stored rich-text document (ProseMirror JSON); its shape is checked by app/lib/rich-text. */
type RichTextJson = Record<string, unknown>;

const id = () => uuid("id").primaryKey().defaultRandom();
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export const navigationItems = pgTable(
  "navigation_items",
  {
    id: id(),
    title: text("title").notNull(),
    url: text("url").notNull(),
    menuPosition: text("menu_position").notNull().default("main"),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("navigation_items_title_not_blank", notBlank(table.title)),
    check("navigation_items_url_not_blank", notBlank(table.url)),
    index("navigation_items_menu_order_idx").on(table.menuPosition, table.isActive, table.sortOrder),
  ],
);

export const cookieConsents = pgTable(
  "cookie_consents",
  {
    id: id(),
    choice: text("choice").notNull(),
    strictlyNecessary: boolean("strictly_necessary").notNull().default(true),
    functional: boolean("functional").notNull(),
    performance: boolean("performance").notNull(),
    targeting: boolean("targeting").notNull(),
    policyVersion: text("policy_version").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("cookie_consents_choice_check", oneOf(table.choice, CONSENT_CHOICES)),
    // Strictly necessary cookies cannot be switched off, so a record saying otherwise is a bug.
    check("cookie_consents_strictly_necessary_check", sql`${table.strictlyNecessary} = true`),
    index("cookie_consents_created_at_idx").on(table.createdAt),
  ],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: id(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    attachmentUrl: text("attachment_url"),
    attachmentFilename: text("attachment_filename"),
    status: text("status").notNull().default("new"),
    // The job applied for (the contact page's `job` parameter): set on a job application, null on
    // an enquiry, so the inbox can filter by kind and group applications by job.
    job: text("job"),
    // Who handles it; a deleted user leaves it unassigned.
    assigneeId: uuid("assignee_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    // When someone first opened it in the CMS; null while nobody has (the tab's unread count).
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("contact_submissions_status_check", oneOf(table.status, CONTACT_STATUSES)),
    // An attachment is a stored file and its original name together, or neither.
    check(
      "contact_submissions_attachment_pair_check",
      sql`(${table.attachmentUrl} is null) = (${table.attachmentFilename} is null)`,
    ),
    index("contact_submissions_created_at_idx").on(table.createdAt.desc()),
    index("contact_submissions_status_idx").on(table.status),
    index("contact_submissions_job_idx").on(table.job),
  ],
);

/**
 * The thread of a submission in the CMS: internal notes, and replies sent to the
 * submitter through the outbox. Both go with the submission when it is erased (cascade); the
 * author's e-mail is kept beside the id so the thread still says who wrote after a user is deleted.
 */
export const submissionNotes = pgTable(
  "submission_notes",
  {
    id: id(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("submission_notes_body_not_blank", notBlank(table.body)),
    index("submission_notes_submission_idx").on(table.submissionId, table.createdAt),
  ],
);

/** A reply by e-mail: what was written, by whom, and the outbox row that carries it (its status). */
export const submissionReplies = pgTable(
  "submission_replies",
  {
    id: id(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => contactSubmissions.id, { onDelete: "cascade" }),
    mailId: uuid("mail_id").references((): AnyPgColumn => mailOutbox.id, { onDelete: "set null" }),
    authorId: uuid("author_id").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    authorEmail: text("author_email").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("submission_replies_body_not_blank", notBlank(table.body)),
    index("submission_replies_submission_idx").on(table.submissionId, table.createdAt),
    index("submission_replies_mail_idx").on(table.mailId),
  ],
);

export const careers = pgTable(
  "careers",
  {
    id: id(),
    title: text("title").notNull(),
    department: text("department").notNull().default(""),
    type: text("type").notNull().default("Full-time"),
    experience: text("experience").notNull().default(""),
    location: text("location").notNull().default(""),
    // Plain text, as the SPEC has it: what the list, JobPosting, the assistant and a never-edited
    // job page read. Saved from the editor, it is the document's text (decision 017).
    description: text("description").notNull().default(""),
    // The description as the rich-text editor's document. Null until first edited.
    document: jsonb("document").$type<RichTextJson>(),
    // The document rendered through the sanitiser: what the job page shows when present.
    descriptionHtml: text("description_html"),
    requirements: text("requirements")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    // An active opening's pending changes (the editable fields), kept off the site until Publish
    // (decisions 015 and 017); null when there are none.
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    // The trash: set when an administrator deletes the row, which then disappears from
    // the site and the lists; the retention job deletes it for good after 30 days.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("careers_draft_object_check", sql`${table.draft} is null or jsonb_typeof(${table.draft}) = 'object'`),
    check("careers_type_check", oneOf(table.type, CAREER_TYPES)),
    check("careers_title_not_blank", notBlank(table.title)),
    index("careers_active_created_at_idx").on(table.isActive, table.createdAt.desc()),
  ],
);

export const users = pgTable(
  "users",
  {
    id: id(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    // No default: every account is given its role on purpose (decision 019).
    role: text("role").notNull(),
    isActive: boolean("is_active").notNull().default(true),
    passwordChangedAt: timestamp("password_changed_at", { withTimezone: true }).notNull().defaultNow(),
    // Wrong passwords given for this account since its last sign-in, shown to its owner at the next
    // one: how many, and when and from which address the latest came.
    failedSignIns: integer("failed_sign_ins").notNull().default(0),
    lastFailedSignInAt: timestamp("last_failed_sign_in_at", { withTimezone: true }),
    lastFailedSignInFrom: text("last_failed_sign_in_from"),
    // The second factor: the TOTP secret, encrypted with the app's key
    // (server/auth/second-factor/secret-box.server.ts), once confirmed with a code; the secret of an
    // enrolment not yet confirmed; and the last time step a code was accepted for, so a code is
    // good once only (RFC 6238 section 5.2).
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    totpPendingSecret: text("totp_pending_secret"),
    totpLastTimeStep: integer("totp_last_time_step"),
    // Set when the account was recovered (its password changed or reset, or every other session
    // ended) while passkeys or an authenticator app could still sign in to it: the account page then
    // offers to remove them all, in case someone else added one. Cleared when its owner chooses.
    securityReviewSince: timestamp("security_review_since", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    // E-mail addresses are compared case-insensitively, so they are stored lower-cased and trimmed.
    check("users_email_normalised_check", sql`${table.email} = lower(${table.email}) and ${table.email} !~ '\\s'`),
    check("users_role_check", oneOf(table.role, USER_ROLES)),
    check("users_totp_enabled_check", sql`(${table.totpSecret} is null) = (${table.totpEnabledAt} is null)`),
  ],
);

/**
 * A user's ten single-use recovery codes, for when their authenticator is lost. Only a
 * SHA-256 hash of each is stored (the codes are 50 random bits, too many to guess from a hash);
 * a used code keeps its row with used_at, so the account page can say how many are left.
 */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("recovery_codes_user_hash_unique").on(table.userId, table.codeHash)],
);

/**
 * A user's passkeys (WebAuthn credentials): the credential's id and public key as the
 * authenticator gave them, its signature counter, and the name the user gave it.
 */
export const passkeys = pgTable(
  "passkeys",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The credential id, base64url, as the browser reports it. */
    credentialId: text("credential_id").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>().notNull().default([]),
    name: text("name").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("passkeys_credential_id_unique").on(table.credentialId),
    index("passkeys_user_id_idx").on(table.userId),
    check("passkeys_name_not_blank", notBlank(table.name)),
    check("passkeys_counter_non_negative", sql`${table.counter} >= 0`),
  ],
);

/**
 * A sign-in between its steps, never a session: after the right password of an account
 * with a second factor ("second_factor", user set), while a passkey signs someone in without a
 * password ("passkey", user unknown until the passkey answers), while a signed-in user
 * registers a passkey ("passkey_registration") or confirms it's them with one before a sensitive
 * change ("confirmation"). The browser holds a random token in an HttpOnly
 * cookie; only its hash is kept. Short-lived, counted (wrong codes) and deleted when used.
 */
export const pendingSignIns = pgTable(
  "pending_sign_ins",
  {
    id: id(),
    tokenHash: text("token_hash").notNull(),
    kind: text("kind").notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge handed to the browser, base64url, when one was asked for. */
    challenge: text("challenge"),
    /** Wrong codes given in this sign-in. */
    attempts: integer("attempts").notNull().default(0),
    /** Where the CMS goes once signed in, and the failed-sign-ins notice the session will show. */
    redirectTo: text("redirect_to"),
    signInNotice: jsonb("sign_in_notice").$type<{ count: number; lastAt: string; lastFrom: string | null }>(),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex("pending_sign_ins_token_hash_unique").on(table.tokenHash),
    index("pending_sign_ins_expires_at_idx").on(table.expiresAt),
    check("pending_sign_ins_kind_check", oneOf(table.kind, PENDING_SIGN_IN_KINDS)),
    check("pending_sign_ins_user_check", sql`${table.kind} = 'passkey' or ${table.userId} is not null`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: id(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    // Only a hash of the token is stored: a leaked database cannot be used to sign in.
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    // When the person last proved who they are in this session: signing in, or "confirm it's you"
    // before a sensitive change (app/server/auth/recent-sign-in.server.ts).
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    userAgent: text("user_agent"),
    // The failed sign-ins its user had not yet seen when this session began, shown for its lifetime.
    signInNotice: jsonb("sign_in_notice").$type<{ count: number; lastAt: string; lastFrom: string | null }>(),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_unique").on(table.tokenHash),
    index("sessions_user_id_idx").on(table.userId),
    index("sessions_expires_at_idx").on(table.expiresAt),
  ],
);

export const content = pgTable(
  "content",
  {
    id: id(),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    content: text("content").notNull().default(""),
    // The body as the rich-text editor's document; `content` keeps its rendered,
    // sanitised HTML, which is what the public pages read. Null until first edited in the editor.
    document: jsonb("document").$type<RichTextJson>(),
    excerpt: text("excerpt"),
    type: text("type").notNull().default("page"),
    status: text("status").notNull().default("draft"),
    featuredImageUrl: text("featured_image_url"),
    metaTitle: text("meta_title"),
    metaDescription: text("meta_description"),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    // The FIRST publication's time: kept through later publications and unpublishing
    // (docs/decisions/015-drafts-and-publishing.md departs here from SPEC.md section 4).
    publishedAt: timestamp("published_at", { withTimezone: true }),
    // The latest publication's time: the public page's "Updated" date.
    lastPublishedAt: timestamp("last_published_at", { withTimezone: true }),
    // A published item's pending changes (its editable fields), so the live row stays what the
    // public reads until Publish; null when there are none. Unpublished items are edited in the row.
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    // The trash: set when an administrator deletes the row, which then disappears from
    // the site and the lists; the retention job deletes it for good after 30 days.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("content_slug_unique").on(table.slug),
    check("content_type_check", oneOf(table.type, CONTENT_TYPES)),
    check("content_status_check", oneOf(table.status, CONTENT_STATUSES)),
    check("content_title_not_blank", notBlank(table.title)),
    check("content_slug_format_check", sql`${table.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    // A published item has its first publication's date; an unpublished one keeps it (decision 015).
    check("content_published_at_check", sql`${table.status} <> 'published' or ${table.publishedAt} is not null`),
    check("content_draft_object_check", sql`${table.draft} is null or jsonb_typeof(${table.draft}) = 'object'`),
    index("content_status_published_at_idx").on(table.status, table.publishedAt.desc()),
    index("content_updated_at_idx").on(table.updatedAt.desc()),
  ],
);

export const contentBlocks = pgTable(
  "content_blocks",
  {
    id: id(),
    name: text("name").notNull(),
    description: text("description"),
    blockType: text("block_type").notNull().default("testimonial"),
    contentData: jsonb("content_data").$type<Record<string, unknown>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    /** Place among the blocks of its type: public pages and the CMS list follow it. */
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("content_blocks_block_type_check", oneOf(table.blockType, BLOCK_TYPES)),
    check("content_blocks_content_data_object_check", sql`jsonb_typeof(${table.contentData}) = 'object'`),
    check("content_blocks_name_not_blank", notBlank(table.name)),
    index("content_blocks_name_idx").on(table.name),
    index("content_blocks_type_order_idx").on(table.blockType, table.sortOrder),
  ],
);

export const siteSettings = pgTable(
  "site_settings",
  {
    id: id(),
    settingKey: text("setting_key").notNull(),
    settingValue: text("setting_value").notNull().default(""),
    settingType: text("setting_type").notNull().default("text"),
    description: text("description"),
    isPublic: boolean("is_public").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("site_settings_setting_key_unique").on(table.settingKey),
    check("site_settings_setting_type_check", oneOf(table.settingType, SETTING_TYPES)),
    check("site_settings_key_format_check", sql`${table.settingKey} ~ '^[a-z][a-z0-9_]*$'`),
  ],
);

export const trainingCourses = pgTable(
  "training_courses",
  {
    id: id(),
    name: text("name").notNull(),
    // Plain text: the card of a never-edited course, the curriculum PDF, the Course structured
    // data and the assistant read it. Saved from the editor, it is the document's text (decision 017).
    description: text("description").notNull(),
    // The description as the rich-text editor's document. Null until first edited.
    document: jsonb("document").$type<RichTextJson>(),
    // The document rendered through the sanitiser: what the course card shows when present.
    descriptionHtml: text("description_html"),
    duration: text("duration").notNull(),
    level: text("level").notNull(),
    // Whole pounds and pence are kept exactly: money is never a floating-point column.
    price: numeric("price", { precision: 10, scale: 2, mode: "number" }).notNull(),
    originalPrice: numeric("original_price", { precision: 10, scale: 2, mode: "number" }),
    rating: numeric("rating", { precision: 2, scale: 1, mode: "number" }),
    students: integer("students").notNull().default(0),
    emoji: text("emoji").notNull().default(""),
    features: text("features")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    instructor: text("instructor"),
    lastUpdated: text("last_updated"),
    isActive: boolean("is_active").notNull().default(true),
    // An active course's pending changes (the editable fields), kept off the site and out of the
    // checkout's prices until Publish (decision 017); null when there are none.
    draft: jsonb("draft").$type<Record<string, unknown>>(),
    // The trash: set when an administrator deletes the row, which then disappears from
    // the site and the lists; the retention job deletes it for good after 30 days.
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
    deletedBy: uuid("deleted_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "training_courses_draft_object_check",
      sql`${table.draft} is null or jsonb_typeof(${table.draft}) = 'object'`,
    ),
    check("training_courses_name_not_blank", notBlank(table.name)),
    check("training_courses_price_positive", sql`${table.price} > 0`),
    check(
      "training_courses_original_price_check",
      sql`${table.originalPrice} is null or ${table.originalPrice} >= ${table.price}`,
    ),
    check("training_courses_rating_range", sql`${table.rating} is null or ${table.rating} between 0 and 5`),
    check("training_courses_students_non_negative", sql`${table.students} >= 0`),
    index("training_courses_active_name_idx").on(table.isActive, table.name),
  ],
);

export const pageContent = pgTable(
  "page_content",
  {
    id: id(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    content: text("content").notNull().default(""),
    excerpt: text("excerpt"),
    featuredImageUrl: text("featured_image_url"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("page_content_slug_unique").on(table.slug)],
);

/**
 * Old addresses that answer 301 with a new one: added by hand in the CMS, or by the
 * content editor when a published page's slug changes. Paths only (same site), never chained.
 */
export const redirects = pgTable(
  "redirects",
  {
    id: id(),
    fromPath: text("from_path").notNull(),
    toPath: text("to_path").notNull(),
    statusCode: integer("status_code").notNull().default(301),
    // True when the editor added it on a slug change; false when an administrator typed it.
    automatic: boolean("automatic").notNull().default(false),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("redirects_from_path_unique").on(table.fromPath),
    check("redirects_status_code_check", sql`${table.statusCode} = 301`),
    check(
      "redirects_paths_check",
      sql`${table.fromPath} ~ '^/' and ${table.toPath} ~ '^/' and ${table.fromPath} <> ${table.toPath}`,
    ),
  ],
);

/**
 * Single-use links into the CMS: an invitation to set up an account (the invited e-mail
 * and role), or a reset of a forgotten password (the user). Only the SHA-256 hash of the link's
 * 256-bit random token is kept, so a leaked database opens no account. A link is spent by one
 * UPDATE that sets used_at only while it is unused and unexpired (app/server/auth/account-tokens.server.ts).
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: id(),
    kind: text("kind").notNull(),
    tokenHash: text("token_hash").notNull(),
    // A reset's account; gone with it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    // An invitation's address and the role the new account gets.
    email: text("email"),
    role: text("role"),
    // Who sent the invitation; kept when that administrator is later deleted.
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("account_tokens_token_hash_unique").on(table.tokenHash),
    index("account_tokens_user_id_idx").on(table.userId),
    index("account_tokens_email_idx").on(table.email),
    check("account_tokens_kind_check", oneOf(table.kind, ACCOUNT_TOKEN_KINDS)),
    check(
      "account_tokens_target_check",
      sql`(${table.kind} = 'invitation' and ${table.email} is not null and ${table.role} is not null and ${table.userId} is null)
        or (${table.kind} = 'password_reset' and ${table.userId} is not null and ${table.email} is null and ${table.role} is null)`,
    ),
    check("account_tokens_role_check", sql`${table.role} is null or ${oneOf(table.role, USER_ROLES)}`),
    check(
      "account_tokens_email_normalised_check",
      sql`${table.email} is null or (${table.email} = lower(${table.email}) and ${table.email} !~ '\\s')`,
    ),
    check("account_tokens_expiry_check", sql`${table.expiresAt} > ${table.createdAt}`),
  ],
);

/** Who changed what, and when: one row per administrative change (issue 3, DESIGN.md security rules). */
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    // Kept when the user is later deleted, so the trail still says who it was.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    // The fields the change altered, each { before, after }, secrets left out; null on
    // entries written before then, or by a change that named no rows.
    changes: jsonb("changes").$type<Record<string, { before: unknown; after: unknown }>>(),
    createdAt: createdAt(),
  },
  (table) => [
    check("audit_log_action_not_blank", notBlank(table.action)),
    index("audit_log_created_at_idx").on(table.createdAt.desc()),
    index("audit_log_entity_idx").on(table.entity, table.entityId),
  ],
);

/**
 * The one-time code that lets the first administrator be created through the browser. Only its
 * hash is stored; a single row (id 1) that is replaced at each start while no administrator exists.
 */
export const adminSetup = pgTable(
  "admin_setup",
  {
    id: integer("id").primaryKey().default(1),
    codeHash: text("code_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [check("admin_setup_single_row", sql`${table.id} = 1`)],
);

/**
 * E-mails waiting to go out, and those that went. A request only adds a row; a background
 * loop sends due rows over SMTP when SMTP_URL is set and retries failures with a growing delay.
 * Without SMTP, the rows stay here for administrators to read in the CMS (/cms/outbox).
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: id(),
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    // Where a reply goes: the visitor's address on a notification, so the company can answer at once.
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // Kept when the submission is deleted, so the record of what was sent survives.
    submissionId: uuid("submission_id").references(() => contactSubmissions.id, { onDelete: "set null" }),
    orderId: uuid("order_id").references((): AnyPgColumn => orders.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (table) => [
    check("mail_outbox_status_check", oneOf(table.status, MAIL_STATUSES)),
    check("mail_outbox_kind_check", oneOf(table.kind, MAIL_KINDS)),
    check("mail_outbox_to_address_not_blank", notBlank(table.toAddress)),
    check("mail_outbox_subject_not_blank", notBlank(table.subject)),
    check("mail_outbox_attempts_non_negative", sql`${table.attempts} >= 0`),
    // A mail has a sending time exactly when it was sent.
    check("mail_outbox_sent_at_check", sql`(${table.status} = 'sent') = (${table.sentAt} is not null)`),
    // What the sender claims next: due pending mail, oldest first.
    index("mail_outbox_due_idx").on(table.status, table.nextAttemptAt, table.createdAt),
    index("mail_outbox_created_at_idx").on(table.createdAt.desc()),
    index("mail_outbox_submission_id_idx").on(table.submissionId),
    index("mail_outbox_order_id_idx").on(table.orderId),
  ],
);

/** Money in a currency's major unit (pounds, yen), exactly: never a floating-point column. */
const money = (name: string) => numeric(name, { precision: 12, scale: 2, mode: "number" });
/** Units of a currency per pound sterling, as used when an order was priced. */
const exchangeRate = (name: string) => numeric(name, { precision: 14, scale: 6, mode: "number" });

/**
 * A guest's order. The server prices it from training_courses and the exchange rates at
 * checkout and freezes the result in order_items, so later price or rate changes never alter it.
 */
export const orders = pgTable(
  "orders",
  {
    id: id(),
    status: text("status").notNull().default("pending"),
    currency: text("currency").notNull(),
    total: money("total").notNull(),
    provider: text("provider").notNull(),
    // The Checkout Session (Stripe) or test-mode session that collects the payment.
    providerSessionId: text("provider_session_id"),
    // Known once the payment page has collected it.
    customerEmail: text("customer_email"),
    // Stripe's PaymentIntent that took the money (from the completed Checkout Session): what a
    // refund names, and how a refund made in Stripe's dashboard finds its order.
    providerPaymentId: text("provider_payment_id"),
    // What went back to the customer so far, in the order's currency: the sum of its live refunds.
    amountRefunded: money("amount_refunded").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (table) => [
    check("orders_status_check", oneOf(table.status, ORDER_STATUSES)),
    check("orders_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("orders_currency_format", sql`${table.currency} ~ '^[A-Z]{3}$'`),
    check("orders_total_non_negative", sql`${table.total} >= 0`),
    // An order has a payment time exactly when it was paid (refunded orders were paid first).
    check("orders_paid_at_check", sql`(${oneOf(table.status, PAID_ORDER_STATUSES)}) = (${table.paidAt} is not null)`),
    // Never more back than was paid, and nothing back on an order that was never paid.
    check(
      "orders_amount_refunded_range",
      sql`${table.amountRefunded} >= 0 and ${table.amountRefunded} <= ${table.total}`,
    ),
    uniqueIndex("orders_provider_session_unique").on(table.provider, table.providerSessionId),
    index("orders_created_at_idx").on(table.createdAt.desc()),
    index("orders_status_idx").on(table.status),
  ],
);

/** One course of an order, frozen at checkout: what was bought, at which price and rate. */
export const orderItems = pgTable(
  "order_items",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    // Kept when the course is deleted later: the name and prices below still say what was bought.
    courseId: uuid("course_id").references(() => trainingCourses.id, { onDelete: "set null" }),
    courseName: text("course_name").notNull(),
    position: integer("position").notNull(),
    // The course's price in pounds when ordered, and what it came to in the order's currency.
    basePrice: money("base_price").notNull(),
    unitPrice: money("unit_price").notNull(),
    currency: text("currency").notNull(),
    exchangeRate: exchangeRate("exchange_rate").notNull(),
  },
  (table) => [
    check("order_items_unit_price_non_negative", sql`${table.unitPrice} >= 0`),
    check("order_items_exchange_rate_positive", sql`${table.exchangeRate} > 0`),
    uniqueIndex("order_items_order_position_unique").on(table.orderId, table.position),
  ],
);

/**
 * Everything the payment provider told us about an order, once each: the unique (provider, event id)
 * pair is what makes a replayed webhook change nothing.
 */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    // The order's status before and after the event; equal when the event changed nothing.
    fromStatus: text("from_status").notNull(),
    toStatus: text("to_status").notNull(),
    detail: text("detail"),
    createdAt: createdAt(),
  },
  (table) => [
    check("payment_events_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    uniqueIndex("payment_events_provider_event_unique").on(table.provider, table.eventId),
    index("payment_events_order_idx").on(table.orderId, table.createdAt),
  ],
);

/**
 * Money sent back to a customer, one row per refund at the provider: the unique
 * (provider, refund id) pair is what makes a refund seen twice (the CMS's own answer, then Stripe's
 * webhook about it) count once. The order's amount_refunded is the sum of its live rows.
 */
export const orderRefunds = pgTable(
  "order_refunds",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    // Stripe's refund id (re_...), or the test-mode refund's own id.
    refundId: text("refund_id").notNull(),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    status: text("status").notNull(),
    reason: text("reason"),
    // Who refunded in the CMS; null for a refund made elsewhere (Stripe's dashboard) and reported by the webhook.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check("order_refunds_provider_check", oneOf(table.provider, PAYMENT_PROVIDERS)),
    check("order_refunds_status_check", oneOf(table.status, REFUND_STATUSES)),
    check("order_refunds_amount_positive", sql`${table.amount} > 0`),
    uniqueIndex("order_refunds_provider_refund_unique").on(table.provider, table.refundId),
    index("order_refunds_order_idx").on(table.orderId, table.createdAt),
  ],
);

/** Internal notes on an order: who wrote what, and when. Never shown to the customer. */
export const orderNotes = pgTable(
  "order_notes",
  {
    id: id(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    // Kept when the user is later deleted, so the note still says who wrote it.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("order_notes_body_not_blank", notBlank(table.body)),
    check("order_notes_body_length", sql`char_length(${table.body}) <= 2000`),
    index("order_notes_order_idx").on(table.orderId, table.createdAt),
  ],
);

/**
 * Questions the site assistant found no answer to in the site's content, so that
 * administrators see where the content has gaps. Only the question's text is kept, with e-mail
 * addresses, numbers and links removed, one row per distinct question with how often it came.
 * Conversations themselves are never stored.
 */
export const unansweredQuestions = pgTable(
  "unanswered_questions",
  {
    id: id(),
    question: text("question").notNull(),
    timesAsked: integer("times_asked").notNull().default(1),
    firstAskedAt: timestamp("first_asked_at", { withTimezone: true }).notNull().defaultNow(),
    lastAskedAt: timestamp("last_asked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("unanswered_questions_question_not_blank", notBlank(table.question)),
    check("unanswered_questions_times_asked_positive", sql`${table.timesAsked} > 0`),
    uniqueIndex("unanswered_questions_question_unique").on(table.question),
    index("unanswered_questions_last_asked_idx").on(table.lastAskedAt.desc()),
  ],
);

/**
 * Rate-limit windows shared by every instance on one PostgreSQL (docs/decisions/011): one row per
 * limited key (the limiter's name and, say, the client address), with the hits of its current fixed
 * window. Rows of ended windows are deleted now and then; nothing else reads this table.
 */
export const rateLimitWindows = pgTable(
  "rate_limit_windows",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
  },
  (table) => [
    check("rate_limit_windows_hits_positive", sql`${table.hits} > 0`),
    index("rate_limit_windows_reset_at_idx").on(table.resetAt),
  ],
);

/** One generated file of a library image: a width in a format, or the 1200x630 social card. */
export interface MediaVariant {
  /** The storage key, which is also its public file name under /media/. */
  key: string;
  format: "avif" | "webp" | "jpeg";
  width: number;
  height: number;
  /** "social" for the focal-point crop used as og:image; absent for the responsive widths. */
  purpose?: "social";
}

/**
 * The media library: an uploaded image, checked by content and re-encoded, with its
 * generated variants. `version` is part of every variant's file name, so replacing the file (or
 * moving the focal point) gives new addresses that browsers may cache for good.
 */
export const media = pgTable(
  "media",
  {
    id: id(),
    // The re-encoded original (metadata stripped, orientation applied): never served as uploaded.
    storageKey: text("storage_key").notNull(),
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    // Required before the image is placed on a page, but an upload may leave it empty for later.
    altText: text("alt_text").notNull().default(""),
    caption: text("caption").notNull().default(""),
    focalX: numeric("focal_x", { precision: 4, scale: 3, mode: "number" }).notNull().default(0.5),
    focalY: numeric("focal_y", { precision: 4, scale: 3, mode: "number" }).notNull().default(0.5),
    // For display only: the visitor's file name never names anything in storage.
    originalName: text("original_name").notNull().default(""),
    version: text("version").notNull(),
    variants: jsonb("variants").$type<MediaVariant[]>().notNull().default([]),
    uploadedBy: uuid("uploaded_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    check(
      "media_mime_type_check",
      oneOf(table.mimeType, ["image/jpeg", "image/png", "image/webp", "image/avif", "image/gif"]),
    ),
    check("media_dimensions_positive", sql`${table.width} > 0 and ${table.height} > 0 and ${table.byteSize} > 0`),
    check("media_focal_point_range", sql`${table.focalX} between 0 and 1 and ${table.focalY} between 0 and 1`),
    check("media_variants_array_check", sql`jsonb_typeof(${table.variants}) = 'array'`),
    index("media_created_at_idx").on(table.createdAt.desc()),
  ],
);

/**
 * Every save of a content item, job opening or course keeps one revision: the editable
 * fields as they were saved, who saved them and what the save did. Old ones are pruned by the rule
 * of app/server/publishing/revisions.server.ts (docs/decisions/015-drafts-and-publishing.md).
 */
export const revisions = pgTable(
  "revisions",
  {
    id: id(),
    entityKind: text("entity_kind").notNull(),
    // No foreign key: one table serves three, and a deleted item's history may outlive it.
    entityId: uuid("entity_id").notNull(),
    action: text("action").notNull(),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
    // Kept when the user is later deleted, so the history still says who it was.
    userId: uuid("user_id").references(() => users.id, { onDelete: "set null" }),
    userEmail: text("user_email").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check("revisions_entity_kind_check", oneOf(table.entityKind, REVISION_ENTITY_KINDS)),
    check("revisions_action_check", oneOf(table.action, REVISION_ACTIONS)),
    check("revisions_snapshot_object_check", sql`jsonb_typeof(${table.snapshot}) = 'object'`),
    index("revisions_entity_idx").on(table.entityKind, table.entityId, table.createdAt.desc()),
  ],
);

/**
 * Publications and unpublications to carry out at a time. A pending row has no
 * done_at; the server loop claims due rows inside a transaction with FOR UPDATE SKIP LOCKED, so
 * exactly one instance carries each out (app/server/publishing/scheduler.server.ts).
 */
export const scheduledActions = pgTable(
  "scheduled_actions",
  {
    id: id(),
    entityKind: text("entity_kind").notNull(),
    entityId: uuid("entity_id").notNull(),
    action: text("action").notNull(),
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    createdBy: uuid("created_by").references(() => users.id, { onDelete: "set null" }),
    createdByEmail: text("created_by_email").notNull(),
    createdAt: createdAt(),
    doneAt: timestamp("done_at", { withTimezone: true }),
    // Why a due action could not be carried out (the item was gone, its slug taken ...); null when it was.
    error: text("error"),
  },
  (table) => [
    check("scheduled_actions_entity_kind_check", oneOf(table.entityKind, REVISION_ENTITY_KINDS)),
    check("scheduled_actions_action_check", oneOf(table.action, SCHEDULED_ACTION_KINDS)),
    index("scheduled_actions_due_idx")
      .on(table.runAt)
      .where(sql`${table.doneAt} is null`),
    index("scheduled_actions_entity_idx").on(table.entityKind, table.entityId),
  ],
);
