/**
 * Error logs never hold the values of a failed query: a real insert that the database
 * refuses, on this run's database (PGlite, or node-postgres with TEST_DATABASE_URL), logged
 * through the site's own serializer into a captured stream.
 */
import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { errorForLog, REDACTED } from "~/server/platform/log-errors.server";
import { contactSubmissions } from "../../app/db/schema";
import { createTestDatabase, type TestDatabase } from "./database";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

/** A logger configured as the site's, writing its lines into an array. */
function capturedLogger() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString("utf8"));
      callback();
    },
  });
  const logger = pino({ base: undefined, serializers: { err: errorForLog } }, stream);
  return { logger, text: () => lines.join("") };
}

/** What a visitor typed: none of it may reach the log. */
const visitor = {
  name: "Jane Q. Visitor",
  email: "jane.visitor@example.com",
  subject: "Private subject line",
  message: "My phone is 07700 900123\nand my address is 1 Secret Lane",
};

async function failure(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  throw new Error("the query was expected to fail");
}

describe("a failed query in the error log", () => {
  it("a check constraint refusing a row: the SQL stays, its values and the row are gone", async () => {
    const error = await failure(() =>
      database.db.insert(contactSubmissions).values({ ...visitor, status: "not-a-status" } as never),
    );
    // What the error holds before serializing: the values, in several places.
    expect(JSON.stringify({ message: (error as Error).message, ...(error as object) })).toContain(visitor.email);

    const { logger, text } = capturedLogger();
    logger.error({ err: error }, "CMS action failed");
    const logged = text();
    expect(logged).toContain('insert into \\"contact_submissions\\"');
    expect(logged).toContain(`params: ${REDACTED}`);
    for (const value of [...Object.values(visitor), "07700 900123", "Secret Lane", "not-a-status"]) {
      expect(logged, value).not.toContain(value);
    }
    expect(logged).not.toContain("Failing row contains");
  });

  it("a value the database cannot take at all (a NUL character)", async () => {
    const error = await failure(() => database.db.execute(sql`select ${"jane.visitor@example.com\u0000"}::text`));
    const { logger, text } = capturedLogger();
    logger.error({ err: error }, "failed");
    expect(text()).not.toContain("jane.visitor@example.com");
    expect(text()).toContain("select $1::text");
  });

  it("a value quoted by the driver's own message", async () => {
    const error = await failure(() => database.db.execute(sql`select ${"jane-visitor-id"}::uuid`));
    const { logger, text } = capturedLogger();
    logger.error({ err: error }, "failed");
    expect(text()).not.toContain("jane-visitor-id");
    expect(text()).toMatch(/invalid input syntax for type uuid/);
  });

  it("leaves an ordinary error as pino would write it", () => {
    const { logger, text } = capturedLogger();
    logger.error({ err: new TypeError("plain failure") }, "failed");
    const line = JSON.parse(text()) as { err: { type: string; message: string; stack: string } };
    expect(line.err.type).toBe("TypeError");
    expect(line.err.message).toBe("plain failure");
    expect(line.err.stack).toContain("TypeError: plain failure");
  });
});
