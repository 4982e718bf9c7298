import { useCallback, useRef, useState } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormAlert, TextareaField } from "~/components/ui/form-field";
import { SUBMISSION_LIMITS } from "~/lib/contact/submissions";
import type { SubmissionDetailView } from "~/routes/cms/submissions.server";
import { useCsrfToken } from "../kit/csrf-input";
import { Time } from "../kit/detail-panel";
import { MAIL_STATUS_STYLE } from "../kit/list-statuses";
import { StatusBadge } from "../kit/status-filter";
import { useCmsFormFetcher } from "../kit/use-close-on-success";
import { useUnsavedChanges } from "../kit/use-unsaved-changes";

type ThreadEntryView = SubmissionDetailView["thread"][number];

/**
 * The submission's thread, oldest first: internal notes (never sent) and the replies sent by
 * e-mail, each reply with its outbox state. Under it, the forms to add a note and to reply.
 */
export function SubmissionThread({ submission }: { submission: SubmissionDetailView }) {
  return (
    <div className="mt-8">
      <h3 id="thread-heading" className="text-base font-semibold">
        Notes and replies
      </h3>
      {submission.thread.length === 0 ? (
        <p className="mt-2 text-sm text-muted-foreground">No notes or replies yet.</p>
      ) : (
        <ol aria-labelledby="thread-heading" className="mt-3 grid gap-3">
          {submission.thread.map((entry) => (
            <ThreadItem key={`${entry.type}-${entry.id}`} entry={entry} />
          ))}
        </ol>
      )}
      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <WrittenForm
          id={submission.id}
          intent="reply"
          label={`Reply to ${submission.email}`}
          hint="Sent by e-mail through the outbox, kept on this thread."
          submitLabel="Send reply"
          busyLabel="Sending..."
          maxLength={SUBMISSION_LIMITS.reply}
          disabled={submission.status === "spam"}
          disabledHint="Mark it as not spam before replying: its address may be forged."
        />
        <WrittenForm
          id={submission.id}
          intent="note"
          label="Internal note"
          hint="Seen only in the CMS, never sent."
          submitLabel="Add note"
          busyLabel="Adding..."
          maxLength={SUBMISSION_LIMITS.note}
        />
      </div>
    </div>
  );
}

function ThreadItem({ entry }: { entry: ThreadEntryView }) {
  const isReply = entry.type === "reply";
  return (
    <li
      data-testid={`thread-${entry.type}`}
      className={
        isReply ? "rounded-md border border-primary/40 bg-background p-3" : "rounded-md border bg-muted/40 p-3"
      }
    >
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <span className="font-medium">{isReply ? "Reply" : "Note"}</span>
        <span className="break-all text-muted-foreground">by {entry.authorEmail}</span>
        <span className="text-muted-foreground">
          <Time value={entry.created} />
        </span>
        {entry.mail ? (
          <span className="flex items-center gap-2">
            <StatusBadge status={entry.mail.status} style={MAIL_STATUS_STYLE} />
            <Link to={`/cms/outbox?selected=${entry.mail.id}`} className="text-primary underline underline-offset-4">
              Open in the outbox
            </Link>
          </span>
        ) : isReply ? (
          <span className="text-muted-foreground">No longer in the outbox</span>
        ) : null}
      </div>
      {entry.mail?.lastError ? (
        <p className="mt-1 text-xs break-words text-muted-foreground">
          Attempt {entry.mail.attempts} failed: {entry.mail.lastError}. The outbox will try again.
        </p>
      ) : null}
      <p className="mt-2 text-sm break-words whitespace-pre-wrap">{entry.body}</p>
    </li>
  );
}

/**
 * A note or a reply. What is typed stays in the box until the server has stored it: a refusal or
 * a failure shows its message beside the text, which is kept; only a success empties the box.
 */
function WrittenForm({
  id,
  intent,
  label,
  hint,
  submitLabel,
  busyLabel,
  maxLength,
  disabled = false,
  disabledHint,
}: {
  id: string;
  intent: "note" | "reply";
  label: string;
  hint: string;
  submitLabel: string;
  busyLabel: string;
  maxLength: number;
  disabled?: boolean;
  disabledHint?: string;
}) {
  const [text, setText] = useState("");
  // Each success empties the box, and what it then holds is what leaving may lose: nothing.
  const [sent, setSent] = useState(0);
  const clear = useCallback(() => {
    setText("");
    setSent((count) => count + 1);
  }, []);
  const { fetcher, errors, busy } = useCmsFormFetcher(clear);
  const csrf = useCsrfToken();
  const formRef = useRef<HTMLFormElement>(null);
  useUnsavedChanges(formRef, sent);
  const fieldId = `submission-${intent}`;
  return (
    <fetcher.Form ref={formRef} method="post" className="grid content-start gap-3">
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <TextareaField
        id={fieldId}
        label={label}
        name={intent}
        rows={5}
        value={text}
        onChange={(event) => setText(event.target.value)}
        maxLength={maxLength}
        required
        disabled={disabled}
        hint={disabled ? disabledHint : hint}
        error={errors[intent]}
      />
      <FormAlert>{errors.form}</FormAlert>
      <div>
        <Button type="submit" disabled={busy || disabled}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </fetcher.Form>
  );
}
