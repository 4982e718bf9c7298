/** Everything the dashboard shows for one date range, read in parallel. */
import type { Database } from "../platform/db/db.server";
import type { DateRange } from "./date-range.server";
import { ordersPerMonth } from "./monthly-orders.server";
import { nextScheduledActions, outboxHealth, topUnansweredQuestions } from "./site-health.server";
import { consentChoicesPerWeek, submissionsPerWeek } from "./weekly-activity.server";

export async function readDashboard(db: Database, range: DateRange) {
  const [submissions, consents, orders, questions, scheduled, outbox] = await Promise.all([
    submissionsPerWeek(db, range),
    consentChoicesPerWeek(db, range),
    ordersPerMonth(db, range),
    topUnansweredQuestions(db, range),
    nextScheduledActions(db),
    outboxHealth(db),
  ]);
  return { submissions, consents, orders, questions, scheduled, outbox };
}

export type Dashboard = Awaited<ReturnType<typeof readDashboard>>;
