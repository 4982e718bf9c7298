import { requireAdmin } from "~/server/auth/guards.server";
import { getDb } from "~/server/platform/db/database.server";
import { isOrderStatus } from "~/server/commerce/orders.server";
import { exportOrdersCsv, ordersExportFilename } from "~/server/commerce/orders-export.server";
import type { Route } from "./+types/orders-export";

/** Orders as a CSV file (all, or `?status=` one status), for administrators only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const statusParam = new URL(request.url).searchParams.get("status");
  const status = isOrderStatus(statusParam) ? statusParam : undefined;
  const { csv } = await exportOrdersCsv(await getDb(), { status });
  return new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${ordersExportFilename()}"`,
      "X-Content-Type-Options": "nosniff",
      // Customer e-mail addresses: never kept by a browser or a shared cache.
      "Cache-Control": "private, no-store",
    },
  });
}
