import { exportOrdersCsv, ordersExportFilename } from "~/server/commerce/orders-export.server";
import { isOrderStatus } from "~/server/commerce/orders.server";
import { getDb } from "~/server/platform/db/database.server";
import { csvDownload, requirePermissionDownload } from "./cms-download.server";
import type { Route } from "./+types/orders-export";

/** Orders as a CSV file (all, or `?status=` one status), for whoever may see orders (orders.view). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermissionDownload(request, context.cspNonce, "orders.view");
  const statusParam = new URL(request.url).searchParams.get("status");
  const { csv } = await exportOrdersCsv(await getDb(), {
    status: isOrderStatus(statusParam) ? statusParam : undefined,
  });
  return csvDownload(csv, ordersExportFilename());
}
