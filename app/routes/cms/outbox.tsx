import { Link, useLoaderData } from "react-router";
import { StatusBadge, StatusFilter, useHrefWith } from "~/components/cms/status-filter";
import { DetailPanel, SelectRowLink } from "~/components/cms/detail-panel";
import { DataTable } from "~/components/cms/data-table";
import { Pagination } from "~/components/cms/pagination";
import { MAIL_STATUSES, type MailStatus } from "~/lib/enums";
import { PAGE_SIZE, pageFromSearch, pageWindow } from "~/lib/pagination";
import { cn } from "~/lib/utils";
import { requireAdmin } from "~/server/auth/guards.server";
import { getDb } from "~/server/platform/db/database.server";
import { getEnv } from "~/server/platform/env.server";
import { logger } from "~/server/platform/logger.server";
import { findOutboxMail, isMailStatus, listOutbox } from "~/server/platform/mail/outbox.server";
import type { Route } from "./+types/outbox";

export const meta: Route.MetaFunction = () => [{ title: "Outbox | CMS" }];

const STATUS_LABELS: Record<MailStatus, string> = { pending: "Pending", sent: "Sent", failed: "Failed" };
const STATUS_TONES: Record<MailStatus, "yellow" | "green" | "red"> = {
  pending: "yellow",
  sent: "green",
  failed: "red",
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Times as UK readers expect them, formatted once on the server so the browser shows the same. */
const dateTimeFormat = new Intl.DateTimeFormat("en-GB", {
  dateStyle: "medium",
  timeStyle: "short",
  timeZone: "Europe/London",
});

function when(date: Date | null) {
  return date ? { iso: date.toISOString(), text: dateTimeFormat.format(date) } : null;
}

/**
 * The e-mail outbox (issue 5), for administrators only: every mail the site wrote, newest first,
 * optionally one status only, and with `?selected=<id>` one mail's details and plain-text body.
 * Without SMTP_URL nothing is sent, and this is where the mails are read.
 */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const searchParams = new URL(request.url).searchParams;
  const statusParam = searchParams.get("status");
  const status = isMailStatus(statusParam) ? statusParam : null;
  const page = pageFromSearch(searchParams);
  const selectedId = searchParams.get("selected");
  const smtpConfigured = Boolean(getEnv().SMTP_URL);
  try {
    const db = await getDb();
    const [{ mails, total }, selected] = await Promise.all([
      listOutbox(db, { status: status ?? undefined, ...pageWindow(page) }),
      selectedId && UUID_PATTERN.test(selectedId) ? findOutboxMail(db, selectedId) : undefined,
    ]);
    return {
      status,
      page,
      total,
      smtpConfigured,
      error: null,
      // The list needs no bodies; only the selected mail's plain text reaches the page.
      mails: mails.map((mail) => ({
        id: mail.id,
        status: mail.status,
        to: mail.toAddress,
        subject: mail.subject,
        created: when(mail.createdAt)!,
        sent: when(mail.sentAt),
        attempts: mail.attempts,
        lastError: mail.lastError,
      })),
      selected: selected
        ? {
            id: selected.id,
            kind: selected.kind,
            status: selected.status,
            to: selected.toAddress,
            replyTo: selected.replyTo,
            subject: selected.subject,
            created: when(selected.createdAt)!,
            sent: when(selected.sentAt),
            nextAttempt: selected.status === "pending" ? when(selected.nextAttemptAt) : null,
            attempts: selected.attempts,
            lastError: selected.lastError,
            submissionId: selected.submissionId,
            text: selected.textBody,
          }
        : null,
    };
  } catch (error) {
    logger.error({ err: error }, "could not list the outbox");
    return {
      status,
      page,
      total: 0,
      smtpConfigured,
      error: "Failed to fetch the outbox",
      mails: [],
      selected: null,
    };
  }
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

export default function OutboxPage() {
  const { mails, total, page, status, selected, error, smtpConfigured } = useLoaderData<typeof loader>();

  const hrefWith = useHrefWith();

  return (
    <div className="grid gap-6">
      <section className="rounded-lg border bg-card p-6" aria-labelledby="outbox-heading">
        <h2 id="outbox-heading" className="text-lg font-semibold">
          Outbox ({total})
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          {smtpConfigured
            ? "E-mails are sent over SMTP from here; failed attempts are retried with a growing delay."
            : "No mail server is configured (SMTP_URL), so e-mails are not sent: they are kept here to read."}
        </p>
        <StatusFilter statuses={MAIL_STATUSES} current={status} labels={STATUS_LABELS} />
        <DataTable
          columns={["Status", "To", "Subject", "Created", "Sent", "Attempts"]}
          lastColumn="Last error"
          error={error}
          empty={mails.length === 0}
          emptyMessage="No e-mails in the outbox."
          footer={<Pagination page={page} total={total} pageSize={PAGE_SIZE} />}
        >
          {mails.map((mail) => {
            const isSelected = selected?.id === mail.id;
            return (
              <tr key={mail.id} className={cn("border-b align-top last:border-0", isSelected && "bg-muted")}>
                <td className="py-3 pr-4">
                  <StatusBadge status={mail.status} labels={STATUS_LABELS} tones={STATUS_TONES} />
                </td>
                <td className="py-3 pr-4 break-all">{mail.to}</td>
                <td className="max-w-72 py-3 pr-4">
                  <SelectRowLink id={mail.id} isSelected={isSelected} className="font-medium">
                    {mail.subject}
                  </SelectRowLink>
                </td>
                <td className="py-3 pr-4 whitespace-nowrap">
                  <time dateTime={mail.created.iso}>{mail.created.text}</time>
                </td>
                <td className="py-3 pr-4 whitespace-nowrap">
                  {mail.sent ? <time dateTime={mail.sent.iso}>{mail.sent.text}</time> : "—"}
                </td>
                <td className="py-3 pr-4">{mail.attempts}</td>
                <td className="max-w-72 py-3 break-words text-muted-foreground">{mail.lastError ?? "—"}</td>
              </tr>
            );
          })}
        </DataTable>
      </section>
      <MailDetail selected={selected} closeHref={hrefWith({ selected: null })} />
    </div>
  );
}

function MailDetail({ selected, closeHref }: { selected: LoaderData["selected"]; closeHref: string }) {
  return (
    <DetailPanel
      label="E-mail details"
      emptyText="Select an e-mail to read it."
      closeHref={closeHref}
      selection={
        selected && {
          title: selected.subject,
          subtitle: (
            <>
              {selected.kind === "notification" ? "Notification to the company" : "Acknowledgement to the sender"},
              written <time dateTime={selected.created.iso}>{selected.created.text}</time>
            </>
          ),
          badge: <StatusBadge status={selected.status} labels={STATUS_LABELS} tones={STATUS_TONES} />,
        }
      }
    >
      {selected ? (
        <>
          <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[9rem_1fr]">
            <dt className="font-medium text-muted-foreground">To</dt>
            <dd className="break-all">{selected.to}</dd>
            {selected.replyTo ? (
              <>
                <dt className="font-medium text-muted-foreground">Reply to</dt>
                <dd className="break-all">{selected.replyTo}</dd>
              </>
            ) : null}
            <dt className="font-medium text-muted-foreground">Sent</dt>
            <dd>{selected.sent ? <time dateTime={selected.sent.iso}>{selected.sent.text}</time> : "Not yet"}</dd>
            {selected.nextAttempt ? (
              <>
                <dt className="font-medium text-muted-foreground">Next attempt</dt>
                <dd>
                  <time dateTime={selected.nextAttempt.iso}>{selected.nextAttempt.text}</time>
                </dd>
              </>
            ) : null}
            <dt className="font-medium text-muted-foreground">Attempts</dt>
            <dd>{selected.attempts}</dd>
            {selected.lastError ? (
              <>
                <dt className="font-medium text-muted-foreground">Last error</dt>
                <dd className="break-words">{selected.lastError}</dd>
              </>
            ) : null}
            {selected.submissionId ? (
              <>
                <dt className="font-medium text-muted-foreground">Submission</dt>
                <dd>
                  <Link
                    to={`/cms/submissions?selected=${selected.submissionId}`}
                    className="text-primary underline underline-offset-4"
                  >
                    Open the contact submission
                  </Link>
                </dd>
              </>
            ) : null}
          </dl>
          <h3 className="mt-6 text-sm font-medium text-muted-foreground">Message</h3>
          <pre
            data-testid="outbox-message"
            className="mt-2 rounded-md border bg-background p-4 font-sans text-sm break-words whitespace-pre-wrap"
          >
            {selected.text}
          </pre>
        </>
      ) : null}
    </DetailPanel>
  );
}
