/** The media library: uploaded images and their generated variants. */
import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, numeric, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { oneOf, id, createdAt, updatedAt } from "./columns";
import { users } from "./auth";

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
