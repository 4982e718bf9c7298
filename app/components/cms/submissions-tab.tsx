import { PaperclipIcon } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { SelectOptions } from "~/components/ui/form-field";
import { Label, NativeSelect } from "~/components/ui/input";
import { CONTACT_STATUSES, type ContactStatus } from "~/lib/enums";
import { cn } from "~/lib/utils";
import type { SubmissionDetailView, SubmissionRowView } from "~/routes/cms/submissions.server";
import { useCsrfToken } from "./csrf-input";
import { Detail, DetailList, DetailPanel, SelectRowLink, Time } from "./detail-panel";
import { ListRow, type ListTabConfig } from "./list-tab";
import { CONTACT_STATUS_STYLE } from "./list-statuses";
import { StatusBadge } from "./status-filter";

export const SUBMISSIONS_TAB: ListTabConfig<SubmissionRowView, SubmissionDetailView, ContactStatus> = {
  id: "submissions",
  title: "Contact Submissions",
  statusStyle: CONTACT_STATUS_STYLE,
  exportHref: "/cms/submissions/export.csv",
  refresh: true,
  columns: ["Name", "Subject", "Status", "Date"],
  lastColumn: "Actions",
  emptyMessage: "No contact submissions found.",
  Row: SubmissionRow,
  detail: { label: "Submission details", emptyText: "Select a submission to view details.", Panel: SubmissionDetail },
};

/** One submission in the list, with its status selector; its name opens it in the detail panel. */
export function SubmissionRow({ row: submission, isSelected }: { row: SubmissionRowView; isSelected: boolean }) {
  return (
    <ListRow selected={isSelected}>
      <td className="py-3 pr-4 font-medium">
        <SelectRowLink id={submission.id} isSelected={isSelected}>
          {submission.name}
        </SelectRowLink>
      </td>
      <td className="max-w-64 truncate py-3 pr-4">{submission.subject}</td>
      <td className="py-3 pr-4">
        <StatusBadge status={submission.status} style={CONTACT_STATUS_STYLE} />
      </td>
      <td className="py-3 pr-4 whitespace-nowrap">
        <Time value={submission.created} />
      </td>
      <td className="py-3">
        <StatusSelect
          id={submission.id}
          status={submission.status}
          label={`Status of ${submission.name}'s submission`}
          hideLabel
        />
      </td>
    </ListRow>
  );
}

/** The inline status selector: a change is saved at once; the list and panel then reload. */
function StatusSelect({
  id,
  status,
  label,
  hideLabel = false,
}: {
  id: string;
  status: ContactStatus;
  label: string;
  hideLabel?: boolean;
}) {
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  const selectId = useId();
  // While the change is on its way, show the chosen value; afterwards, what the server holds.
  const pending = fetcher.formData?.get("status");
  const value = typeof pending === "string" ? pending : status;
  return (
    <fetcher.Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="id" value={id} />
      <Label htmlFor={selectId} className={cn(hideLabel && "sr-only")}>
        {label}
      </Label>
      <NativeSelect
        id={selectId}
        name="status"
        value={value}
        className="w-36"
        onChange={(event) => void fetcher.submit(event.currentTarget.form)}
      >
        <SelectOptions values={CONTACT_STATUSES} label={(option) => CONTACT_STATUS_STYLE.labels[option]} />
      </NativeSelect>
    </fetcher.Form>
  );
}

const linkClass = "text-primary underline underline-offset-4";

/** The selected submission: how to reach the sender, the attachment, the message and its status. */
function SubmissionDetail({ selected }: { selected: SubmissionDetailView }) {
  return (
    <DetailPanel
      title={selected.name}
      subtitle={
        <>
          Received <Time value={selected.created} />
        </>
      }
      status={selected.status}
      statusStyle={CONTACT_STATUS_STYLE}
    >
      <DetailList className="sm:grid-cols-[8rem_1fr]">
        <Detail term="E-mail">
          <a href={`mailto:${selected.email}`} className={linkClass}>
            {selected.email}
          </a>
        </Detail>
        {selected.phone ? (
          <Detail term="Phone">
            <a href={`tel:${selected.phone.replace(/[^\d+]/g, "")}`} className={`${linkClass} whitespace-nowrap`}>
              {selected.phone}
            </a>
          </Detail>
        ) : null}
        <Detail term="Subject">{selected.subject}</Detail>
        {selected.attachmentFilename ? (
          <Detail term="Attachment" className="flex items-center gap-1">
            <PaperclipIcon aria-hidden="true" className="size-4" />
            {/* A resource route: a full request, answered as a download for administrators only. */}
            <a href={`/cms/submissions/${selected.id}/attachment`} download className={linkClass}>
              {selected.attachmentFilename}
            </a>
          </Detail>
        ) : null}
      </DetailList>
      <h3 className="mt-6 text-sm font-medium text-muted-foreground">Message</h3>
      <div
        data-testid="submission-message"
        className="mt-2 rounded-md border bg-background p-4 text-sm break-words whitespace-pre-wrap [&_a]:text-primary [&_a]:underline"
        // Sanitised on the server by sanitizeRichText: no scripts, handlers or javascript: links.
        dangerouslySetInnerHTML={{ __html: selected.messageHtml }}
      />
      <div className="mt-6">
        <StatusSelect id={selected.id} status={selected.status} label="Status" />
      </div>
    </DetailPanel>
  );
}
