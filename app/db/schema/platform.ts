/** What every domain builds on: the audit log, rate-limit windows and the assistant's unanswered questions. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { notBlank, id, createdAt } from "./columns";
import { users } from "./auth";

/** Who changed what, and when: one row per administrative change (DESIGN.md security rules). */
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
