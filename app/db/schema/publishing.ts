/** Revisions of editable items and the scheduled publications and unpublications. */
import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { REVISION_ACTIONS, REVISION_ENTITY_KINDS, SCHEDULED_ACTION_KINDS } from "../../lib/enums";
import { oneOf, id, createdAt } from "./columns";
import { users } from "./auth";

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
