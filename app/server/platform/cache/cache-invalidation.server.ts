/**
 * With several app instances on one PostgreSQL, a CMS write on one instance must empty the caches
 * of all. Each instance LISTENs on a channel; `invalidate()` in cache.server.ts NOTIFYs it. If the
 * listening connection drops, the instance empties its whole cache (it may have missed a message)
 * and reconnects.
 */
import pg from "pg";
import { logger } from "../logger.server";

export const INVALIDATION_CHANNEL = "cache_invalidation";
const RECONNECT_DELAY_MS = 1000;

export interface InvalidationListener {
  stop(): Promise<void>;
}

export async function listenForInvalidations(
  url: string,
  onInvalidate: (keyOrPrefix: string) => void,
  onConnectionLost: () => void,
): Promise<InvalidationListener> {
  let stopped = false;
  let client: pg.Client | undefined;
  let retry: ReturnType<typeof setTimeout> | undefined;

  /** Drops a connection that failed or ended (once per connection) and tries again shortly. */
  const connectionLost = (lost: pg.Client | undefined, error?: unknown) => {
    if (stopped || !lost || client !== lost) return;
    client = undefined;
    void lost.end().catch(() => undefined);
    logger.warn({ err: error }, "cache invalidation listener lost its connection; reconnecting");
    onConnectionLost();
    retry = setTimeout(
      () => void connect().catch((failure: unknown) => connectionLost(client, failure)),
      RECONNECT_DELAY_MS,
    );
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on("notification", (message) => {
      if (message.channel === INVALIDATION_CHANNEL && message.payload) onInvalidate(message.payload);
    });
    next.on("error", (error) => connectionLost(next, error));
    next.on("end", () => connectionLost(next));
    client = next;
    await next.connect();
    await next.query(`listen ${INVALIDATION_CHANNEL}`);
  };

  await connect();
  return {
    async stop() {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => undefined);
    },
  };
}
