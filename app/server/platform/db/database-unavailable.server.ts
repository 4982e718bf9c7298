/**
 * Tells an outage from a bug: whether an error means the database cannot be reached right now
 * (stopped, restarting, refusing or dropping connections). Such a page is answered 503 with
 * Retry-After, so load balancers and search engines come back later instead of recording a fault.
 */

/** Node's network errors, and PostgreSQL's SQLSTATEs for connection failures and shutdowns. */
const UNAVAILABLE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "EPIPE",
  "57P01", // admin_shutdown: the server is stopping
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now: the server is starting up
  "08000",
  "08001",
  "08003",
  "08004",
  "08006",
]);

/** node-postgres reports a dropped connection or an exhausted connect timeout by message only. */
const UNAVAILABLE_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i;

/** Seconds a client is asked to wait before trying again; a restart takes a few seconds. */
export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  // Drizzle wraps the driver's error in `cause`; follow a few levels, never a cycle.
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    if (current instanceof Error && UNAVAILABLE_MESSAGES.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The status for a request that failed on `error`: 503 for an outage, 500 for anything else. */
export function failureStatus(error: unknown): 500 | 503 {
  return isDatabaseUnavailable(error) ? 503 : 500;
}
