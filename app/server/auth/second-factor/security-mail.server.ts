/**
 * The e-mail a user gets whenever how they sign in changes: so a change they did not
 * make (a stolen session adding its own passkey, an administrator's reset) does not go unnoticed.
 * Queued in the outbox in the same transaction as the change, never sent inline.
 */
import { escapeHtml } from "../../../lib/site/placeholders";
import type { Database } from "../../platform/db/db.server";
import { htmlDocument, queueMail } from "../../platform/mail/outbox.server";

export type SecurityEvent =
  | { kind: "totp-enabled" }
  | { kind: "totp-disabled" }
  | { kind: "recovery-codes-replaced" }
  | { kind: "passkey-added"; name: string }
  | { kind: "passkey-removed"; name: string }
  | { kind: "reset-by-administrator"; by: string }
  | { kind: "all-removed"; passkeys: number; authenticatorApp: boolean }
  | { kind: "password-changed" }
  | { kind: "password-reset-by-link" }
  | { kind: "password-reset-by-administrator"; by: string }
  | { kind: "signed-out-everywhere"; sessions: number };

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
    case "all-removed":
      return {
        subject: "Passkeys and authenticator app removed",
        text: `${removedMethods(event)} removed from your CMS account. Your password alone signs in now: set up a new second factor on your account page.`,
      };
    case "password-changed":
      return {
        subject: "Your password was changed",
        text: "The password of your CMS account was changed, and every other device signed in to it was signed out.",
      };
    case "password-reset-by-link":
      return {
        subject: "Your password was reset",
        text: "The password of your CMS account was reset with a link sent to this address, and every device signed in to it was signed out.",
      };
    case "password-reset-by-administrator":
      return {
        subject: "Your password was reset",
        text: `The administrator ${event.by} set a new password for your CMS account, and every device signed in to it was signed out.`,
      };
    case "signed-out-everywhere":
      return {
        subject: "Signed out everywhere",
        text: `${event.sessions === 1 ? "1 other device was" : `${event.sessions} other devices were`} signed out of your CMS account.`,
      };
  }
}

function removedMethods({ passkeys, authenticatorApp }: { passkeys: number; authenticatorApp: boolean }): string {
  const keys = passkeys === 1 ? "1 passkey" : `${passkeys} passkeys`;
  if (!authenticatorApp) return `${keys} ${passkeys === 1 ? "was" : "were"}`;
  return passkeys
    ? `${keys} and the authenticator app, with its recovery codes, were`
    : "The authenticator app and its recovery codes were";
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
