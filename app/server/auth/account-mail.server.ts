/**
 * What the two account e-mails say: an invitation to the CMS, and a link to choose a new
 * password. Both carry a single-use link; they go through the outbox like every mail. They name
 * nothing the requester typed except the address they go to, so "Forgot password?" cannot be used
 * to send someone a message of the requester's choosing.
 */
import {
  INVITATION_LIFETIME_TEXT,
  invitationPath,
  PASSWORD_RESET_LIFETIME_TEXT,
  resetPasswordPath,
} from "../../lib/auth/account-links";
import type { UserRole } from "../../lib/enums";
import { ROLE_LABELS } from "../../lib/auth/permissions";
import { formatDate } from "../../lib/text/format";
import { escapeHtml } from "../../lib/site/placeholders";
import { siteIdentityFromSettings } from "../../lib/site/site-identity";
import { settingsForMail } from "../content/site-settings.server";
import type { Database } from "../platform/db/db.server";
import { getEnv } from "../platform/env.server";
import { htmlDocument, type NewMail } from "../platform/mail/outbox.server";

export interface AccountMailContext {
  /** The site settings (the company's name). */
  settings: Readonly<Record<string, string>>;
  /** PUBLIC_URL, where the link points. */
  publicUrl: string;
}

function absolute(publicUrl: string, path: string): string {
  return `${publicUrl.replace(/\/+$/, "")}${path}`;
}

function linkParagraph(link: string, label: string): string {
  return (
    `<p style="margin:0 0 16px"><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 16px;` +
    `background:#1d4ed8;color:#ffffff;border-radius:6px;text-decoration:none">${escapeHtml(label)}</a></p>` +
    `<p style="margin:0 0 12px;font-size:13px;color:#4b5563">Or paste this address into your browser: ${escapeHtml(link)}</p>`
  );
}

function paragraphs(lines: readonly string[]): string {
  return lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join("");
}

/** One account e-mail: a greeting, why it came, the link's button, how long it works, a sign-off. */
function linkMail(
  mail: { kind: NewMail["kind"]; to: string; subject: string; company: string },
  body: { intro: string; linkLine: string; link: string; button: string; expiry: string; ignore: string },
): NewMail {
  const { intro, linkLine, link, button, expiry, ignore } = body;
  return {
    kind: mail.kind,
    to: mail.to,
    subject: mail.subject,
    text: ["Hello,", "", intro, "", `${linkLine}: ${link}`, "", expiry, ignore, "", "Kind regards,", mail.company].join(
      "\n",
    ),
    html: htmlDocument(
      mail.subject,
      [
        paragraphs(["Hello,", intro]),
        linkParagraph(link, button),
        paragraphs([expiry, ignore]),
        `<p style="margin:0">Kind regards,<br>${escapeHtml(mail.company)}</p>`,
      ].join(""),
    ),
  };
}

export function composeInvitationMail(
  invitation: { email: string; role: UserRole; expiresAt: Date; invitedBy: string },
  token: string,
  context: AccountMailContext,
): NewMail {
  const company = siteIdentityFromSettings(context.settings).companyName;
  return linkMail(
    { kind: "invitation", to: invitation.email, subject: `You are invited to the ${company} CMS`, company },
    {
      intro: `${invitation.invitedBy} has invited you to the content management system of the ${company} website, as ${ROLE_LABELS[invitation.role]}.`,
      linkLine: "Choose your password to set up your account",
      link: absolute(context.publicUrl, invitationPath(token)),
      button: "Set up your account",
      expiry: `The link works once, for ${INVITATION_LIFETIME_TEXT} (until ${formatDate(invitation.expiresAt, "dateTime")} UK time).`,
      ignore: "If you were not expecting this invitation, you can ignore this e-mail.",
    },
  );
}

export function composePasswordResetMail(email: string, token: string, context: AccountMailContext): NewMail {
  const company = siteIdentityFromSettings(context.settings).companyName;
  return linkMail(
    { kind: "password_reset", to: email, subject: `Reset your password for the ${company} CMS`, company },
    {
      intro: `Someone, probably you, asked to reset the password of the ${company} CMS account for this e-mail address.`,
      linkLine: "Choose a new password",
      link: absolute(context.publicUrl, resetPasswordPath(token)),
      button: "Choose a new password",
      expiry: `The link works once, for ${PASSWORD_RESET_LIFETIME_TEXT}. Choosing a new password signs the account out on every device.`,
      ignore: "If you did not ask for this, you can ignore this e-mail: your password stays as it is.",
    },
  );
}

/** The settings and public address of this process, for a mail about to be queued. */
export async function accountMailContext(db: Database): Promise<AccountMailContext> {
  return { settings: await settingsForMail(db), publicUrl: getEnv().publicUrl };
}
