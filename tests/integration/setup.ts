/**
 * Runs before every Vitest file. A test fails when the code under test logs an unexpected
 * console.error, so an error swallowed and logged does not pass unnoticed; a test that expects
 * one spies on console.error itself.
 */
import { afterEach, beforeEach, vi } from "vitest";

process.env.NODE_ENV = "test";

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
