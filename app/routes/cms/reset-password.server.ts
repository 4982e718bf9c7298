/**
 * /cms/reset-password/:token: the page asks for a new password while the link can be
 * used; its action sets it, ends every session of the account and signs this browser in afresh.
 */
import { data } from "react-router";
import { findResetAccount, resetPasswordWithLink } from "~/server/auth/password-reset.server";
import { getDb } from "~/server/platform/db/database.server";
import { actOnAccountLink, INVALID_LINK_STATUS } from "./account-link.server";

export interface ResetPasswordPageData {
  /** The account's e-mail (for password managers), or null when the link cannot be used. */
  email: string | null;
}

export async function loadResetPasswordPage(token: string) {
  const account = await findResetAccount(await getDb(), token);
  if (!account) return data<ResetPasswordPageData>({ email: null }, { status: INVALID_LINK_STATUS });
  return data<ResetPasswordPageData>({ email: account.email });
}

export function resetPasswordAction(request: Request, token: string) {
  return actOnAccountLink(
    request,
    "password reset",
    (db, password) => resetPasswordWithLink(db, token, password),
    "Your password was changed and you are signed in. Every other session was signed out.",
  );
}
