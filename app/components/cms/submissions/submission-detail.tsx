import { PaperclipIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/native-select";
import { UNASSIGNED } from "~/lib/contact/submissions";
import type { SubmissionDetailView } from "~/routes/cms/submissions.server";
import { ConfirmForm } from "../kit/confirm-form";
import { useCsrfToken } from "../kit/csrf-input";
import { Detail, DetailList, DetailPanel, Time } from "../kit/detail-panel";
import { CONTACT_STATUS_STYLE } from "../kit/list-statuses";
import { jobLabel } from "./submission-filters";
import { StatusSelect } from "./status-select";
import { SubmissionThread } from "./submission-thread";

const linkClass = "text-primary underline underline-offset-4";

/**
 * The selected submission: how to reach the sender, the job and CV of an application, the message,
 * its status, who handles it, Not spam (for what the anti-bot rules held back), the thread of
 * notes and replies with their forms, and erasure for a GDPR request.
 */
export function SubmissionDetail({
  selected,
  handlers,
}: {
  selected: SubmissionDetailView;
  handlers: readonly { id: string; email: string }[];
}) {
  useMarkedRead(selected.id, selected.wasUnread);
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
        <Detail term="E-mail" className="break-all">
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
        <Detail term="Subject" className="break-words">
          {selected.subject}
        </Detail>
        <Detail term="Kind">
          {selected.kind === "application" ? `Job application: ${jobLabel(selected.job ?? "")}` : "Enquiry"}
        </Detail>
        {selected.attachmentFilename ? (
          <Detail term="Attachment" className="flex min-w-0 items-center gap-1 break-all">
            <PaperclipIcon aria-hidden="true" className="size-4 shrink-0" />
            {/* A resource route: a full request, answered as a download for administrators only. */}
            <a href={`/cms/submissions/${selected.id}/attachment`} download className={linkClass}>
              {selected.attachmentFilename}
            </a>
          </Detail>
        ) : null}
      </DetailList>
      <h3 className="mt-6 text-sm font-medium text-muted-foreground">Message</h3>
      {/* Anyone may send a message: it is shown as the text it is, its line breaks kept, so markup in
          it never becomes images, links or headings in the CMS. */}
      <div
        data-testid="submission-message"
        className="mt-2 rounded-md border bg-background p-4 text-sm break-words whitespace-pre-wrap"
      >
        {selected.message}
      </div>
      <div className="mt-6 flex flex-wrap items-end gap-4">
        <StatusSelect id={selected.id} status={selected.status} label="Status" />
        <AssigneeSelect id={selected.id} assigneeId={selected.assigneeId} handlers={handlers} />
        {selected.status === "spam" ? <NotSpamButton id={selected.id} /> : null}
      </div>
      <SubmissionThread submission={selected} />
      <div className="mt-8 border-t pt-4">
        <h3 className="text-sm font-medium">Erase (GDPR request)</h3>
        <p className="mt-1 text-sm text-muted-foreground">
          Removes this submission, its notes, its replies and its e-mails, and the attached file. The audit log keeps
          only that it was erased.
        </p>
        <div className="mt-3">
          <ConfirmForm
            fields={{ intent: "erase", id: selected.id }}
            question={`Erase ${selected.name}'s submission?`}
            description="Everything it holds is deleted for good, the attached file too. This cannot be undone."
            confirmLabel="Erase"
            buttonLabel="Erase submission"
          >
            <Trash2Icon aria-hidden="true" />
            Erase submission
          </ConfirmForm>
        </div>
      </div>
    </DetailPanel>
  );
}

/**
 * The loader marked the submission read as it opened it; this tells the server once more through
 * an action, after which every loader runs again, so the tab's unread count is current.
 */
function useMarkedRead(id: string, wasUnread: boolean) {
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  const { submit } = fetcher;
  // Once per submission opened, however often the page renders.
  const sentFor = useRef<string | null>(null);
  useEffect(() => {
    if (!wasUnread || !csrf || sentFor.current === id) return;
    sentFor.current = id;
    void submit({ intent: "read", id, csrf }, { method: "post" });
  }, [id, wasUnread, csrf, submit]);
}

/** Who handles the submission: a CMS user who can, or nobody; saved when changed. */
function AssigneeSelect({
  id,
  assigneeId,
  handlers,
}: {
  id: string;
  assigneeId: string | null;
  handlers: readonly { id: string; email: string }[];
}) {
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  const selectId = useId();
  const pending = fetcher.formData?.get("assignee");
  const value = typeof pending === "string" ? pending : (assigneeId ?? UNASSIGNED);
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="id" value={id} />
      <Label htmlFor={selectId}>Assigned to</Label>
      <NativeSelect
        id={selectId}
        name="assignee"
        value={value}
        className="w-full max-w-64 min-w-0"
        onChange={(event) => void fetcher.submit(event.currentTarget.form)}
      >
        <option value={UNASSIGNED}>Nobody</option>
        {handlers.map((handler) => (
          <option key={handler.id} value={handler.id}>
            {handler.email}
          </option>
        ))}
      </NativeSelect>
    </fetcher.Form>
  );
}

function NotSpamButton({ id }: { id: string }) {
  const fetcher = useFetcher();
  const csrf = useCsrfToken();
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value="not-spam" />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" variant="outline" disabled={fetcher.state !== "idle"}>
        Not spam
      </Button>
    </fetcher.Form>
  );
}
