import type { loadSubmissionsTab } from "~/routes/cms/submissions.server";
import { EmptyDetailPanel } from "../kit/detail-panel";
import { ExportLink, RefreshButton } from "../kit/list-tab";
import { CONTACT_STATUS_STYLE } from "../kit/list-statuses";
import { StatusFilter } from "../kit/status-filter";
import { SubmissionFilters } from "./submission-filters";
import { SubmissionsTable } from "./submissions-table";
import { SubmissionDetail } from "./submission-detail";

export type SubmissionsTabData = Awaited<ReturnType<typeof loadSubmissionsTab>>;

/**
 * The Contact Submissions tab: the heading with the count and how many are unread, Export CSV and
 * Refresh, the search and the kind and job filters, the status filter, the table with its bulk
 * status bar and pagination, then the selected submission's details.
 * Everything the list shows is in the address, so a reload or a shared link shows the same.
 */
export function SubmissionsTab({ data }: { data: SubmissionsTabData }) {
  const { total, unread, status, filters, jobs, submissions, selected, error, page } = data;
  return (
    <div className="grid gap-6">
      <section className="min-w-0 rounded-lg border bg-card p-4 sm:p-6" aria-labelledby="submissions-heading">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <div>
            <h2 id="submissions-heading" className="text-lg font-semibold">
              Contact Submissions ({total})
            </h2>
            <p className="text-sm text-muted-foreground" data-testid="inbox-unread">
              {unread === 0 ? "Nothing unread" : `${unread} unread`}
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <ExportLink href={`/cms/submissions/export.csv${status ? `?status=${status}` : ""}`} />
            <RefreshButton />
          </div>
        </div>
        <SubmissionFilters filters={filters} jobs={jobs} />
        <StatusFilter style={CONTACT_STATUS_STYLE} current={status} />
        <SubmissionsTable
          rows={submissions}
          selectedId={selected?.id ?? null}
          error={error}
          page={page}
          total={total}
          grouped={filters.kind === "application" && !filters.job}
        />
      </section>
      {selected ? (
        <SubmissionDetail key={selected.id} selected={selected} handlers={data.handlers} />
      ) : (
        <EmptyDetailPanel label="Submission details" emptyText="Select a submission to view details." />
      )}
    </div>
  );
}
