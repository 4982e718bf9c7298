import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "./database-unavailable.server";

/** The error node-postgres gives when nothing listens at the address (port 1 on loopback). */
async function refusedConnectionError(): Promise<unknown> {
  const client = new pg.Client({ connectionString: "postgresql://nobody:none@127.0.0.1:1/none" });
  client.on("error", () => undefined);
  return client.connect().then(
    () => new Error("connected unexpectedly"),
    (error: unknown) => error,
  );
}

describe("isDatabaseUnavailable", () => {
  it("recognises a refused connection, also wrapped as Drizzle wraps a failed query", async () => {
    const refused = await refusedConnectionError();
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new Error("Failed query: select 1", { cause: refused }))).toBe(true);
  });

  it("recognises PostgreSQL shutting down or starting, and a dropped connection", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error("terminating connection"), { code: "57P01" }))).toBe(true);
    expect(
      isDatabaseUnavailable(Object.assign(new Error("the database system is starting up"), { code: "57P03" })),
    ).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
  });

  it("does not take a bug for an outage", () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('relation "x" does not exist'), { code: "42P01" }))).toBe(
      false,
    );
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    const cyclic: { cause?: unknown } = {};
    cyclic.cause = cyclic;
    expect(isDatabaseUnavailable(cyclic)).toBe(false);
  });
});
