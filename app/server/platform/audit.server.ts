/** The audit log: every change an administrator makes, with who, what, when and which record. */
import { desc } from "drizzle-orm";
import { auditLog } from "../../../db/schema";
import type { Database } from "./db/db.server";

export interface Actor {
  id: string;
  email: string;
}

/** Who a recorded change is by: an Actor, or (a scheduled action of a since-deleted user) only their e-mail. */
export type AuditActor = Actor | { id: string | null; email: string };

export async function recordAudit(
  db: Database,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ userId: actor.id, userEmail: actor.email, action, entity, entityId, details });
}

/** What one change records: the action ("content.update"), the table, the row and what changed. */
export interface AuditEntry {
  action: string;
  entity: string;
  entityId: string | null;
  details?: Record<string, unknown>;
}

/**
 * Makes a change and its audit entry in one transaction, so neither is ever kept without the
 * other. Entity modules call this for every administrator's write: a route cannot forget the log.
 * `describe` may return null when nothing changed (nothing is then recorded).
 */
export async function auditedChange<T>(
  db: Database,
  actor: AuditActor,
  change: (tx: Database) => Promise<T>,
  describe: (result: T) => AuditEntry | null,
): Promise<T> {
  return db.transaction(async (tx) => {
    const result = await change(tx);
    const entry = describe(result);
    if (entry) await recordAudit(tx, actor, entry.action, entry.entity, entry.entityId, entry.details);
    return result;
  });
}

export async function listAudit(db: Database, limit = 100) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
