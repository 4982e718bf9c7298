/**
 * Replying to a submission by e-mail from the CMS. The reply is queued in the outbox and
 * kept on the submission's thread in one transaction: either both exist or neither, so a failure
 * loses nothing that was stored, and the form keeps what was typed. The outbox sends and retries
 * (platform/mail); the thread shows the outbox row's state.
 */
import { eq } from "drizzle-orm";
import { contactSubmissions, submissionReplies } from "../../db/schema";
import { formatDate } from "../../lib/text/format";
import { SUBMISSION_LIMITS, SUBMISSION_MESSAGES } from "../../lib/contact/submissions";
import { escapeHtml } from "../../lib/site/placeholders";
import { isUuid } from "../../lib/schemas/id";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import { SETTING_KEYS } from "../../lib/site/site-setting-keys";
import { settingsForMail } from "../content/site-settings.server";
import { auditedChange, type Actor } from "../platform/audit.server";
import type { Database } from "../platform/db/db.server";
import { ExpectedError } from "../platform/errors.server";
import { kickMailDelivery } from "../platform/mail/delivery.server";
import { headerText, htmlDocument, queueMail } from "../platform/mail/outbox.server";
import { checkWrittenText } from "./submission-changes.server";

export const REPLY_TO_SPAM_MESSAGE = "Mark it as not spam before replying: its address may be forged";

export interface ReplyContext {
  /** The site settings, private ones included (the company's name and contact address). */
  settings: Readonly<Record<string, string>>;
}

/** The reply's mail: the text written, signed with the company's name, above the message it answers. */
export function composeReply(
  submission: { name: string; subject: string; message: string; createdAt: Date },
  body: string,
  context: ReplyContext,
) {
  const company = siteIdentityFromSettings(context.settings).companyName;
  const received = formatDate(submission.createdAt, "dateTime");
  const quoted = submission.message
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
  const text = [body, "", "Kind regards,", company, "", `On ${received} you wrote:`, quoted].join("\n");
  const html = htmlDocument(
    `Re: ${submission.subject}`,
    [
      `<div style="white-space:pre-wrap;margin:0 0 16px">${escapeHtml(body)}</div>`,
      `<p style="margin:0 0 16px">Kind regards,<br>${escapeHtml(company)}</p>`,
      `<p style="margin:0 0 8px;color:#4b5563">On ${escapeHtml(received)} you wrote:</p>`,
      `<blockquote style="white-space:pre-wrap;margin:0;padding:0 0 0 12px;border-left:3px solid #d1d5db;color:#4b5563">${escapeHtml(submission.message)}</blockquote>`,
    ].join(""),
  );
  return { subject: `Re: ${headerText(submission.subject, 190)}`, text, html };
}

/**
 * Queues a reply to the submitter and records it on the thread. Refused (nothing stored) when the
 * text is blank or too long, the submission is unknown, or it is held back as spam.
 */
export async function replyToSubmission(db: Database, actor: Actor, id: string, body: unknown, context?: ReplyContext) {
  const text = checkWrittenText(
    body,
    SUBMISSION_LIMITS.reply,
    { required: SUBMISSION_MESSAGES.replyRequired, tooLong: SUBMISSION_MESSAGES.replyTooLong },
    "reply",
  );
  if (!isUuid(id)) throw new ExpectedError(SUBMISSION_MESSAGES.notFound, { status: 404 });
  const settings = context?.settings ?? (await settingsForMail(db));
  const result = await auditedChange(
    db,
    actor,
    async (tx) => {
      const [submission] = await tx
        .select()
        .from(contactSubmissions)
        .where(eq(contactSubmissions.id, id))
        .for("update");
      if (!submission) throw new ExpectedError(SUBMISSION_MESSAGES.notFound, { status: 404 });
      if (submission.status === "spam") throw new ExpectedError(REPLY_TO_SPAM_MESSAGE, { status: 409, field: "reply" });
      const mail = composeReply(submission, text, { settings });
      const queued = await queueMail(tx, {
        kind: "submission_reply",
        to: submission.email,
        replyTo: settings[SETTING_KEYS.contactEmail]?.trim() || null,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        submissionId: id,
      });
      const [reply] = await tx
        .insert(submissionReplies)
        .values({ submissionId: id, mailId: queued.id, authorId: actor.id, authorEmail: actor.email, body: text })
        .returning();
      return { reply: reply!, mail: queued };
    },
    ({ reply, mail }) => ({
      action: "contact_submission.reply",
      entity: "contact_submissions",
      entityId: id,
      details: { replyId: reply.id, mailId: mail.id },
    }),
  );
  // Only after the commit: the sender must find the row.
  void kickMailDelivery();
  return result;
}
