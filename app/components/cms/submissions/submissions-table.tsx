import { Fragment } from "react";
import { badgeVariants } from "~/components/ui/badge";
import { CONTACT_STATUSES } from "~/lib/enums";
import { PAGE_SIZE } from "~/lib/cms/pagination";
import type { SubmissionRowView } from "~/routes/cms/submissions.server";
import { BulkActionBar, SelectAllCheckbox, SelectRowCell, useRowSelection, type BulkAction } from "../kit/bulk-actions";
import { DataTable } from "../kit/data-table";
import { SelectRowLink } from "../kit/detail-panel";
import { ListRow, StatusCell, TimeCell } from "../kit/list-tab";
import { CONTACT_STATUS_STYLE } from "../kit/list-statuses";
import { Pagination } from "../kit/pagination";
import { jobLabel } from "./submission-filters";
import { StatusSelect } from "./status-select";

const BULK_FORM_ID = "submissions-bulk-actions";

/** One button per status: the selected rows all take it (the content list's bulk pattern). */
const BULK_ACTIONS: readonly BulkAction[] = CONTACT_STATUSES.map((status) => ({
  value: status,
  label: `Mark ${CONTACT_STATUS_STYLE.labels[status]}`,
}));

const COLUMNS = ["Name", "Subject", "Status", "Date"] as const;

/**
 * The submissions table: a checkbox per row for the bulk bar, the name (which opens the submission),
 * the subject, the status and its selector. Applications listed together (kind "application"
 * without a job) arrive ordered by job, and a heading row opens each job's group.
 */
export function SubmissionsTable({
  rows,
  selectedId,
  error,
  page,
  total,
  grouped,
}: {
  rows: readonly SubmissionRowView[];
  selectedId: string | null;
  error: string | null;
  page: number;
  total: number;
  grouped: boolean;
}) {
  const selection = useRowSelection(rows.map((row) => row.id));
  return (
    <>
      {rows.length > 0 && !error ? (
        <BulkActionBar formId={BULK_FORM_ID} actions={BULK_ACTIONS} selection={selection} />
      ) : null}
      <DataTable
        label="Contact submissions"
        columns={COLUMNS}
        firstColumn={<SelectAllCheckbox selection={selection} />}
        lastColumn="Actions"
        error={error}
        empty={rows.length === 0}
        emptyMessage="No contact submissions found."
        footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
      >
        {rows.map((row, index) => (
          <Fragment key={row.id}>
            {grouped && row.job !== rows[index - 1]?.job ? (
              <tr className="border-b bg-muted/60">
                {/* A heading, so a screen reader can move from one job's applications to the next. */}
                <td colSpan={COLUMNS.length + 2} className="px-2 py-2">
                  <h3 className="text-sm font-semibold">{jobLabel(row.job ?? "")}</h3>
                </td>
              </tr>
            ) : null}
            <SubmissionRow
              row={row}
              isSelected={row.id === selectedId}
              checked={selection.selected.has(row.id)}
              onCheck={(on) => selection.toggle(row.id, on)}
            />
          </Fragment>
        ))}
      </DataTable>
    </>
  );
}

function SubmissionRow({
  row,
  isSelected,
  checked,
  onCheck,
}: {
  row: SubmissionRowView;
  isSelected: boolean;
  checked: boolean;
  onCheck: (on: boolean) => void;
}) {
  return (
    <ListRow selected={isSelected}>
      <SelectRowCell
        formId={BULK_FORM_ID}
        id={row.id}
        label={`Select ${row.name}`}
        checked={checked}
        onChange={onCheck}
      />
      <td className="py-3 pr-4">
        <div className="flex flex-wrap items-center gap-2">
          <SelectRowLink id={row.id} isSelected={isSelected} className={row.unread ? "font-bold" : "font-medium"}>
            {row.name}
          </SelectRowLink>
          {/* Not a status badge (data-slot): the row's one badge is its status. */}
          {row.unread ? <span className={badgeVariants({ tone: "blue" })}>Unread</span> : null}
        </div>
      </td>
      <td className="max-w-64 truncate py-3 pr-4">{row.subject}</td>
      <StatusCell status={row.status} style={CONTACT_STATUS_STYLE} />
      <TimeCell value={row.created} />
      <td className="py-3">
        <StatusSelect id={row.id} status={row.status} label={`Status of ${row.name}'s submission`} hideLabel />
      </td>
    </ListRow>
  );
}
