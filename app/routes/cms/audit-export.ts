import { auditCsv } from "./audit.server";
import { csvDownload, requireAdminDownload } from "./cms-download.server";
import type { Route } from "./+types/audit-export";

/** The audit history as CSV, with the filters of the page it was asked from; administrators only. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdminDownload(request, context.cspNonce);
  const { csv, filename } = await auditCsv(request);
  return csvDownload(csv, filename);
}
