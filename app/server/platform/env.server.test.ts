/** The configuration rules (app/server/platform/env.server.ts), checked through parseEnv without touching process.env. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigurationError, parseEnv } from "./env.server";

const DATABASE_URL = "postgres://app:secret@db.internal:5432/site";
const LONG_SECRET = "x".repeat(32);

/** The ConfigurationError that parseEnv throws for `source`; fails the test if it does not throw one. */
function configurationErrorFor(source: NodeJS.ProcessEnv): ConfigurationError {
  try {
    parseEnv(source);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(source)}`);
}

describe("defaults", () => {
  const env = parseEnv({});

  it("listens on port 3000 in development", () => {
    expect(env.PORT).toBe(3000);
    expect(env.NODE_ENV).toBe("development");
    expect(env.isProduction).toBe(false);
  });

  it("keeps data in ./data, resolved to an absolute path", () => {
    expect(path.isAbsolute(env.dataDir)).toBe(true);
    expect(env.dataDir).toBe(path.resolve("data"));
  });

  it("uses http://localhost:3000 as the public URL, without a trailing slash", () => {
    expect(env.publicUrl).toBe("http://localhost:3000");
  });

  it("leaves every optional integration off", () => {
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.OPENAI_API_KEY).toBeUndefined();
  });
});

describe("derived values", () => {
  it("builds the local public URL from PORT", () => {
    expect(parseEnv({ PORT: "8080" }).publicUrl).toBe("http://localhost:8080");
  });

  it("strips trailing slashes from PUBLIC_URL", () => {
    expect(parseEnv({ PUBLIC_URL: "https://www.example.com//" }).publicUrl).toBe("https://www.example.com");
  });

  it("resolves a relative DATA_DIR against the working directory", () => {
    expect(parseEnv({ DATA_DIR: "var/site" }).dataDir).toBe(path.resolve("var/site"));
  });

  it("marks production", () => {
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.co.uk" }).isProduction).toBe(true);
  });
});

describe("invalid values are refused with a message naming the variable", () => {
  it.each(["abc", "70000", "-1", "80.5"])("PORT=%s", (PORT) => {
    expect(configurationErrorFor({ PORT }).message).toContain("PORT");
  });

  it.each(["mysql://db/site", "localhost:5432", "http://db/site"])("DATABASE_URL=%s", (url) => {
    const error = configurationErrorFor({ DATABASE_URL: url });
    expect(error.message).toContain("DATABASE_URL");
    expect(error.message).not.toContain("PORT");
  });

  it("PUBLIC_URL that is not a URL", () => {
    expect(configurationErrorFor({ PUBLIC_URL: "www.example.com" }).message).toContain("PUBLIC_URL");
  });

  it("a SESSION_SECRET shorter than 32 characters", () => {
    expect(configurationErrorFor({ SESSION_SECRET: "short" }).message).toContain("SESSION_SECRET");
  });

  it("names every invalid variable at once", () => {
    const message = configurationErrorFor({ PORT: "abc", DATABASE_URL: "mysql://db" }).message;
    expect(message).toContain("PORT");
    expect(message).toContain("DATABASE_URL");
  });

  it("accepts both postgres:// and postgresql:// URLs", () => {
    expect(parseEnv({ DATABASE_URL }).DATABASE_URL).toBe(DATABASE_URL);
    expect(parseEnv({ DATABASE_URL: "postgresql://db/site" }).DATABASE_URL).toBe("postgresql://db/site");
  });
});

describe("SESSION_SECRET in production", () => {
  it("is required when DATABASE_URL is set", () => {
    expect(
      configurationErrorFor({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.co.uk", DATABASE_URL }).message,
    ).toContain("SESSION_SECRET");
  });

  it("is accepted when given", () => {
    expect(
      parseEnv({
        NODE_ENV: "production",
        PUBLIC_URL: "https://www.example.co.uk",
        DATABASE_URL,
        SESSION_SECRET: LONG_SECRET,
      }).SESSION_SECRET,
    ).toBe(LONG_SECRET);
  });

  it("is optional with the embedded database, or outside production", () => {
    expect(() => parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.co.uk" })).not.toThrow();
    expect(() => parseEnv({ NODE_ENV: "development", DATABASE_URL })).not.toThrow();
  });
});

describe("PUBLIC_URL in production", () => {
  // Without it every canonical URL, sitemap entry and JSON-LD address would say http://localhost.
  it.each([{}, { PUBLIC_URL: "" }, { PUBLIC_URL: "  " }])("is required (%j), with a message that says why", (extra) => {
    const message = configurationErrorFor({ NODE_ENV: "production", ...extra }).message;
    expect(message).toContain("PUBLIC_URL: is required in production");
    expect(message).toContain("https://www.example.co.uk");
  });

  it("is used as given, and stays optional outside production", () => {
    expect(parseEnv({ NODE_ENV: "production", PUBLIC_URL: "https://www.example.co.uk/" }).publicUrl).toBe(
      "https://www.example.co.uk",
    );
    expect(parseEnv({ NODE_ENV: "test" }).publicUrl).toBe("http://localhost:3000");
    expect(parseEnv({ NODE_ENV: "development" }).publicUrl).toBe("http://localhost:3000");
  });
});

describe("Stripe", () => {
  it("STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY", () => {
    expect(configurationErrorFor({ STRIPE_SECRET_KEY: "sk_test_123" }).message).toContain("STRIPE_WEBHOOK_SECRET");
  });

  it("both together are accepted", () => {
    const env = parseEnv({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "whsec_123" });
    expect(env.STRIPE_SECRET_KEY).toBe("sk_test_123");
    expect(env.STRIPE_WEBHOOK_SECRET).toBe("whsec_123");
  });
});

describe("empty strings count as unset", () => {
  it("for optional values", () => {
    const env = parseEnv({
      DATABASE_URL: "",
      PUBLIC_URL: "",
      SESSION_SECRET: "",
      STRIPE_SECRET_KEY: "",
      S3_BUCKET: "",
      SMTP_URL: "",
      NOTIFY_EMAIL: "",
      OPENAI_API_KEY: "",
      OPENAI_BASE_URL: "",
      HOST: "",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PUBLIC_URL).toBeUndefined();
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.SESSION_SECRET).toBeUndefined();
    expect(env.STRIPE_SECRET_KEY).toBeUndefined();
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
    expect(env.NOTIFY_EMAIL).toBeUndefined();
    expect(env.OPENAI_BASE_URL).toBeUndefined();
    expect(env.HOST).toBeUndefined();
  });

  it("so an empty SESSION_SECRET in production with DATABASE_URL is still missing", () => {
    expect(configurationErrorFor({ NODE_ENV: "production", DATABASE_URL, SESSION_SECRET: "" }).message).toContain(
      "SESSION_SECRET",
    );
  });

  it("so an empty STRIPE_WEBHOOK_SECRET is still missing", () => {
    expect(configurationErrorFor({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: "" }).message).toContain(
      "STRIPE_WEBHOOK_SECRET",
    );
  });

  it("white space only counts as empty", () => {
    expect(parseEnv({ DATABASE_URL: "   " }).DATABASE_URL).toBeUndefined();
  });
});

describe("empty strings for variables with a default fall back to the default", () => {
  it("PORT", () => {
    const env = parseEnv({ PORT: "" });
    expect(env.PORT).toBe(3000);
    expect(env.publicUrl).toBe("http://localhost:3000");
  });

  it("TRUST_PROXY", () => {
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBe(parseEnv({}).TRUST_PROXY);
  });

  it("SEED_ON_START", () => {
    expect(parseEnv({ SEED_ON_START: "" }).SEED_ON_START).toBe(true);
  });

  it.each(["NODE_ENV", "LOG_LEVEL", "DATA_DIR", "DATABASE_POOL_MAX"] as const)("%s", (name) => {
    expect(parseEnv({ [name]: "" })[name]).toEqual(parseEnv({})[name]);
  });
});

describe("the private metrics listener", () => {
  it("is off unless METRICS_PORT is set, and binds to the loopback address by default", () => {
    expect(parseEnv({}).METRICS_PORT).toBeUndefined();
    expect(parseEnv({ METRICS_PORT: "" }).METRICS_PORT).toBeUndefined();
    expect(parseEnv({}).METRICS_HOST).toBe("127.0.0.1");
    expect(parseEnv({ METRICS_PORT: "9464", METRICS_HOST: "10.0.0.5" })).toMatchObject({
      METRICS_PORT: 9464,
      METRICS_HOST: "10.0.0.5",
    });
  });

  it.each(["abc", "70000", "-1"])("refuses METRICS_PORT=%s, naming it", (port) => {
    expect(configurationErrorFor({ METRICS_PORT: port }).message).toContain("METRICS_PORT");
  });
});
