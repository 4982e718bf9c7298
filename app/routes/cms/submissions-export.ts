import { isContactStatus } from "~/server/contact/contact-submissions.server";
import { exportContactSubmissionsCsv, exportFilename } from "~/server/contact/submissions-export.server";
import { getDb } from "~/server/platform/db/database.server";
import { csvDownload, requirePermissionDownload } from "./cms-download.server";
import type { Route } from "./+types/submissions-export";

/** Contact submissions as a CSV file (all, or `?status=` one status), for whoever may see submissions (submissions.view). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermissionDownload(request, context.cspNonce, "submissions.view");
  const statusParam = new URL(request.url).searchParams.get("status");
  const status = isContactStatus(statusParam) ? statusParam : undefined;
  const { csv } = await exportContactSubmissionsCsv(await getDb(), { status });
  return csvDownload(csv, exportFilename());
}
