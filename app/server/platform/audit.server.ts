/**
 * The audit log: every change made in the CMS, with who, what, when, which record, and (from issue
 * 18) the fields that changed, before and after, so the log reads as a history.
 */
import { and, count, desc, eq, gte, inArray, lt, type SQL } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import type { Database } from "./db/db.server";

export interface Actor {
  id: string;
  email: string;
}

/** Who a recorded change is by: an Actor, or (a scheduled action of a since-deleted user) only their e-mail. */
export type AuditActor = Actor | { id: string | null; email: string };

/** A row as it was before or after a change: its columns by name (a Drizzle row will do). */
export type AuditedRow = Readonly<Record<string, unknown>>;

/** One changed field: its value before and after (null for a row created or deleted). */
export interface FieldChange {
  before: unknown;
  after: unknown;
}

/** What `audit_log.changes` holds: the changed fields only, by column name. */
export type FieldChanges = Record<string, FieldChange>;

/**
 * Fields never written to the log, whatever the table: secrets (password hashes, tokens, TOTP
 * secrets, recovery codes, passkey keys), matched by name so a column added later is covered too.
 * The log is read by every administrator and exported as CSV; a secret there would outlive its
 * rotation.
 */
const SECRET_FIELD_PARTS = [
  "password",
  "passphrase",
  "hash",
  "token",
  "secret",
  "totp",
  "recovery",
  "credential",
  "publickey",
  "privatekey",
  "apikey",
  "session",
  "csrf",
  "passkey",
  "webauthn",
  "challenge",
] as const;
const SECRET_FIELD_NAMES = new Set(["otp", "code", "key"]);

/**
 * Bookkeeping that changes with every write and says nothing about what the person changed; and
 * the rich-text editor's document, whose change the HTML rendered from it shows readably.
 */
const IGNORED_FIELDS = new Set(["id", "createdAt", "updatedAt", "document"]);

/** Long values (a page's body) are kept to this many characters, so one edit cannot bloat the log. */
export const MAX_AUDIT_VALUE_LENGTH = 1000;

export function isSecretField(name: string): boolean {
  const key = name.toLowerCase().replace(/[_\-\s]/g, "");
  return SECRET_FIELD_NAMES.has(key) || SECRET_FIELD_PARTS.some((part) => key.includes(part));
}

/** A value as the log keeps it: JSON-safe, dates as ISO text, long text cut short. */
function loggedValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") {
    return value.length > MAX_AUDIT_VALUE_LENGTH ? `${value.slice(0, MAX_AUDIT_VALUE_LENGTH)}…` : value;
  }
  if (value !== null && typeof value === "object") {
    const text = JSON.stringify(value);
    return text.length > MAX_AUDIT_VALUE_LENGTH ? `${text.slice(0, MAX_AUDIT_VALUE_LENGTH)}…` : value;
  }
  return value;
}

function comparable(value: unknown): string {
  if (value === undefined || value === null) return "null";
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  return JSON.stringify(value);
}

/**
 * The fields that differ between two versions of a row, secrets and bookkeeping left out. A row
 * created (`before` null) or deleted (`after` null) lists every field it had. Null when nothing
 * is left to show, so an unchanged save stores no empty object.
 */
export function changedFields(before: AuditedRow | null, after: AuditedRow | null): FieldChanges | null {
  if (!before && !after) return null;
  const changes: FieldChanges = {};
  const names = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const name of names) {
    if (IGNORED_FIELDS.has(name) || isSecretField(name)) continue;
    const old = before?.[name];
    const now = after?.[name];
    if (before && after && comparable(old) === comparable(now)) continue;
    if (!before && (now === null || now === undefined)) continue;
    if (!after && (old === null || old === undefined)) continue;
    changes[name] = { before: before ? loggedValue(old) : null, after: after ? loggedValue(now) : null };
  }
  return Object.keys(changes).length > 0 ? changes : null;
}

/** Secrets taken out of `details` too: a caller's summary must not carry one either. */
function withoutSecrets(details: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(details).filter(([name]) => !isSecretField(name)));
}

/** The row before and after a change, for the log's history (either may be null or left out). */
export interface AuditedRows {
  before?: AuditedRow | null;
  after?: AuditedRow | null;
}

export async function recordAudit(
  db: Database,
  actor: AuditActor,
  action: string,
  entity: string,
  entityId: string | null,
  details: Record<string, unknown> = {},
  rows: AuditedRows = {},
): Promise<void> {
  const changes =
    rows.before === undefined && rows.after === undefined
      ? null
      : changedFields(rows.before ?? null, rows.after ?? null);
  await db.insert(auditLog).values({
    userId: actor.id,
    userEmail: actor.email,
    action,
    entity,
    entityId,
    details: withoutSecrets(details),
    changes,
  });
}

/** What one change records: the action ("content.update"), the table, the row and what changed. */
export interface AuditEntry extends AuditedRows {
  action: string;
  entity: string;
  entityId: string | null;
  details?: Record<string, unknown>;
}

/**
 * Makes a change and its audit entry in one transaction, so neither is ever kept without the
 * other. Entity modules call this for every administrator's write: a route cannot forget the log.
 * `describe` may return null when nothing changed (nothing is then recorded); its `before` and
 * `after` rows, when given, are kept as the fields that changed.
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
    if (entry) {
      await recordAudit(tx, actor, entry.action, entry.entity, entry.entityId, entry.details, {
        before: entry.before,
        after: entry.after,
      });
    }
    return result;
  });
}

export async function listAudit(db: Database, limit = 100) {
  return db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
}

export type AuditLogRow = typeof auditLog.$inferSelect;

/** The audit history's filters: who (their e-mail), which tables, and a half-open time range. */
export interface AuditFilter {
  userEmail?: string;
  entities?: readonly string[];
  from?: Date;
  /** Exclusive. */
  until?: Date;
}

function auditConditions(filter: AuditFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.userEmail) conditions.push(eq(auditLog.userEmail, filter.userEmail));
  if (filter.entities) conditions.push(inArray(auditLog.entity, [...filter.entities]));
  if (filter.from) conditions.push(gte(auditLog.createdAt, filter.from));
  if (filter.until) conditions.push(lt(auditLog.createdAt, filter.until));
  return conditions.length > 0 ? and(...conditions) : undefined;
}

/** One page of the history, newest first, with how many entries match in all. */
export async function searchAudit(
  db: Database,
  filter: AuditFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const where = auditConditions(filter);
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/** Every matching entry, newest first, for the CSV export (bounded, so one request cannot run away). */
export function exportAudit(db: Database, filter: AuditFilter, limit = 50_000): Promise<AuditLogRow[]> {
  return db
    .select()
    .from(auditLog)
    .where(auditConditions(filter))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** The people who appear in the log (for the "person" filter), by e-mail. */
export async function auditPeople(db: Database): Promise<string[]> {
  const rows = await db
    .selectDistinct({ email: auditLog.userEmail })
    .from(auditLog)
    .orderBy(auditLog.userEmail)
    .limit(500);
  return rows.map((row) => row.email);
}
