/**
 * Structured logs (pino): one JSON object per line in production, readable lines in development.
 */
import pino from "pino";
import { getEnv } from "./env.server";

function createLogger() {
  const env = getEnv();
  return pino({
    level: env.NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : env.LOG_LEVEL,
    base: undefined,
    // Never write credentials that arrive in headers into the logs.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
  });
}

export const logger = createLogger();
