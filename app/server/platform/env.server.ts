/**
 * The one place that reads `process.env`. It is parsed once, on first use, and a bad value stops
 * the server with a message that names the variable. Every integration is optional: when its
 * variables are absent the embedded default (PGlite, local files, outbox, test payments, built-in
 * assistant) takes over, so `npm start` works on a fresh machine with no set-up. One value has no
 * default in production: PUBLIC_URL, because a guessed one would put `http://localhost` into every
 * canonical URL, sitemap entry, e-mail link and structured-data address (`npm start` runs
 * `server.js --local`, which sets it to the local address for the demo).
 */
import path from "node:path";
import { z } from "zod";

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = optionalText.pipe(z.url().optional());

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .optional()
  .transform((value) => value === "true" || value === "1" || value === "yes");

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: optionalText,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
    PUBLIC_URL: optionalUrl,
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    /** How many reverse proxies sit in front of the app; decides which client IP rate limits use. */
    TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
    /** Seeds an empty database with the demo content at start-up. */
    SEED_ON_START: booleanFlag.default(true),
    S3_BUCKET: optionalText,
    S3_ENDPOINT: optionalUrl,
    S3_REGION: optionalText,
    S3_ACCESS_KEY_ID: optionalText,
    S3_SECRET_ACCESS_KEY: optionalText,
    SMTP_URL: optionalText.pipe(
      z
        .string()
        .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
        .optional(),
    ),
    MAIL_FROM: optionalText,
    NOTIFY_EMAIL: optionalText.pipe(z.email().optional()),
    STRIPE_SECRET_KEY: optionalText,
    STRIPE_WEBHOOK_SECRET: optionalText,
    /** Another address for Stripe's API (a Stripe-compatible server such as stripe-mock); Stripe's own when unset. */
    STRIPE_API_URL: optionalUrl,
    OPENAI_API_KEY: optionalText,
    OPENAI_BASE_URL: optionalUrl,
    OPENAI_MODEL: optionalText,
    /** How long the model may take to start, and then to go silent, before the chat gives up. */
    OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
    /** A listener for Prometheus that needs no credentials (GET /metrics only); none when unset. */
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    /** Where that listener binds: keep it on a private address, as anyone who reaches it may read it. */
    METRICS_HOST: z.string().trim().min(1).default("127.0.0.1"),
    /** How often the server looks for due scheduled publications; browser tests use ~1 s. */
    SCHEDULER_INTERVAL_MS: z.coerce.number().int().min(200).max(3_600_000).default(15_000),
  })
  .superRefine((env, context) => {
    if (env.NODE_ENV === "production" && !env.PUBLIC_URL) {
      context.addIssue({
        code: "custom",
        path: ["PUBLIC_URL"],
        message:
          "is required in production: the address visitors use, e.g. https://www.example.co.uk " +
          "(canonical URLs, the sitemap, e-mails and structured data are made from it; " +
          "`npm start` sets it to http://localhost:PORT for a local demo)",
      });
    }
    // Several app instances on one PostgreSQL must share a secret, so it cannot be generated locally.
    if (env.DATABASE_URL && env.NODE_ENV === "production" && !env.SESSION_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["SESSION_SECRET"],
        message: "is required in production when DATABASE_URL is set",
      });
    }
    if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
      context.addIssue({
        code: "custom",
        path: ["STRIPE_WEBHOOK_SECRET"],
        message: "is required when STRIPE_SECRET_KEY is set",
      });
    }
    if (env.S3_BUCKET && !(env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY)) {
      context.addIssue({
        code: "custom",
        path: ["S3_ACCESS_KEY_ID"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are required when S3_BUCKET is set",
      });
    }
  });

export type Env = z.infer<typeof envSchema> & {
  /** `DATA_DIR` resolved to an absolute path. */
  dataDir: string;
  /** `PUBLIC_URL`, or (outside production) the local address when it is unset; never ends with a slash. */
  publicUrl: string;
  isProduction: boolean;
};

export class ConfigurationError extends Error {
  override name = "ConfigurationError";
}

/** Parses an environment; exported separately so tests can check the rules without touching globals. */
export function parseEnv(source: NodeJS.ProcessEnv): Env {
  // An empty value (`PORT=` in a .env file or a container template) means "not set", everywhere.
  const setValues = Object.fromEntries(
    Object.entries(source).filter((entry): entry is [string, string] => (entry[1] ?? "").trim() !== ""),
  );
  const result = envSchema.safeParse(setValues);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`Invalid configuration:\n${problems.join("\n")}`);
  }
  const env = result.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    isProduction: env.NODE_ENV === "production",
  };
}

let cached: Env | undefined;

/** The configuration of this process, parsed on first use. */
export function getEnv(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

/** Forgets the parsed configuration; only tests that change `process.env` need this. */
export function resetEnvForTests(): void {
  cached = undefined;
}
