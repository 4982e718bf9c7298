/** What the CMS edits for the public site: content items, blocks, site settings, page records, redirects and the navigation. */
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
import { BLOCK_TYPES, CONTENT_STATUSES, CONTENT_TYPES, SETTING_TYPES } from "../../lib/enums";
import { oneOf, notBlank, id, createdAt, updatedAt, type RichTextJson } from "./columns";
import { users } from "./auth";

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
