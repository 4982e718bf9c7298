/**
 * The two mails of a contact submission: a notification to the company and an acknowledgement to
 * the visitor, queued in the outbox after the submission is saved.
 */
import type { MailKind } from "../../lib/enums";
import { escapeHtml } from "../../lib/site/placeholders";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import { settingsForMail } from "../content/site-settings.server";
import { kickMailDelivery } from "../platform/mail/delivery.server";
import { headerText, htmlDocument, queueMail, type OutboxMail } from "../platform/mail/outbox.server";
import type { Database } from "../platform/db/db.server";
import { getEnv } from "../platform/env.server";
import { logger } from "../platform/logger.server";
import { formatDate } from "../../lib/text/format";
import { SETTING_KEYS } from "../../lib/site/site-setting-keys";

/** What the mails need of a submission (a row of contact_submissions fits). */
export interface SubmissionForMail {
  id: string;
  name: string;
  email: string;
  phone?: string | null;
  subject: string;
  message: string;
  attachmentFilename?: string | null;
  status?: string;
  createdAt?: Date;
}

export interface SubmissionMailContext {
  /** The site settings, private ones included (`notification_email` is private). */
  settings: Readonly<Record<string, string>>;
  /** PUBLIC_URL without a trailing slash. */
  publicUrl: string;
  /** NOTIFY_EMAIL: when set, it wins over the settings. */
  notifyEmail?: string | null;
}

export interface ComposedMail {
  to: string;
  replyTo: string | null;
  subject: string;
  text: string;
  html: string;
  kind: MailKind;
  submissionId: string;
}

/** The company's mailbox: NOTIFY_EMAIL, else the `notification_email` setting, else `contact_email`. */
export function notificationAddress(context: SubmissionMailContext): string | null {
  const candidates = [
    context.notifyEmail,
    context.settings[SETTING_KEYS.notificationEmail],
    context.settings[SETTING_KEYS.contactEmail],
  ];
  return candidates.map((value) => value?.trim()).find((value) => Boolean(value)) ?? null;
}

/** Where an administrator opens the submission: the Contact Submissions tab with its detail panel. */
export function submissionCmsLink(publicUrl: string, submissionId: string): string {
  return `${publicUrl.replace(/\/+$/, "")}/cms/submissions?selected=${encodeURIComponent(submissionId)}`;
}

function isApplication(submission: SubmissionForMail): boolean {
  return Boolean(submission.attachmentFilename) || /^application for /i.test(submission.subject.trim());
}

/**
 * The two mails of a new submission: a notification to the company with everything the visitor
 * sent and a link to it in the CMS, and a short acknowledgement to the visitor. The acknowledgement
 * repeats nothing the visitor typed (not even the name), so the form cannot be used to send
 * someone else a message of the sender's choosing; and it never carries the attachment.
 * The notification is left out when no company address is known.
 */
export function composeSubmissionMail(
  submission: SubmissionForMail,
  context: SubmissionMailContext,
): { notification: ComposedMail | null; acknowledgement: ComposedMail } {
  const to = notificationAddress(context);
  return {
    notification: to ? notificationMail(submission, to, context.publicUrl) : null,
    acknowledgement: acknowledgementMail(submission, context),
  };
}

