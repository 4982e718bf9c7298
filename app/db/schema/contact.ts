/** The contact form's submissions with their notes and replies, the mail outbox that sends replies and order mails, and the cookie-consent records. */
import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";
import { CONSENT_CHOICES, CONTACT_STATUSES, MAIL_KINDS, MAIL_STATUSES } from "../../lib/enums";
import { oneOf, notBlank, id, createdAt, updatedAt } from "./columns";
import { users } from "./auth";
import { orders } from "./commerce";

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
    // an enquiry, so the Submissions tab can filter by kind and group applications by job.
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
