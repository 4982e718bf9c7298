/** Job openings (the Careers tab and the public careers pages). */
import { sql } from "drizzle-orm";
import { boolean, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { CAREER_TYPES } from "../../lib/enums";
import { oneOf, notBlank, id, createdAt, updatedAt, type RichTextJson } from "./columns";
import { users } from "./auth";

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
