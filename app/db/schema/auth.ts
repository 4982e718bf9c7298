/** CMS accounts: users, their sessions, second factors (recovery codes, passkeys), pending sign-ins, invitation and reset tokens, and the first-run set-up code. */
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ACCOUNT_TOKEN_KINDS, PENDING_SIGN_IN_KINDS, USER_ROLES } from "../../lib/enums";
import { oneOf, notBlank, id, createdAt, updatedAt } from "./columns";

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
