/**
 * /cms/invitation/:token: the page shows the invitation while its link can be used,
 * and its action creates the account with the chosen password and signs the invitee in.
 */
import { data } from "react-router";
import { ROLE_LABELS } from "~/lib/auth/permissions";
import { acceptInvitation, findUsableInvitation } from "~/server/auth/invitations.server";
import { getDb } from "~/server/platform/db/database.server";
import { actOnAccountLink, INVALID_LINK_STATUS } from "./account-link.server";

export interface InvitationPageData {
  invitation: { email: string; role: string; expiresAt: string } | null;
}

export async function loadInvitationPage(token: string) {
  const invitation = await findUsableInvitation(await getDb(), token);
  if (!invitation) {
    return data<InvitationPageData>({ invitation: null }, { status: INVALID_LINK_STATUS });
  }
  return data<InvitationPageData>({
    invitation: {
      email: invitation.email,
      role: ROLE_LABELS[invitation.role],
      expiresAt: invitation.expiresAt.toISOString(),
    },
  });
}

export function acceptInvitationAction(request: Request, token: string) {
  return actOnAccountLink(
    request,
    "invitation",
    (db, password) => acceptInvitation(db, token, password),
    "Welcome! Your account is ready and you are signed in.",
  );
}
