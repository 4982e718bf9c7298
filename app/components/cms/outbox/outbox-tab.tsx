import { Link } from "react-router";
import type { MailKind, MailStatus } from "~/lib/enums";
import type { MailDetailView, MailRowView } from "~/routes/cms/outbox.server";
import { Detail, DetailList, DetailPanel, SelectRowLink, Time } from "../kit/detail-panel";
import { ListRow, StatusCell, TimeCell, type ListRowProps, type ListTabConfig } from "../kit/list-tab";
import { MAIL_STATUS_STYLE } from "../kit/list-statuses";

export const OUTBOX_TAB: ListTabConfig<MailRowView, MailDetailView, MailStatus> = {
  id: "outbox",
  title: "Outbox",
  statusStyle: MAIL_STATUS_STYLE,
  columns: ["Status", "To", "Subject", "Created", "Sent", "Attempts"],
  lastColumn: "Last error",
  emptyMessage: "No e-mails in the outbox.",
  Row: MailRow,
  detail: { label: "E-mail details", emptyText: "Select an e-mail to read it.", Panel: MailDetail },
};

/** One mail in the list; its subject opens it in the detail panel. */
function MailRow({ row: mail, isSelected }: ListRowProps<MailRowView>) {
  return (
    <ListRow selected={isSelected} align="top">
      <StatusCell status={mail.status} style={MAIL_STATUS_STYLE} />
      <td className="py-3 pr-4 break-all">{mail.to}</td>
      <td className="max-w-72 py-3 pr-4">
        <SelectRowLink id={mail.id} isSelected={isSelected} className="font-medium">
          {mail.subject}
        </SelectRowLink>
      </td>
      <TimeCell value={mail.created} />
      <td className="py-3 pr-4 whitespace-nowrap">{mail.sent ? <Time value={mail.sent} /> : "—"}</td>
      <td className="py-3 pr-4">{mail.attempts}</td>
      <td className="max-w-72 py-3 break-words text-muted-foreground">{mail.lastError ?? "—"}</td>
    </ListRow>
  );
}

/** Why each mail was written, as the detail panel's subtitle says it. */
const MAIL_KIND_LABELS: Readonly<Record<MailKind, string>> = {
  notification: "Notification to the company",
  acknowledgement: "Acknowledgement to the sender",
  order_confirmation: "Order confirmation to the buyer",
  invitation: "Invitation to the CMS",
  password_reset: "Password reset link",
  account_security: "Sign-in security notice to the user",
  submission_reply: "Reply to the sender, written in the inbox",
};

/** The selected mail: where it went, how delivery is going, and its plain text. */
function MailDetail({ selected }: { selected: MailDetailView }) {
  return (
    <DetailPanel
      title={selected.subject}
      subtitle={
        <>
          {MAIL_KIND_LABELS[selected.kind]}, written <Time value={selected.created} />
        </>
      }
      status={selected.status}
      statusStyle={MAIL_STATUS_STYLE}
    >
      <DetailList className="sm:grid-cols-[9rem_1fr]">
        <Detail term="To" className="break-all">
          {selected.to}
        </Detail>
        {selected.replyTo ? (
          <Detail term="Reply to" className="break-all">
            {selected.replyTo}
          </Detail>
        ) : null}
        <Detail term="Sent">{selected.sent ? <Time value={selected.sent} /> : "Not yet"}</Detail>
        {selected.nextAttempt ? (
          <Detail term="Next attempt">
            <Time value={selected.nextAttempt} />
          </Detail>
        ) : null}
        <Detail term="Attempts">{selected.attempts}</Detail>
        {selected.lastError ? (
          <Detail term="Last error" className="break-words">
            {selected.lastError}
          </Detail>
        ) : null}
        {selected.submissionId ? (
          <Detail term="Submission">
            <Link
              to={`/cms/submissions?selected=${selected.submissionId}`}
              className="text-primary underline underline-offset-4"
            >
              Open the contact submission
            </Link>
          </Detail>
        ) : null}
      </DetailList>
      <h3 className="mt-6 text-sm font-medium text-muted-foreground">Message</h3>
      <pre
        data-testid="outbox-message"
        className="mt-2 rounded-md border bg-background p-4 font-sans text-sm break-words whitespace-pre-wrap"
      >
        {selected.text}
      </pre>
    </DetailPanel>
  );
}
