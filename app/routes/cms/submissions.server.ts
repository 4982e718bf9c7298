/**
 * The Contact Submissions tab's view and its one change. The list needs no message bodies; only
 * the selected submission's message reaches the page, sanitised here on the server.
 */
import { timeParts } from "~/lib/format";
import { pageWindow } from "~/lib/pagination";
import {
  assertContactStatus,
  findContactSubmission,
  isContactStatus,
  listContactSubmissions,
  updateContactSubmissionStatus,
  type ContactSubmission,
} from "~/server/contact/contact-submissions.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { sanitizeRichText } from "~/server/platform/sanitize.server";
import { dataWithToast } from "~/server/platform/toast.server";
import type { CmsActionContext } from "./cms-action.server";
import { listQuery, readListTab } from "./list-tab.server";

export const STATUS_UPDATE_FAILED = "Failed to update status";

function submissionRow(submission: ContactSubmission) {
  return {
    id: submission.id,
    name: submission.name,
    subject: submission.subject,
    status: submission.status,
    created: timeParts(submission.createdAt, "date"),
  };
}

function submissionDetail(submission: ContactSubmission) {
  return {
    id: submission.id,
    name: submission.name,
    email: submission.email,
    phone: submission.phone,
    subject: submission.subject,
    status: submission.status,
    attachmentFilename: submission.attachmentFilename,
    created: timeParts(submission.createdAt),
    messageHtml: sanitizeRichText(submission.message),
  };
}

export type SubmissionRowView = ReturnType<typeof submissionRow>;
export type SubmissionDetailView = ReturnType<typeof submissionDetail>;

/** One page of submissions (newest first, optionally one status only) and the selected one. */
export async function loadSubmissionsTab(request: Request) {
  const { status, page, selectedId } = listQuery(request, isContactStatus);
  return readListTab(
    "contact submissions",
    async (db) => {
      const [{ submissions, total }, selected] = await Promise.all([
        listContactSubmissions(db, { status: status ?? undefined, ...pageWindow(page) }),
        selectedId ? findContactSubmission(db, selectedId) : undefined,
      ]);
      return {
        status,
        page,
        total,
        error: null as string | null,
        submissions: submissions.map(submissionRow),
        selected: selected ? submissionDetail(selected) : null,
      };
    },
    { status, page, total: 0, error: "Failed to fetch contact submissions", submissions: [], selected: null },
  );
}

/** Checked before the database is reached: an invalid status is answered as such even while it is down. */
export function checkStatusForm({ intent, values }: Omit<CmsActionContext, "db">) {
  if (intent === "status") assertContactStatus(values.status);
}

/** Sets one submission's status; anything but the four statuses is refused ("Invalid status value"). */
export async function changeSubmissionStatus({ db, current, values }: CmsActionContext) {
  const result = await updateContactSubmissionStatus(db, current.user, values.id ?? "", values.status);
  if (!result) throw new ExpectedError(STATUS_UPDATE_FAILED, { status: 404 });
  return dataWithToast({ ok: true as const }, { type: "success", description: "Status updated successfully" });
}
