import { requireAdmin } from "~/server/auth/guards.server";
import { isContactStatus } from "~/server/contact/contact-submissions.server";
import { getDb } from "~/server/platform/db/database.server";
import { exportContactSubmissionsCsv, exportFilename } from "~/server/contact/submissions-export.server";
import type { Route } from "./+types/submissions-export";

/** Contact submissions as a CSV file (all, or `?status=` one status), for administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const statusParam = new URL(request.url).searchParams.get("status");
  const status = isContactStatus(statusParam) ? statusParam : undefined;
  const { csv } = await exportContactSubmissionsCsv(await getDb(), { status });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${exportFilename()}"`,
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
