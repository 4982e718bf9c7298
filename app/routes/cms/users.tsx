import { useActionData, useLoaderData } from "react-router";
import { AddUserForm } from "~/components/cms/users/add-user-form";
import { INVITE_INTENT, InviteUserForm } from "~/components/cms/users/invite-user-form";
import {
  PendingInvitations,
  RESEND_INVITATION_INTENT,
  REVOKE_INVITATION_INTENT,
} from "~/components/cms/users/pending-invitations";
import { RecentChanges } from "~/components/cms/users/recent-changes";
import { UsersTable } from "~/components/cms/users/users-table";
import type { Route } from "./+types/users";
import { loadUsersTab, usersAction } from "./users.server";

/** The intents of the invitation forms, whose answers are not the "Add a user" form's. */
const INVITATION_INTENTS: readonly string[] = [INVITE_INTENT, RESEND_INVITATION_INTENT, REVOKE_INVITATION_INTENT];

/** The Users tab: the accounts, invitations, adding one, and the latest changes made in the CMS. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadUsersTab(request);
}

export async function action({ request }: Route.ActionArgs) {
  return usersAction(request);
}

export default function UsersTab() {
  const { users, userList, invitations, currentUserId, recentChanges, recentLimit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const intent = result && "intent" in result ? result.intent : undefined;
  const forInvitations = intent !== undefined && INVITATION_INTENTS.includes(intent);
  return (
    <div className="space-y-6">
      <UsersTable users={users} list={userList} currentUserId={currentUserId} />
      <InviteUserForm result={intent === INVITE_INTENT ? result : undefined} />
      <PendingInvitations invitations={invitations} />
      <AddUserForm result={forInvitations ? undefined : result} />
      <RecentChanges entries={recentChanges} limit={recentLimit} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Users | CMS" }];
