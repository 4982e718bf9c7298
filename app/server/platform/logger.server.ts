/**
 * Structured logs (pino): one JSON object per line, for log collectors; in development at a
 * terminal, readable coloured lines instead.
 */
import pino from "pino";
import { getEnv } from "./env.server";
import { errorForLog } from "./log-errors.server";

function createLogger() {
  const env = getEnv();
  const readable = env.NODE_ENV === "development" && process.stdout.isTTY;
  return pino({
    level: env.NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : env.LOG_LEVEL,
    base: undefined,
    // Never write credentials that arrive in headers into the logs.
    redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
    // Errors without the values of a failed query: those are visitors' personal data.
    serializers: { err: errorForLog },
    ...(readable ? { transport: { target: "pino-pretty", options: { ignore: "req,res" } } } : {}),
  });
}

export const logger = createLogger();
