/**
 * The e-mail a user gets whenever their second factor changes (issue 18): so a change they did not
 * make (a stolen session adding its own passkey, an administrator's reset) does not go unnoticed.
 * Queued in the outbox in the same transaction as the change, never sent inline.
 */
import { escapeHtml } from "../../../lib/placeholders";
import type { Database } from "../../platform/db/db.server";
import { htmlDocument, queueMail } from "../../platform/mail/outbox.server";

export type SecurityEvent =
  | { kind: "totp-enabled" }
  | { kind: "totp-disabled" }
  | { kind: "recovery-codes-replaced" }
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "reset-by-administrator"; by: string };

function sentence(event: SecurityEvent): { subject: string; text: string } {
  switch (event.kind) {
    case "totp-enabled":
      return {
        subject: "Two-step sign-in turned on",
        text: "An authenticator app was set up as the second step of signing in to your CMS account.",
      };
    case "totp-disabled":
      return {
        subject: "Authenticator app removed",
        text: "The authenticator app was removed from your CMS account, with its recovery codes.",
      };
    case "recovery-codes-replaced":
      return {
        subject: "New recovery codes",
        text: "New recovery codes were made for your CMS account; the old ones no longer work.",
      };
    case "passkey-added":
      return { subject: "Passkey added", text: `A passkey named "${event.name}" was added to your CMS account.` };
    case "passkey-removed":
      return {
        subject: "Passkey removed",
        text: `The passkey named "${event.name}" was removed from your CMS account.`,
      };
    case "reset-by-administrator":
      return {
        subject: "Your second factor was reset",
        text: `The administrator ${event.by} removed the authenticator app, recovery codes and passkeys of your CMS account. You can sign in with your password and set up a new one on your account page.`,
      };
  }
}

const NOT_YOU = "If this was not you, tell an administrator at once and change your password.";

export async function queueSecurityMail(db: Database, to: string, event: SecurityEvent): Promise<void> {
  const { subject, text } = sentence(event);
  await queueMail(db, {
    to,
    subject,
    kind: "account_security",
    text: `${text}\n\n${NOT_YOU}\n`,
    html: htmlDocument(subject, `<p>${escapeHtml(text)}</p><p>${escapeHtml(NOT_YOU)}</p>`),
  });
}
