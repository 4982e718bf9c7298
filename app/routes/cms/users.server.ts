/** The Users tab's server side: the list with the latest audit entries, and the account changes. */
import { data } from "react-router";
import type { PendingInvitationRow } from "~/components/cms/users/pending-invitations";
import { ROLE_LABELS } from "~/lib/auth/permissions";
import { invitationIdSchema, inviteUserSchema } from "~/lib/schemas/account-links";
import { fieldErrors } from "~/lib/schemas/field-errors";
import { changeRoleSchema, newUserSchema, resetPasswordSchema, userIdSchema } from "~/lib/schemas/users";
import { requirePermission } from "~/server/auth/guards.server";
import {
  inviteUser,
  listPendingInvitations,
  resendInvitation,
  revokeInvitation,
} from "~/server/auth/invitations.server";
import { addUser, changeUserActive, changeUserRole, listUsers, resetUserPassword } from "~/server/auth/users.server";
import { resetSecondFactor, usersWithSecondFactor } from "~/server/auth/second-factor/second-factor.server";
import { listAudit } from "~/server/platform/audit.server";
import { getDb } from "~/server/platform/db/database.server";
import { ExpectedError } from "~/server/platform/errors.server";
import { dataWithToast } from "~/server/platform/toast.server";
import {
  actionFailed,
  actionSucceeded,
  runCmsAction,
  type ActionFailure,
  type CmsActionContext,
  type IntentHandlers,
} from "./cms-action.server";
import { listQuery, listSearchQuery } from "./list-tab.server";

/** How many of the latest audit entries the Users tab shows. */
export const RECENT_CHANGES = 50;

export async function loadUsersTab(request: Request) {
  const { user } = await requirePermission(request, "users.manage");
  const db = await getDb();
  // The page and the search are read as on the other list tabs.
  const { page, searchParams } = listQuery(request);
  const query = listSearchQuery(searchParams);
  const [accounts, recentChanges, withSecondFactor, pending] = await Promise.all([
    listUsers(db, { q: query, page }),
    listAudit(db, RECENT_CHANGES),
    usersWithSecondFactor(db),
    listPendingInvitations(db),
  ]);
  const users = accounts.users.map((account) => ({ ...account, secondFactor: withSecondFactor.has(account.id) }));
  const now = Date.now();
  const invitations: PendingInvitationRow[] = pending.map((invitation) => ({
    id: invitation.id,
    email: invitation.email,
    role: ROLE_LABELS[invitation.role],
    invitedBy: invitation.invitedBy,
    expiresAt: invitation.expiresAt.toISOString(),
    expired: invitation.expiresAt.getTime() <= now,
  }));
  return {
    users,
    userList: { query, page: accounts.page, total: accounts.total },
    invitations,
    currentUserId: user.id,
    recentChanges,
    recentLimit: RECENT_CHANGES,
  };
}

const done = (description: string) => dataWithToast({ ok: true as const }, { type: "success", description });

/** Sends an invitation; the form shows each field's message, the typed values kept. */
async function invite({ current, values, intent, db }: CmsActionContext) {
  const typed = { email: values.email ?? "", role: values.role ?? "" };
  const parsed = inviteUserSchema.safeParse(values);
  if (!parsed.success) {
    return data<ActionFailure>(
      { ok: false, intent, errors: fieldErrors(parsed.error), values: typed },
      { status: 400 },
    );
  }
  try {
    await inviteUser(db, current.user, parsed.data);
  } catch (error) {
    // "Already a user" is for the administrator's eyes only, beside the field; nothing is sent.
    if (!(error instanceof ExpectedError)) throw error;
    const errors = { [error.field ?? "form"]: error.message };
    return data<ActionFailure>({ ok: false, intent, errors, values: typed }, { status: error.status });
  }
  return actionSucceeded(intent, { description: `Invitation sent to ${parsed.data.email}.` });
}

/** Deactivates or reactivates an account (`activate`), ending its sessions when deactivated. */
async function changeActive({ current, values, intent, db }: CmsActionContext, activate: boolean) {
  const parsed = userIdSchema.safeParse(values);
  if (!parsed.success) return actionFailed("User not found.", 400, { intent, errors: {} });
  await changeUserActive(db, current.user, parsed.data.id, activate);
  return done(activate ? "User reactivated." : "User deactivated and signed out.");
}

/** The Users tab's intents, each with its handler. */
export const usersIntents = {
  create: async ({ current, values, intent, db }) => {
    const parsed = newUserSchema.safeParse(values);
    // The form shows each field's message; no toast.
    if (!parsed.success) {
      return data<ActionFailure>({ ok: false, intent, errors: fieldErrors(parsed.error) }, { status: 400 });
    }
    const user = await addUser(db, current.user, parsed.data);
    // The form then shows the list found by the new address, so the account is in view.
    return dataWithToast(
      { ok: true as const, added: user.email },
      { type: "success", description: `User ${user.email} added.` },
    );
  },
  role: async ({ current, values, intent, db }) => {
    const parsed = changeRoleSchema.safeParse(values);
    if (!parsed.success) return actionFailed("Choose a role.", 400, { intent, errors: {} });
    await changeUserRole(db, current.user, parsed.data.id, parsed.data.role);
    return done("Role updated.");
  },
  password: async ({ current, values, intent, db }) => {
    const parsed = resetPasswordSchema.safeParse(values);
    if (!parsed.success) {
      const message = fieldErrors(parsed.error).password ?? "Invalid password.";
      return actionFailed(message, 400, { intent, errors: {} });
    }
    await resetUserPassword(db, current.user, parsed.data.id, parsed.data.password);
    return done("Password reset. The user's sessions were ended.");
  },
  deactivate: (context) => changeActive(context, false),
  activate: (context) => changeActive(context, true),
  // Invitations.
  invite,
  "resend-invitation": async ({ current, values, intent, db }) => {
    const parsed = invitationIdSchema.safeParse(values);
    if (!parsed.success) return actionFailed("Invitation not found.", 400, { intent, errors: {} });
    const { invitation } = await resendInvitation(db, current.user, parsed.data.id);
    return actionSucceeded(intent, {
      description: `Invitation sent again to ${invitation.email}. The earlier link no longer works.`,
    });
  },
  "revoke-invitation": async ({ current, values, intent, db }) => {
    const parsed = invitationIdSchema.safeParse(values);
    if (!parsed.success) return actionFailed("Invitation not found.", 400, { intent, errors: {} });
    const { email } = await revokeInvitation(db, current.user, parsed.data.id);
    return actionSucceeded(intent, { description: `Invitation to ${email} revoked.` });
  },
  // Someone who lost their phone and their recovery codes signs in with the password again.
  "reset-second-factor": async ({ current, values, intent, db }) => {
    const parsed = userIdSchema.safeParse(values);
    if (!parsed.success) return actionFailed("User not found.", 400, { intent, errors: {} });
    await resetSecondFactor(db, current.user, parsed.data.id);
    return done("Second factor reset. The user was told by e-mail.");
  },
} satisfies IntentHandlers;

export function usersAction(request: Request) {
  const options = {
    permission: "users.manage",
    failureMessage: "The change could not be saved. Please try again.",
  } as const;
  return runCmsAction(request, options, usersIntents);
}
