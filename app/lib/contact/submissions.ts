/**
 * Contact submissions in the CMS: what the Contact Submissions tab's forms and its server agree
 * on, the kinds of submission, the limits of a note and a reply, and the messages people read.
 */

/** An enquiry (the contact form) or a job application (the form opened from a job, with its CV). */
export const SUBMISSION_KINDS = ["enquiry", "application"] as const;
export type SubmissionKind = (typeof SUBMISSION_KINDS)[number];

export const SUBMISSION_KIND_LABELS: Readonly<Record<SubmissionKind, string>> = {
  enquiry: "Enquiries",
  application: "Job applications",
};

export function isSubmissionKind(value: unknown): value is SubmissionKind {
  return typeof value === "string" && (SUBMISSION_KINDS as readonly string[]).includes(value);
}

export const SUBMISSION_LIMITS = { note: 5000, reply: 10_000, search: 200, bulk: 100 } as const;

export const SUBMISSION_MESSAGES = {
  noteRequired: "Write a note first.",
  noteTooLong: `A note must be at most ${SUBMISSION_LIMITS.note} characters`,
  noteAdded: "Note added",
  noteFailed: "Failed to add the note",
  replyRequired: "Write a reply first.",
  replyTooLong: `A reply must be at most ${SUBMISSION_LIMITS.reply} characters`,
  replyQueued: "Reply queued in the outbox",
  replyFailed: "Failed to queue the reply; your text is kept, please try again",
  assigned: "Assignment saved",
  assigneeInvalid: "Choose someone who can handle submissions",
  assignFailed: "Failed to save the assignment",
  notSpam: "Moved to New",
  notSpamOnlySpam: "Only a submission held back as spam can be marked as not spam",
  notSpamFailed: "Failed to mark the submission as not spam",
  bulkNone: "Select at least one submission first.",
  bulkUpdated: (count: number) => `${count} ${count === 1 ? "submission" : "submissions"} updated`,
  bulkUnchanged: "Nothing changed: the selected submissions already had that status.",
  bulkFailed: "Failed to update the selected submissions",
  erased: "Submission erased",
  eraseFailed: "Failed to erase the submission",
  notFound: "Submission not found",
} as const;

/** "Unassigned" in the assignment selector: the empty value. */
export const UNASSIGNED = "";