/** The company's mail: everything the visitor sent, and where to open it in the CMS. */
function notificationMail(submission: SubmissionForMail, to: string, publicUrl: string): ComposedMail {
  const link = submissionCmsLink(publicUrl, submission.id);
  const details = submissionDetails(submission);
  const heading = isApplication(submission) ? "New job application" : "New contact message";
  return {
    kind: "notification",
    to,
    replyTo: submission.email.trim() || null,
    subject: `${heading}: ${headerText(submission.subject, 150)}`,
    submissionId: submission.id,
    text: [
      `${heading} from the website.`,
      "",
      ...details.map(([label, value]) => `${label}: ${value}`),
      "",
      "Message:",
      submission.message,
      "",
      `Open it in the CMS: ${link}`,
      "",
      "Reply to this e-mail to answer the sender.",
    ].join("\n"),
    html: htmlDocument(
      heading,
      [
        `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(heading)}</h1>`,
        '<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">',
        ...details.map(
          ([label, value]) =>
            `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;vertical-align:top">${escapeHtml(label)}</th>` +
            `<td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
        ),
        "</table>",
        '<h2 style="font-size:16px;margin:0 0 8px">Message</h2>',
        `<div style="white-space:pre-wrap;border:1px solid #d1d5db;border-radius:6px;padding:12px;margin:0 0 16px">${escapeHtml(submission.message)}</div>`,
        `<p style="margin:0 0 8px"><a href="${escapeHtml(link)}" style="color:#1d4ed8">Open it in the CMS</a></p>`,
        '<p style="margin:0;color:#4b5563">Reply to this e-mail to answer the sender.</p>',
      ].join(""),
    ),
  };
}

/** The notification's table of what the visitor sent, each row a label and its value. */
function submissionDetails(submission: SubmissionForMail): [string, string][] {
  const received = formatDate(submission.createdAt ?? new Date(), "dateTime");
  return [
    ["Name", submission.name],
    ["E-mail", submission.email],
    ...(submission.phone ? [["Phone", submission.phone] as [string, string]] : []),
    ["Subject", submission.subject],
    ...(submission.attachmentFilename
      ? [["Attachment", `${submission.attachmentFilename} (download it in the CMS)`] as [string, string]]
      : []),
    ["Received", `${received} (UK time)`],
  ];
}

/** The visitor's mail: thanks, and the company's phone for anything urgent; nothing the visitor typed. */
function acknowledgementMail(submission: SubmissionForMail, context: SubmissionMailContext): ComposedMail {
  const identity = siteIdentityFromSettings(context.settings);
  const company = identity.companyName;
  const application = isApplication(submission);
  const thanks = application
    ? `Thank you for applying to ${company}. We have received your application and will be in touch once we have reviewed it.`
    : `Thank you for contacting ${company}. We have received your message and will get back to you as soon as we can.`;
  const phone = identity.phone.trim();
  const urgent = phone ? `If your enquiry is urgent, you can call us on ${phone}.` : "";
  const companyEmail = context.settings[SETTING_KEYS.contactEmail]?.trim() || null;
  return {
    kind: "acknowledgement",
    to: submission.email.trim(),
    replyTo: companyEmail,
    subject: application ? `We have received your application – ${company}` : `Thank you for contacting ${company}`,
    submissionId: submission.id,
    text: [
      "Hello,",
      "",
      thanks,
      ...(urgent ? ["", urgent] : []),
      "",
      "Kind regards,",
      company,
      context.publicUrl,
      "",
      "You receive this e-mail because this address was entered in the contact form on our website.",
    ].join("\n"),
    html: htmlDocument(
      `Thank you for contacting ${company}`,
      [
        '<p style="margin:0 0 12px">Hello,</p>',
        `<p style="margin:0 0 12px">${escapeHtml(thanks)}</p>`,
        urgent ? `<p style="margin:0 0 12px">${escapeHtml(urgent)}</p>` : "",
        `<p style="margin:0 0 16px">Kind regards,<br>${escapeHtml(company)}<br>`,
        `<a href="${escapeHtml(context.publicUrl)}" style="color:#1d4ed8">${escapeHtml(context.publicUrl)}</a></p>`,
        '<p style="margin:0;font-size:13px;color:#4b5563">You receive this e-mail because this address was entered in the contact form on our website.</p>',
      ].join(""),
    ),
  };
}

/**
 * Queues the notification and the acknowledgement of a saved submission. Suspected spam gets
 * neither: it waits in the CMS under Spam, and a spammer's (often forged) address gets no mail.
 */
export async function queueSubmissionMail(
  db: Database,
  submission: SubmissionForMail,
  context: SubmissionMailContext,
): Promise<OutboxMail[]> {
  if (submission.status === "spam") return [];
  const { notification, acknowledgement } = composeSubmissionMail(submission, context);
  if (!notification) logger.warn({ submissionId: submission.id }, "no address to notify of a new submission");
  const queued: OutboxMail[] = [];
  for (const mail of [notification, acknowledgement]) {
    if (mail && mail.to) queued.push(await queueMail(db, mail));
  }
  return queued;
}

/**
 * For the contact action, after the submission is saved: queues its two mails with the
 * configuration of this process and asks the sender to deliver them now. Never throws: a failure
 * is logged and the submission stands (the visitor still gets the success message).
 */
export async function notifyAboutSubmission(db: Database, submission: SubmissionForMail): Promise<void> {
  try {
    const env = getEnv();
    await queueSubmissionMail(db, submission, {
      settings: await settingsForMail(db),
      publicUrl: env.publicUrl,
      notifyEmail: env.NOTIFY_EMAIL,
    });
    kickMailDelivery();
  } catch (error) {
    logger.error({ err: error, submissionId: submission.id }, "could not queue the mails of a submission");
  }
}
