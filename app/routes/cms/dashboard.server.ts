/**
 * /cms opens on the dashboard. `cmsLanding` is the one place that decides what /cms
 * shows a signed-in person; `loadDashboard` reads the figures for the range in the address and
 * turns them into the view (labels and money formatted here, so chart and table say the same).
 */
import type {
  ChartRow,
  CurrencyOrdersView,
  DashboardView,
  DateRangeView,
} from "~/components/cms/dashboard/dashboard-data";
import { formatPrice } from "~/lib/commerce/currency";
import { formatDate, timeParts } from "~/lib/text/format";
import { firstTabOf } from "~/lib/auth/permissions";
import { can } from "~/server/auth/guards.server";
import type { User } from "~/server/auth/users.server";
import { readDashboard, type Dashboard } from "~/server/dashboard/dashboard.server";
import { DATE_RANGE_PRESETS, readDateRange, type DateRange } from "~/server/dashboard/date-range.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";

export const DASHBOARD_MESSAGES = { fetchFailed: "Failed to load the dashboard" } as const;

/**
 * What /cms shows a signed-in person: the dashboard (a role that may see it), else the first tab
 * the role may open, else Access Denied.
 */
export type CmsLanding = { show: "dashboard" } | { redirect: string } | { show: "denied" };

export function cmsLanding(user: Pick<User, "role" | "isActive">): CmsLanding {
  if (can(user, "dashboard.view")) return { show: "dashboard" };
  const first = user.isActive ? firstTabOf(user.role) : null;
  return first ? { redirect: first } : { show: "denied" };
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** "Mar 2026" for "2026-03" (a calendar month: no time zone to apply). */
export function monthLabel(month: string): string {
  const [year, number] = month.split("-");
  return `${MONTHS[Number(number) - 1] ?? number} ${year}`;
}

/** "w/c 2 Mar 2026" (week commencing) for the Monday "2026-03-02", read as a London day. */
export function weekLabel(monday: string): string {
  return `w/c ${formatDate(`${monday}T12:00:00Z`)}`;
}

function rangeView(range: DateRange): DateRangeView {
  return {
    from: range.from,
    to: range.to,
    preset: range.preset,
    error: range.error,
    presets: DATE_RANGE_PRESETS.map((preset) => ({ ...preset, href: `/cms?range=${preset.id}` })),
  };
}

function ordersView(orders: Dashboard["orders"]): CurrencyOrdersView[] {
  return orders.map((currency) => ({
    currency: currency.currency,
    totalOrders: currency.totalOrders,
    totalRevenue: formatPrice(Number(currency.totalRevenue), currency.currency),
    rows: currency.months.map((month) => ({
      period: month.month,
      label: monthLabel(month.month),
      values: { orders: month.orders, revenue: Number(month.revenue) },
    })),
    revenueText: Object.fromEntries(
      currency.months.map((month) => [month.month, formatPrice(Number(month.revenue), currency.currency)]),
    ),
  }));
}

const EDITOR_PATHS: Record<string, (id: string) => string> = {
  content: (id) => `/cms/content/${id}`,
  career: (id) => `/cms/careers/${id}`,
  course: (id) => `/cms/courses/${id}`,
};

export function dashboardView(range: DateRange, dashboard: Dashboard): DashboardView {
  const weekRows = <T extends { week: string }>(rows: T[], keys: (keyof T & string)[]): ChartRow[] =>
    rows.map((row) => ({
      period: row.week,
      label: weekLabel(row.week),
      values: Object.fromEntries(keys.map((key) => [key, Number(row[key])])),
    }));
  return {
    range: rangeView(range),
    error: null,
    submissions: weekRows(dashboard.submissions, ["enquiries", "applications"]),
    consents: weekRows(dashboard.consents, ["accepted", "rejected", "customized"]),
    orders: ordersView(dashboard.orders),
    questions: dashboard.questions.map((question) => ({
      question: question.question,
      timesAsked: question.timesAsked,
      lastAsked: timeParts(question.lastAskedAt),
    })),
    scheduled: dashboard.scheduled.map((row) => ({
      id: row.id,
      title: row.title ?? "(deleted item)",
      action: row.action === "unpublish" ? "Unpublish" : "Publish",
      runAt: timeParts(row.runAt),
      href: EDITOR_PATHS[row.entityKind]?.(row.entityId) ?? "/cms/scheduled",
    })),
    outbox: {
      pending: dashboard.outbox.pending,
      failed: dashboard.outbox.failed,
      oldestPending: dashboard.outbox.oldestPendingAt ? timeParts(dashboard.outbox.oldestPendingAt) : null,
    },
  };
}

/** The dashboard for the range in the address; a database failure shows the spec-style message, not an error page. */
export async function loadDashboard(request: Request): Promise<DashboardView> {
  const range = readDateRange(new URL(request.url).searchParams);
  try {
    return dashboardView(range, await readDashboard(await getDb(), range));
  } catch (error) {
    logger.error({ err: error }, "could not read the dashboard");
    return {
      range: rangeView(range),
      error: DASHBOARD_MESSAGES.fetchFailed,
      submissions: [],
      consents: [],
      orders: [],
      questions: [],
      scheduled: [],
      outbox: { pending: 0, failed: 0, oldestPending: null },
    };
  }
}
