/**
 * The CMS Redirects view (/cms/redirects): every old address that answers 301, with the
 * form that adds one and a confirmed Remove on each row. The action lives in redirects.server.ts.
 */
import { useActionData, useLoaderData } from "react-router";
import { RedirectForm, RedirectsTable } from "~/components/cms/redirects/redirects-view";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/redirects";
import { redirectsAction, redirectsView } from "./redirects.server";
import { useCan } from "~/components/cms/layout/cms-layout-data";

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "redirects.view");
  return redirectsView();
}

export function action({ request }: Route.ActionArgs) {
  return redirectsAction(request);
}

export default function RedirectsTab() {
  const { redirects, error } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  // Support reads the redirects without the forms (app/lib/auth/permissions.ts).
  const canEdit = useCan("redirects.edit");
  return (
    // Stacked, not a grid: a grid item would widen to the table's width on a phone.
    <div className="space-y-6">
      {canEdit ? <RedirectForm result={result?.intent === "create" ? result : undefined} /> : null}
      <RedirectsTable redirects={redirects} error={error} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Redirects | CMS" }];
