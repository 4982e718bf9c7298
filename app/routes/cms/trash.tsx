/**
 * The CMS Trash view (/cms/trash): deleted content, job openings and courses of the last
 * 30 days, newest first, each with Restore. The retention job deletes older ones for good.
 */
import { useLoaderData } from "react-router";
import { TrashTable } from "~/components/cms/trash/trash-view";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/trash";
import { trashAction, trashView } from "./trash.server";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "content.view");
  return trashView();
}

export function action({ request }: Route.ActionArgs) {
  return trashAction(request);
}

export default function TrashTab() {
  const { items, error } = useLoaderData<typeof loader>();
  return <TrashTable items={items} error={error} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Trash | CMS" }];
