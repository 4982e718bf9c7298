/**
 * Runs before every Vitest file. A test fails when the code under test logs an unexpected
 * console.error, so an error swallowed and logged does not pass unnoticed; a test that expects
 * one spies on console.error itself.
 */
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { invalidateAll } from "~/server/platform/cache/cache.server";

process.env.NODE_ENV = "test";

// Files that share the app's modules (vitest.config.ts) each have their own database: nothing
// cached from the file before may answer for this one.
beforeAll(() => invalidateAll());

let unexpectedErrors: unknown[][] = [];

beforeEach(() => {
  unexpectedErrors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    unexpectedErrors.push(args);
  });
});

afterEach(() => {
  const calls = unexpectedErrors;
  vi.restoreAllMocks();
  if (calls.length > 0) {
    throw new Error(`console.error was called:\n${calls.map((args) => args.map(String).join(" ")).join("\n")}`);
  }
});
