/**
 * The Contact Submissions tab: its view (search, filters, unread, the selected submission with
 * its thread) and its changes (status, bulk status, note, assignment, reply by e-mail, not spam,
 * erasure, read). The list needs no message bodies; only the selected submission's message
 * reaches the page, as the plain text the visitor typed.
 */
import { z } from "~/lib/schemas/zod";
import { timeParts } from "~/lib/text/format";
import {
  SUBMISSION_LIMITS,
  SUBMISSION_MESSAGES,
  isSubmissionKind,
  type SubmissionKind,
} from "~/lib/contact/submissions";
import { pageWindow } from "~/lib/cms/pagination";
import { idSchema } from "~/lib/schemas/id";
import {
  assertContactStatus,
  isContactStatus,
  updateContactSubmissionStatus,
  type ContactSubmission,
} from "~/server/contact/contact-submissions.server";
import {
  addSubmissionNote,
  assignSubmission,
  bulkChangeSubmissionStatus,
  markSubmissionNotSpam,
} from "~/server/contact/submission-changes.server";
import { eraseSubmission } from "~/server/contact/submission-erasure.server";
import { replyToSubmission } from "~/server/contact/submission-reply.server";
import {
  countUnreadSubmissions,
  listAppliedJobs,
  listSubmissionHandlers,
  listSubmissions,
  markSubmissionRead,
  readSubmissionDetail,
  submissionKind,
  type SubmissionFilter,
  type ThreadEntry,
} from "~/server/contact/submission-list.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { getStorage } from "~/server/platform/storage.server";
import { dataWithToast, redirectWithToast } from "~/server/platform/toast.server";
import { actionFailed, actionSucceeded, type CmsActionContext, type IntentHandlers } from "./cms-action.server";
import { listQuery, readListTab } from "./list-tab.server";

export const STATUS_UPDATE_FAILED = "Failed to update status";

/** What each intent answers when it fails on our side (the spec's text for a status change). */
export function submissionsFailureMessage(intent: string): string {
  switch (intent) {
    case "bulk":
      return SUBMISSION_MESSAGES.bulkFailed;
    case "note":
      return SUBMISSION_MESSAGES.noteFailed;
    case "assign":
      return SUBMISSION_MESSAGES.assignFailed;
    case "reply":
      return SUBMISSION_MESSAGES.replyFailed;
    case "not-spam":
      return SUBMISSION_MESSAGES.notSpamFailed;
    case "erase":
      return SUBMISSION_MESSAGES.eraseFailed;
    default:
      return STATUS_UPDATE_FAILED;
  }
}

function submissionRow(submission: ContactSubmission) {
  return {
    id: submission.id,
    name: submission.name,
    email: submission.email,
    subject: submission.subject,
    status: submission.status,
    kind: submissionKind(submission),
    job: submission.job,
    unread: submission.readAt === null,
    created: timeParts(submission.createdAt, "date"),
  };
}

function threadEntryView(entry: ThreadEntry) {
  const base = { id: entry.id, authorEmail: entry.authorEmail, body: entry.body, created: timeParts(entry.createdAt) };
  if (entry.type === "note") return { ...base, type: "note" as const, mail: null };
  return {
    ...base,
    type: "reply" as const,
    mail: entry.mail
      ? {
          id: entry.mail.id,
          status: entry.mail.status,
          attempts: entry.mail.attempts,
          lastError: entry.mail.lastError,
          sent: entry.mail.sentAt ? timeParts(entry.mail.sentAt) : null,
        }
      : null,
  };
}

function submissionDetail(detail: NonNullable<Awaited<ReturnType<typeof readSubmissionDetail>>>, wasUnread: boolean) {
  const { submission } = detail;
  return {
    id: submission.id,
    name: submission.name,
    email: submission.email,
    phone: submission.phone,
    subject: submission.subject,
    status: submission.status,
    kind: submissionKind(submission),
    job: submission.job,
    attachmentFilename: submission.attachmentFilename,
    created: timeParts(submission.createdAt),
    /** The visitor's own words: plain text, which the page shows as text, never as HTML. */
    message: submission.message,
    assigneeId: submission.assigneeId,
    assigneeEmail: detail.assigneeEmail,
    /** It had not been opened before this visit: the page tells the layout to count again. */
    wasUnread,
    thread: detail.thread.map(threadEntryView),
  };
}

export type SubmissionRowView = ReturnType<typeof submissionRow>;
export type SubmissionDetailView = ReturnType<typeof submissionDetail>;

/** The list's search and filters from the address: ?q=, ?kind=, ?job= (with ?status= and ?page=). */
export function submissionFilterFrom(searchParams: URLSearchParams) {
  const q = (searchParams.get("q") ?? "").trim().slice(0, SUBMISSION_LIMITS.search);
  const kindParam = searchParams.get("kind");
  const job = searchParams.get("job") ?? "";
  // A job names applications only; its kind follows.
  const kind: SubmissionKind | null = job ? "application" : isSubmissionKind(kindParam) ? kindParam : null;
  return { q, kind, job: job || null };
}

