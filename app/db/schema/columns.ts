/** The column helpers and check-constraint builders every table of the schema uses. */
import { sql, type SQL } from "drizzle-orm";
import { timestamp, uuid, type AnyPgColumn } from "drizzle-orm/pg-core";

/** `column IN ('a', 'b')` for a check constraint; the values are our own constants, never input. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(", "))})`;
}

/** The value has at least one character that is not white space (btrim alone misses tabs and newlines). */
export function notBlank(column: AnyPgColumn): SQL {
  return sql`${column} ~ '\\S'`;
}

/** A stored rich-text document (ProseMirror JSON); its shape is checked by app/lib/rich-text. */
export type RichTextJson = Record<string, unknown>;

export const id = () => uuid("id").primaryKey().defaultRandom();
export const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();
