import { consentsExportFilename, exportConsentsCsv } from "~/server/contact/consents-export.server";
import { getDb } from "~/server/platform/db/database.server";
import { csvDownload, requirePermissionDownload } from "./cms-download.server";
import { consentSearch } from "./consents.server";
import type { Route } from "./+types/consents-export";

/**
 * The consent log as a CSV file, for administrators only ("consents.view"): every record the search finds (`?id=`,
 * `?from=`, `?to=`), or all of them, as proof of consent. A search with a mistake exports nothing
 * rather than more than was asked for.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermissionDownload(request, context.cspNonce, "consents.view");
  const search = consentSearch(new URL(request.url).searchParams);
  if (Object.keys(search.errors).length > 0) {
    return new Response(Object.values(search.errors).join("\n"), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
    });
  }
  const csv = await exportConsentsCsv(await getDb(), search.filter);
  return csvDownload(csv, consentsExportFilename());
}
