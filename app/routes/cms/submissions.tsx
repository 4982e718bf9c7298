import { DownloadIcon, PaperclipIcon, RefreshCwIcon } from "lucide-react";
import { useId } from "react";
import { data, useFetcher, useLoaderData, useRevalidator } from "react-router";
import { useCsrfToken } from "~/components/cms/csrf-input";
import { StatusBadge, StatusFilter, useHrefWith } from "~/components/cms/status-filter";
import { DetailPanel, SelectRowLink } from "~/components/cms/detail-panel";
import { DataTable } from "~/components/cms/data-table";
import { Pagination } from "~/components/cms/pagination";
import { Button } from "~/components/ui/button";
import { SelectOptions } from "~/components/ui/form-field";
import { Label, NativeSelect } from "~/components/ui/input";
import { CONTACT_STATUSES, type ContactStatus } from "~/lib/enums";
import { PAGE_SIZE, pageFromSearch, pageWindow } from "~/lib/pagination";
import { cn } from "~/lib/utils";
import { recordAudit } from "~/server/platform/audit.server";
import { requireAdmin, requireAdminForm } from "~/server/auth/guards.server";
import {
  findContactSubmission,
  INVALID_STATUS_MESSAGE,
  isContactStatus,
  listContactSubmissions,
  updateContactSubmissionStatus,
} from "~/server/contact/contact-submissions.server";
import { getDb } from "~/server/platform/db/database.server";
import { logger } from "~/server/platform/logger.server";
import { sanitizeRichText } from "~/server/platform/sanitize.server";
import { dataWithToast } from "~/server/platform/toast.server";
import type { Route } from "./+types/submissions";
import { ExpectedError } from "~/server/platform/errors.server";

export const meta: Route.MetaFunction = () => [{ title: "Contact Submissions | CMS" }];

const STATUS_LABELS: Record<ContactStatus, string> = {
  new: "New",
  in_progress: "In Progress",
  resolved: "Resolved",
  spam: "Spam",
};

/** SPEC.md section 4: new blue, in_progress yellow, resolved green, spam red. */
const STATUS_TONES: Record<ContactStatus, "blue" | "yellow" | "green" | "red"> = {
  new: "blue",
  in_progress: "yellow",
  resolved: "green",
  spam: "red",
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Dates as UK readers expect them, formatted once on the server so the browser shows the same. */
const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "Europe/London" });
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

