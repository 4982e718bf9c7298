/**
 * What a server actually stored, read straight from its database with the app's own connection
 * code: PGlite's files once the server has stopped (PGlite is one process's; the directory lock
 * says so), or PostgreSQL at any time. The run compares this with what visitors were told.
 */
import fs from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import { openDatabase, type Database, type DatabaseTarget } from "../../app/server/platform/db/db.server";

export interface StoredSubmission {
  subject: string;
  status: string;
  attachmentUrl: string | null;
}

export interface StoredOrder {
  id: string;
  status: string;
  provider: string;
  providerSessionId: string | null;
  lines: number;
}

export interface StoredMail {
  id: string;
  kind: string;
  status: string;
  attempts: number;
  subject: string;
  lastError: string | null;
}

export interface StoredRows {
  submissions: StoredSubmission[];
  orders: StoredOrder[];
  mails: StoredMail[];
}

async function rows<T>(db: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The submissions, orders and outbox mails whose text carries `marker` (orders: all of them). */
export async function readStoredRows(target: DatabaseTarget, marker: string): Promise<StoredRows> {
  const handle = await openDatabase(target);
  try {
    const like = `%${marker}%`;
    const submissions = await rows<StoredSubmission>(
      handle.db,
      sql`select subject, status, attachment_url as "attachmentUrl" from contact_submissions where subject like ${like}`,
    );
    const orders = (
      await rows<StoredOrder & { lines: number | string }>(
        handle.db,
        sql`select o.id, o.status, o.provider, o.provider_session_id as "providerSessionId",
              (select count(*) from order_items i where i.order_id = o.id) as lines
            from orders o`,
      )
    ).map((order) => ({ ...order, lines: Number(order.lines) }));
    const mails = await rows<StoredMail>(
      handle.db,
      sql`select id, kind, status, attempts, subject, last_error as "lastError" from mail_outbox
          where subject like ${like} or submission_id in (select id from contact_submissions where subject like ${like})`,
    );
    return { submissions, orders, mails };
  } finally {
    await handle.close();
  }
}

/** How many times each subject was stored. */
export function countBySubject(submissions: readonly StoredSubmission[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const { subject } of submissions) counts.set(subject, (counts.get(subject) ?? 0) + 1);
  return counts;
}

/** Attachments whose stored file is missing from local storage (DATA_DIR/uploads). */
export function missingAttachmentFiles(dataDir: string, submissions: readonly StoredSubmission[]): string[] {
  return submissions
    .flatMap((submission) => (submission.attachmentUrl ? [submission.attachmentUrl] : []))
    .filter((key) => !fs.existsSync(path.join(dataDir, "uploads", key)));
}
