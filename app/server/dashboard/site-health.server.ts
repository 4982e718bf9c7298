/**
 * The dashboard's lists: what the assistant could not answer most often, what is scheduled to be
 * published or unpublished next, and whether e-mail is getting out (the outbox's backlog).
 */
import { and, desc, gte, lt, sql } from "drizzle-orm";
import { mailOutbox, unansweredQuestions } from "../../db/schema";
import type { Database } from "../platform/db/db.server";
import { listPendingScheduledActions, type PendingScheduledAction } from "../publishing/scheduled-actions.server";
import type { DateRange } from "./date-range.server";

export const TOP_QUESTIONS = 10;
export const NEXT_SCHEDULED = 10;

export interface TopQuestion {
  question: string;
  timesAsked: number;
  lastAskedAt: Date;
}

/** The most asked unanswered questions among those asked during the range. */
export function topUnansweredQuestions(db: Database, range: DateRange): Promise<TopQuestion[]> {
  return db
    .select({
      question: unansweredQuestions.question,
      timesAsked: unansweredQuestions.timesAsked,
      lastAskedAt: unansweredQuestions.lastAskedAt,
    })
    .from(unansweredQuestions)
    .where(and(gte(unansweredQuestions.lastAskedAt, range.start), lt(unansweredQuestions.firstAskedAt, range.end)))
    .orderBy(desc(unansweredQuestions.timesAsked), desc(unansweredQuestions.lastAskedAt))
    .limit(TOP_QUESTIONS);
}

/** The next scheduled publications and unpublications, soonest first (they lie ahead, whatever the range). */
export async function nextScheduledActions(db: Database): Promise<PendingScheduledAction[]> {
  return (await listPendingScheduledActions(db)).slice(0, NEXT_SCHEDULED);
}

export interface OutboxHealth {
  pending: number;
  failed: number;
  /** When the oldest mail still waiting was written; null when none waits. */
  oldestPendingAt: Date | null;
}

/** The outbox now: mails waiting, mails given up on, and how long the oldest has waited. */
export async function outboxHealth(db: Database): Promise<OutboxHealth> {
  const [row] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'pending'))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.status} = 'failed'))::int`,
      oldest: sql<string | null>`min(${mailOutbox.createdAt}) filter (where ${mailOutbox.status} = 'pending')`,
    })
    .from(mailOutbox);
  return {
    pending: Number(row?.pending ?? 0),
    failed: Number(row?.failed ?? 0),
    oldestPendingAt: row?.oldest ? new Date(row.oldest) : null,
  };
}
