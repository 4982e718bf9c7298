import { useActionData, useLoaderData } from "react-router";
import { AddUserForm } from "~/components/cms/add-user-form";
import { RecentChanges } from "~/components/cms/recent-changes";
import { UsersTable } from "~/components/cms/users-table";
import type { Route } from "./+types/users";
import { loadUsersTab, usersAction } from "./users.server";

/** The Users tab: the accounts, adding one, and the latest changes made in the CMS. */
export async function loader({ request }: Route.LoaderArgs) {
  return loadUsersTab(request);
}

export async function action({ request }: Route.ActionArgs) {
  return usersAction(request);
}

export default function UsersTab() {
  const { users, currentUserId, recentChanges, recentLimit } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <div className="grid gap-6">
      <UsersTable users={users} currentUserId={currentUserId} />
      <AddUserForm result={result} />
      <RecentChanges entries={recentChanges} limit={recentLimit} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Users | CMS" }];
