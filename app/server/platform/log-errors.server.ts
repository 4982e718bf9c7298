/**
 * How an error is written to the logs: pino's standard form (type, message, stack, own
 * properties) without the values a failed query carried. Those are visitors' personal data (a
 * name, an e-mail address, a message), and logs are kept longer and read by more people than the
 * database. Drizzle wraps a driver's error as "Failed query: <sql>\nparams: <values>" with the
 * values in `params` too; PGlite's error repeats them in `params` and quotes the whole row in
 * `detail` ("Failing row contains (...)"); node-postgres quotes values in `detail` ("Key
 * (email)=(...) already exists"). The SQL text itself, with its $1 placeholders, stays: it says
 * which query failed.
 */
import pino from "pino";

/** Properties that hold a query's values, dropped wherever they appear. */
const VALUE_KEYS = new Set(["params", "parameters", "detail", "queryOptions"]);
export const REDACTED = "[redacted]";

/** PostgreSQL messages that quote the value they refused: `invalid input syntax for type uuid: "..."`. */
const QUOTED_VALUE = /(invalid input (?:syntax|value) for [^:\n]*): "(?:[^"\\\n]|\\.)*"/g;

interface QueryValues {
  /** Drizzle's "params: ..." lines, exactly as it wrote them (values may span lines, so no pattern would do). */
  lines: string[];
  /** Each value as text, longest first. */
  values: string[];
}

function scrub(text: string, { lines, values }: QueryValues): string {
  let scrubbed = text;
  for (const line of lines) scrubbed = scrubbed.split(line).join(`params: ${REDACTED}`);
  scrubbed = scrubbed.replace(/^params: .*$/gm, `params: ${REDACTED}`);
  // Anywhere else a value is quoted (a driver's message, say); very short ones would blank out words.
  for (const value of values) if (value.length >= 3) scrubbed = scrubbed.split(value).join(REDACTED);
  return scrubbed.replace(QUOTED_VALUE, `$1: "${REDACTED}"`);
}

/** The values a query carried, found in the error, its causes and pino's `raw` copy. */
function queryValues(error: unknown): QueryValues {
  const lines = new Set<string>();
  const values = new Set<string>();
  const visit = (item: unknown, depth: number) => {
    if (!item || typeof item !== "object" || depth > 5) return;
    const record = item as Record<string, unknown>;
    for (const list of [record.params, record.parameters]) {
      if (!Array.isArray(list)) continue;
      lines.add(`params: ${String(list)}`);
      for (const value of list) if (value !== null && value !== undefined) values.add(String(value));
    }
    visit(record.cause, depth + 1);
    visit(record.raw, depth + 1);
  };
  visit(error, 0);
  return { lines: [...lines], values: [...values].sort((a, b) => b.length - a.length) };
}

/**
 * pino's `err` serializer without query values. It takes an Error, or what pino's standard
 * serializer made of one (pino-http applies that first), and gives a plain object.
 */
export function errorForLog(error: unknown): unknown {
  if (!error || typeof error !== "object") return error;
  const values = queryValues(error);
  const serialized = (error instanceof Error ? pino.stdSerializers.err(error) : error) as Record<string, unknown>;
  const clean: Record<string, unknown> = {};
  for (const key in serialized) {
    const value = serialized[key];
    if (VALUE_KEYS.has(key) || key === "raw") continue;
    clean[key] = typeof value === "string" ? scrub(value, values) : value;
  }
  return clean;
}
