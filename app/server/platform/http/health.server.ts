/** `GET /healthz`: whether this instance can serve, for load balancers and orchestrators. */
import type { RequestHandler } from "express";
import { RETRY_AFTER_SECONDS } from "../db/database-unavailable.server";
import type { DatabaseHandle } from "../db/db.server";

export function healthCheck(getDatabase: () => Promise<Pick<DatabaseHandle, "kind" | "ping">>): RequestHandler {
  return async (req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      const database = await getDatabase();
      await database.ping();
      res.json({ status: "ok", database: database.kind });
    } catch (error) {
      req.log?.error({ err: error }, "health check failed");
      res.setHeader("Retry-After", String(RETRY_AFTER_SECONDS));
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  };
}
