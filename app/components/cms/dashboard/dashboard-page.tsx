import type { ReactNode } from "react";
import { Link } from "react-router";
import { DataTable } from "~/components/cms/kit/data-table";
import { FormAlert } from "~/components/ui/form-field";
import { formatNumber } from "~/lib/text/numbers";
import { ChartCard } from "./chart-card";
import type { DashboardView } from "./dashboard-data";
import { DateRangePicker } from "./date-range-picker";

const SUBMISSION_SERIES = [
  { key: "enquiries", label: "Enquiries" },
  { key: "applications", label: "Applications" },
];
const CONSENT_SERIES = [
  { key: "accepted", label: "Accepted" },
  { key: "rejected", label: "Rejected" },
  { key: "customized", label: "Customised" },
];
const ORDER_SERIES = [
  { key: "orders", label: "Orders" },
  { key: "revenue", label: "Revenue" },
];
const REVENUE_SERIES = [{ key: "revenue", label: "Revenue" }];

/**
 * The chart colours of each theme, as custom properties of the dashboard only (the charting module
 * reads them): blue, orange and green, each 3:1 or more against the card in its theme.
 */
const CHART_TOKENS =
  "[--chart-1:#1d4ed8] [--chart-2:#c2410c] [--chart-3:#047857] dark:[--chart-1:#93c5fd] dark:[--chart-2:#fdba74] dark:[--chart-3:#6ee7b7]";

function Card({ title, children }: { title: string; children: ReactNode }) {
  const id = `card-${title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={id} className="min-w-0 rounded-lg border bg-card p-4 sm:p-6">
      <h3 id={id} className="text-base font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** /cms: the site at a glance for the chosen dates. */
export function DashboardPage({ dashboard }: { dashboard: DashboardView }) {
  const { range } = dashboard;
  return (
    <div className={`grid gap-6 ${CHART_TOKENS}`}>
      <section aria-labelledby="dashboard-heading" className="min-w-0 rounded-lg border bg-card p-4 sm:p-6">
        <h2 id="dashboard-heading" className="text-lg font-semibold">
          Dashboard
        </h2>
        <p className="mt-1 mb-4 text-sm text-muted-foreground">
          Activity from {range.from} to {range.to} (London time). Weeks start on Monday.
        </p>
        <DateRangePicker range={range} path="/cms" />
      </section>
      <FormAlert>{dashboard.error}</FormAlert>
      <div className="grid min-w-0 gap-6 lg:grid-cols-2">
        <ChartCard
          title="Enquiries and applications per week"
          description="Contact messages and job applications received, spam left out."
          rows={dashboard.submissions}
          series={SUBMISSION_SERIES}
          periodHeading="Week"
        />
        <ChartCard
          title="Cookie choices per week"
          description="Visitors who accepted all cookies, rejected them, or chose their own."
          kind="line"
          rows={dashboard.consents}
          series={CONSENT_SERIES}
          periodHeading="Week"
        />
        {dashboard.orders.length === 0 ? (
          <Card title="Orders and revenue per month">
            <p className="mt-2 text-sm text-muted-foreground">No paid orders in these dates.</p>
          </Card>
        ) : (
          dashboard.orders.map((currency) => (
            <ChartCard
              key={currency.currency}
              title={`Orders and revenue per month, ${currency.currency}`}
              description={`${formatNumber(currency.totalOrders)} paid ${currency.totalOrders === 1 ? "order" : "orders"}, ${currency.totalRevenue} in all.`}
              rows={currency.rows}
              series={ORDER_SERIES}
              chartSeries={REVENUE_SERIES}
              periodHeading="Month"
              valueText={(key, value, row) =>
                key === "revenue" ? (currency.revenueText[row.period] ?? String(value)) : formatNumber(value)
              }
            />
          ))
        )}
        <Card title="Outbox health">
          <dl className="mt-3 grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            <div>
              <dt className="text-muted-foreground">Waiting to be sent</dt>
              <dd className="text-2xl font-semibold tabular-nums">{dashboard.outbox.pending}</dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Failed</dt>
              <dd className="text-2xl font-semibold tabular-nums">{dashboard.outbox.failed}</dd>
            </div>
            <div className="col-span-2 sm:col-span-1">
              <dt className="text-muted-foreground">Oldest waiting since</dt>
              <dd className="font-medium">
                {dashboard.outbox.oldestPending ? (
                  <time dateTime={dashboard.outbox.oldestPending.iso}>{dashboard.outbox.oldestPending.text}</time>
                ) : (
                  "Nothing waiting"
                )}
              </dd>
            </div>
          </dl>
          <p className="mt-3 text-sm">
            <Link to="/cms/outbox" className="font-medium text-primary underline-offset-4 hover:underline">
              Open the outbox
            </Link>
          </p>
        </Card>
        <Card title="Top unanswered questions">
          <DataTable
            label="Top unanswered questions"
            columns={["Question", "Times asked"]}
            lastColumn="Last asked"
            empty={dashboard.questions.length === 0}
            emptyMessage="The assistant answered every question asked in these dates."
          >
            {dashboard.questions.map((question) => (
              <tr key={question.question} className="border-b align-top last:border-0">
                <td className="py-2 pr-4 wrap-anywhere">{question.question}</td>
                <td className="py-2 pr-4 tabular-nums">{question.timesAsked}</td>
                <td className="py-2 whitespace-nowrap">
                  <time dateTime={question.lastAsked.iso}>{question.lastAsked.text}</time>
                </td>
              </tr>
            ))}
          </DataTable>
        </Card>
        <Card title="Scheduled publications">
          <DataTable
            label="Scheduled publications"
            columns={["Item", "Action"]}
            lastColumn="When (London time)"
            empty={dashboard.scheduled.length === 0}
            emptyMessage="Nothing is scheduled."
          >
            {dashboard.scheduled.map((item) => (
              <tr key={item.id} className="border-b align-top last:border-0">
                <td className="py-2 pr-4 break-words">
                  <Link to={item.href} className="font-medium text-primary underline-offset-4 hover:underline">
                    {item.title}
                  </Link>
                </td>
                <td className="py-2 pr-4">{item.action}</td>
                <td className="py-2 whitespace-nowrap">
                  <time dateTime={item.runAt.iso}>{item.runAt.text}</time>
                </td>
              </tr>
            ))}
          </DataTable>
        </Card>
      </div>
    </div>
  );
}
