/** The audit log: every change an administrator makes, with who, what, when and which record. */
import { desc } from "drizzle-orm";
import { auditLog } from "../../../db/schema";
import type { Database } from "./db/db.server";

export interface Actor {
  id: string;
  email: string;
}

export async function recordAudit(
  db: Database,
  actor: Actor,
  action: string,
  entity: string,
  entityId: string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ userId: actor.id, userEmail: actor.email, action, entity, entityId, details });
}

export async function listAudit(db: Database, limit = 100) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}