/** One page of submissions, the filters' choices, the unread count and the selected submission. */
export async function loadSubmissionsTab(request: Request) {
  const { status, page, selectedId, searchParams } = listQuery(request, isContactStatus);
  const { q, kind, job } = submissionFilterFrom(searchParams);
  const filter: SubmissionFilter = {
    q: q || undefined,
    status: status ?? undefined,
    kind: kind ?? undefined,
    job: job ?? undefined,
  };
  const filters = { q, kind, job };
  return readListTab(
    "contact submissions",
    async (db) => {
      const opened = selectedId ? await readSubmissionDetail(db, selectedId) : undefined;
      // Opening a submission marks it read (the first time); the page then asks the layout to recount.
      const wasUnread = Boolean(opened && opened.submission.readAt === null);
      if (opened && wasUnread) await markSubmissionRead(db, opened.submission.id);
      const [{ submissions, total }, jobs, handlers, unread] = await Promise.all([
        listSubmissions(db, filter, pageWindow(page)),
        listAppliedJobs(db),
        opened ? listSubmissionHandlers(db) : Promise.resolve([]),
        countUnreadSubmissions(db),
      ]);
      return {
        status,
        page,
        total,
        filters,
        jobs,
        handlers,
        unread,
        error: null as string | null,
        submissions: submissions.map((submission) =>
          submission.id === opened?.submission.id
            ? { ...submissionRow(submission), unread: false }
            : submissionRow(submission),
        ),
        selected: opened ? submissionDetail(opened, wasUnread) : null,
      };
    },
    {
      status,
      page,
      total: 0,
      filters,
      jobs: [],
      handlers: [],
      unread: 0,
      error: "Failed to fetch contact submissions",
      submissions: [],
      selected: null,
    },
  );
}

/** Checked before the database is reached: an invalid status is answered as such even while it is down. */
export function checkStatusForm({ intent, values }: Omit<CmsActionContext, "db">) {
  if (intent === "status" || intent === "bulk")
    assertContactStatus(intent === "bulk" ? values.bulkAction : values.status);
}

/** Sets one submission's status; anything but the four statuses is refused ("Invalid status value"). */
export async function changeSubmissionStatus({ db, current, values }: CmsActionContext) {
  const result = await updateContactSubmissionStatus(db, current.user, values.id ?? "", values.status);
  if (!result) throw new ExpectedError(STATUS_UPDATE_FAILED, { status: 404 });
  return dataWithToast({ ok: true as const }, { type: "success", description: "Status updated successfully" });
}

const bulkSchema = z.object({
  bulkAction: z.string(),
  ids: z.array(idSchema).min(1).max(SUBMISSION_LIMITS.bulk),
});

/** The selected rows to one status (the bulk bar's buttons send the status as `bulkAction`). */
export async function changeStatusInBulk({ db, current, form, values, intent }: CmsActionContext) {
  const parsed = bulkSchema.safeParse({ bulkAction: values.bulkAction, ids: form.getAll("ids") });
  if (!parsed.success) return actionFailed(SUBMISSION_MESSAGES.bulkNone, 400, { intent });
  const changed = await bulkChangeSubmissionStatus(db, current.user, parsed.data.ids, parsed.data.bulkAction);
  if (changed.length === 0) return actionSucceeded(intent, { description: SUBMISSION_MESSAGES.bulkUnchanged });
  return actionSucceeded(intent, { description: SUBMISSION_MESSAGES.bulkUpdated(changed.length) });
}

export async function addNote({ db, current, values, intent }: CmsActionContext) {
  await addSubmissionNote(db, current.user, values.id ?? "", values.note);
  return actionSucceeded(intent, { description: SUBMISSION_MESSAGES.noteAdded });
}

export async function assign({ db, current, values, intent }: CmsActionContext) {
  await assignSubmission(db, current.user, values.id ?? "", values.assignee ?? "");
  return actionSucceeded(intent, { description: SUBMISSION_MESSAGES.assigned });
}

export async function reply({ db, current, values, intent }: CmsActionContext) {
  await replyToSubmission(db, current.user, values.id ?? "", values.reply);
  return actionSucceeded(intent, { description: SUBMISSION_MESSAGES.replyQueued });
}

export async function notSpam({ db, current, values, intent }: CmsActionContext) {
  await markSubmissionNotSpam(db, current.user, values.id ?? "");
  return actionSucceeded(intent, { description: SUBMISSION_MESSAGES.notSpam });
}

/** Erasure: the row, its thread, its mails and its CV; back to the list, which no longer has it. */
export async function erase({ db, current, values }: CmsActionContext) {
  await eraseSubmission(db, getStorage(), current.user, values.id ?? "");
  return redirectWithToast("/cms/submissions", { type: "success", description: SUBMISSION_MESSAGES.erased });
}

/** Sent by the detail view when it opened an unread submission, so every loader (the tab's count) reads again. */
export async function markRead({ db, values, intent }: CmsActionContext) {
  await markSubmissionRead(db, values.id ?? "");
  return { ok: true as const, intent };
}

/** The Submissions tab's intents, each with its handler. */
export const submissionsIntents = {
  status: changeSubmissionStatus,
  bulk: changeStatusInBulk,
  note: addNote,
  assign,
  reply,
  "not-spam": notSpam,
  erase,
  read: markRead,
} satisfies IntentHandlers;
