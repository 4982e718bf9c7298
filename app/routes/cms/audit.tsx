import { useLoaderData } from "react-router";
import { AuditHistory } from "~/components/cms/audit/audit-history";
import { requirePermission } from "~/server/auth/guards.server";
import type { Route } from "./+types/audit";
import { loadAuditHistory } from "./audit.server";

/** /cms/audit: the audit log as a history, for administrators. Read only: no action. */
export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, "audit.view");
  return loadAuditHistory(request);
}

export default function AuditPage() {
  return <AuditHistory history={useLoaderData<typeof loader>()} />;
}

export const meta: Route.MetaFunction = () => [{ title: "Audit log | CMS" }];
