import { auditCsv } from "./audit.server";
import { csvDownload, requirePermissionDownload } from "./cms-download.server";
import type { Route } from "./+types/audit-export";

/** The audit history as CSV, with the filters of the page it was asked from; administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermissionDownload(request, context.cspNonce, "audit.view");
  const { csv, filename } = await auditCsv(request);
  return csvDownload(csv, filename);
}
