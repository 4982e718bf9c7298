/**
 * Internal notes on an order: what the team needs to remember about it (a call with the
 * customer, why it was refunded), with who wrote each and when. Notes are never shown to the
 * customer; each is audited (without its text, which the note itself keeps).
 */
import { asc, eq } from "drizzle-orm";
import { orderNotes } from "../../db/schema";
import { auditedChange, type Actor } from "../platform/audit.server";
import { isUuid } from "../../lib/schemas/id";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { findOrder } from "./orders.server";

export type OrderNote = typeof orderNotes.$inferSelect;

export const NOTE_MAX_LENGTH = 2000;

export const NOTE_MESSAGES = {
  notFound: "This order no longer exists.",
  empty: "Write the note before adding it.",
  tooLong: `A note can be at most ${NOTE_MAX_LENGTH} characters.`,
} as const;

/** Adds a note to an order, by `actor`, now. */
export async function addOrderNote(db: Database, actor: Actor, orderId: string, text: string): Promise<OrderNote> {
  const body = text.replace(/\r\n?/g, "\n").trim();
  if (!body) throw new ExpectedError(NOTE_MESSAGES.empty, { field: "note" });
  if (body.length > NOTE_MAX_LENGTH) throw new ExpectedError(NOTE_MESSAGES.tooLong, { field: "note" });
  if (!isUuid(orderId) || !(await findOrder(db, orderId)))
    throw new ExpectedError(NOTE_MESSAGES.notFound, { status: 404 });
  return auditedChange(
    db,
    actor,
    async (tx) => {
      const [note] = await tx
        .insert(orderNotes)
        .values({ orderId, body, userId: actor.id, userEmail: actor.email })
        .returning();
      return note!;
    },
    (note) => ({ action: "order.note", entity: "orders", entityId: orderId, details: { noteId: note.id } }),
  );
}

/** An order's notes, oldest first, as a thread reads. */
export async function listOrderNotes(db: Database, orderId: string): Promise<OrderNote[]> {
  return db
    .select()
    .from(orderNotes)
    .where(eq(orderNotes.orderId, orderId))
    .orderBy(asc(orderNotes.createdAt), asc(orderNotes.id));
}
