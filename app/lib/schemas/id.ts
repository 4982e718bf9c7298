import { z } from "./zod";

/**
 * A row id: a UUID in its text form, in any case, as PostgreSQL's uuid type reads it. An id from an
 * address or a form is checked with this before it reaches a query, so a malformed one is simply
 * "not found", never a database error.
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** The same check for a Zod schema (a form's `id` field), with the form's own message. */
export function idField(message?: string) {
  return z.string().regex(UUID_PATTERN, message);
}

export const idSchema = idField();
