/**
 * The Outbox tab's view: every mail the site wrote, newest first, optionally one status only, and
 * with `?selected=<id>` one mail's details. The list needs no bodies; only the selected mail's
 * plain text reaches the page.
 */
import { timeParts } from "~/lib/text/format";
import { pageWindow } from "~/lib/cms/pagination";
import { getEnv } from "~/server/platform/env.server";
import { findOutboxMail, isMailStatus, listOutbox, type OutboxMail } from "~/server/platform/mail/outbox.server";
import { listQuery, readListTab } from "./list-tab.server";

const when = (date: Date | null) => (date ? timeParts(date) : null);

function mailRow(mail: OutboxMail) {
  return {
    id: mail.id,
    status: mail.status,
    to: mail.toAddress,
    subject: mail.subject,
    created: timeParts(mail.createdAt),
    sent: when(mail.sentAt),
    attempts: mail.attempts,
    lastError: mail.lastError,
  };
}

function mailDetail(mail: OutboxMail) {
  return {
    ...mailRow(mail),
    kind: mail.kind,
    replyTo: mail.replyTo,
    nextAttempt: mail.status === "pending" ? when(mail.nextAttemptAt) : null,
    submissionId: mail.submissionId,
    text: mail.textBody,
  };
}

export type MailRowView = ReturnType<typeof mailRow>;
export type MailDetailView = ReturnType<typeof mailDetail>;

export async function loadOutboxTab(request: Request) {
  const { status, page, selectedId } = listQuery(request, isMailStatus);
  // Without SMTP_URL nothing is sent, and this is where the mails are read.
  const smtpConfigured = Boolean(getEnv().SMTP_URL);
  return readListTab(
    "the outbox",
    async (db) => {
      const [{ mails, total }, selected] = await Promise.all([
        listOutbox(db, { status: status ?? undefined, ...pageWindow(page) }),
        selectedId ? findOutboxMail(db, selectedId) : undefined,
      ]);
      return {
        status,
        page,
        total,
        smtpConfigured,
        error: null as string | null,
        mails: mails.map(mailRow),
        selected: selected ? mailDetail(selected) : null,
      };
    },
    { status, page, total: 0, smtpConfigured, error: "Failed to fetch the outbox", mails: [], selected: null },
  );
}