/**
 * One page of submissions (newest first, optionally one status only) and, when `?selected=<id>`
 * names one, its details with the message sanitised here on the server.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const statusParam = searchParams.get("status");
  const status = isContactStatus(statusParam) ? statusParam : null;
  const page = pageFromSearch(searchParams);
  const selectedId = searchParams.get("selected");
  try {
    const db = await getDb();
    const [{ submissions, total }, selected] = await Promise.all([
      listContactSubmissions(db, { status: status ?? undefined, ...pageWindow(page) }),
      selectedId && UUID_PATTERN.test(selectedId) ? findContactSubmission(db, selectedId) : undefined,
    ]);
    return {
      status,
      page,
      total,
      error: null,
      // The list needs no message bodies; only the selected one's sanitised HTML reaches the page.
      submissions: submissions.map((submission) => ({
        id: submission.id,
        name: submission.name,
        subject: submission.subject,
        status: submission.status,
        createdAt: submission.createdAt.toISOString(),
        date: dateFormat.format(submission.createdAt),
      })),
      selected: selected
        ? {
            id: selected.id,
            name: selected.name,
            email: selected.email,
            phone: selected.phone,
            subject: selected.subject,
            status: selected.status,
            attachmentFilename: selected.attachmentFilename,
            createdAt: selected.createdAt.toISOString(),
            created: dateTimeFormat.format(selected.createdAt),
            messageHtml: sanitizeRichText(selected.message),
          }
        : null,
    };
  } catch (error) {
    logger.error({ err: error }, "could not list contact submissions");
    return {
      status,
      page,
      total: 0,
      error: "Failed to fetch contact submissions",
      submissions: [],
      selected: null,
    };
  }
}

type ActionResult = { ok: boolean };

/** Changes one submission's status; anything but the four statuses is refused. */
export async function action({ request }: Route.ActionArgs) {
  const { current, form } = await requireAdminForm(request);
  const failed = (description: string, status: number) =>
    dataWithToast<ActionResult>({ ok: false }, { type: "error", description }, { status });
  if (form.get("intent") !== "status") return data<ActionResult>({ ok: false }, { status: 400 });
  const id = form.get("id");
  const status = form.get("status");
  if (!isContactStatus(status)) return failed(INVALID_STATUS_MESSAGE, 400);
  if (typeof id !== "string" || !UUID_PATTERN.test(id)) return failed("Failed to update status", 404);
  try {
    const db = await getDb();
    const result = await updateContactSubmissionStatus(db, id, status);
    if (!result) return failed("Failed to update status", 404);
    await recordAudit(db, current.user, "contact_submission.status", "contact_submissions", id, {
      from: result.previous,
      to: result.status,
    });
    return dataWithToast<ActionResult>({ ok: true }, { type: "success", description: "Status updated successfully" });
  } catch (error) {
    if (error instanceof ExpectedError) return failed(error.message, 400);
    logger.error({ err: error }, "could not update a contact submission's status");
    return failed("Failed to update status", 500);
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export default function SubmissionsTab() {
  const { submissions, total, page, status, selected, error } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();

  const hrefWith = useHrefWith();

  const refreshing = revalidator.state === "loading";
  return (
    <div className="grid gap-6">
      <section className="rounded-lg border bg-card p-6" aria-labelledby="submissions-heading">
        <div className="flex flex-wrap items-center justify-between gap-4">
          <h2 id="submissions-heading" className="text-lg font-semibold">
            Contact Submissions ({total})
          </h2>
          <div className="flex flex-wrap items-center gap-2">
            <a
              href={`/cms/submissions/export.csv${status ? `?status=${status}` : ""}`}
              download
              className="inline-flex h-9 items-center gap-2 rounded-md border px-3 text-sm font-medium hover:bg-accent"
            >
              <DownloadIcon aria-hidden="true" className="size-4" />
              Export CSV
            </a>
            <Button type="button" variant="outline" onClick={() => void revalidator.revalidate()} disabled={refreshing}>
              <RefreshCwIcon aria-hidden="true" className={cn(refreshing && "animate-spin")} />
              {refreshing ? "Refreshing..." : "Refresh"}
            </Button>
          </div>
        </div>
        <StatusFilter statuses={CONTACT_STATUSES} current={status} labels={STATUS_LABELS} />
        <DataTable
          columns={["Name", "Subject", "Status", "Date"]}
          lastColumn="Actions"
          error={error}
          empty={submissions.length === 0}
          emptyMessage="No contact submissions found."
          footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
        >
          {submissions.map((submission) => {
            const isSelected = selected?.id === submission.id;
            return (
              <tr key={submission.id} className={cn("border-b align-middle last:border-0", isSelected && "bg-muted")}>
                <td className="py-3 pr-4 font-medium">
                  <SelectRowLink id={submission.id} isSelected={isSelected}>
                    {submission.name}
                  </SelectRowLink>
                </td>
                <td className="max-w-64 truncate py-3 pr-4">{submission.subject}</td>
                <td className="py-3 pr-4">
                  <StatusBadge status={submission.status} labels={STATUS_LABELS} tones={STATUS_TONES} />
                </td>
                <td className="py-3 pr-4 whitespace-nowrap">
                  <time dateTime={submission.createdAt}>{submission.date}</time>
                </td>
                <td className="py-3">
                  <StatusSelect
                    id={submission.id}
                    status={submission.status}
                    label={`Status of ${submission.name}'s submission`}
                    hideLabel
                  />
                </td>
              </tr>
            );
          })}
        </DataTable>
      </section>
      <SubmissionDetail selected={selected} closeHref={hrefWith({ selected: null })} />
    </div>
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
  const fetcher = useFetcher<typeof action>();
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
        <SelectOptions values={CONTACT_STATUSES} label={(option) => STATUS_LABELS[option]} />
      </NativeSelect>
    </fetcher.Form>
  );
}

function SubmissionDetail({ selected, closeHref }: { selected: LoaderData["selected"]; closeHref: string }) {
  return (
    <DetailPanel
      label="Submission details"
      emptyText="Select a submission to view details."
      closeHref={closeHref}
      selection={
        selected && {
          title: selected.name,
          subtitle: (
            <>
              Received <time dateTime={selected.createdAt}>{selected.created}</time>
            </>
          ),
          badge: <StatusBadge status={selected.status} labels={STATUS_LABELS} tones={STATUS_TONES} />,
        }
      }
    >
      {selected ? (
        <>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
            <dt className="font-medium text-muted-foreground">E-mail</dt>
            <dd>
              <a href={`mailto:${selected.email}`} className="text-primary underline underline-offset-4">
                {selected.email}
              </a>
            </dd>
            {selected.phone ? (
              <>
                <dt className="font-medium text-muted-foreground">Phone</dt>
                <dd>
                  <a
                    href={`tel:${selected.phone.replace(/[^\d+]/g, "")}`}
                    className="text-primary underline underline-offset-4"
                  >
                    {selected.phone}
                  </a>
                </dd>
              </>
            ) : null}
            <dt className="font-medium text-muted-foreground">Subject</dt>
            <dd>{selected.subject}</dd>
            {selected.attachmentFilename ? (
              <>
                <dt className="font-medium text-muted-foreground">Attachment</dt>
                <dd className="flex items-center gap-1">
                  <PaperclipIcon aria-hidden="true" className="size-4" />
                  {/* A resource route: a full request, answered as a download for administrators only. */}
                  <a
                    href={`/cms/submissions/${selected.id}/attachment`}
                    download
                    className="text-primary underline underline-offset-4"
                  >
                    {selected.attachmentFilename}
                  </a>
                </dd>
              </>
            ) : null}
          </dl>
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
        </>
      ) : null}
    </DetailPanel>
  );
}
