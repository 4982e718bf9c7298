import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { healthCheck } from "./health.server";

/** Calls the handler with just enough of Express's request and response to observe the answer. */
async function callHealthCheck(getDatabase: Parameters<typeof healthCheck>[0]) {
  const answer: { status: number; body?: unknown; headers: Record<string, string> } = { status: 200, headers: {} };
  const res = {
    setHeader: (name: string, value: string) => (answer.headers[name] = value),
    status(code: number) {
      answer.status = code;
      return this;
    },
    json(body: unknown) {
      answer.body = body;
      return this;
    },
  };
  const req = { log: { error: vi.fn() } };
  await healthCheck(getDatabase)(req as unknown as Request, res as unknown as Response, () => {});
  return { answer, logged: req.log.error };
}

describe("GET /healthz", () => {
  it("answers ok with the kind of database when it responds", async () => {
    const { answer } = await callHealthCheck(async () => ({ kind: "postgres", ping: async () => {} }));
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ status: "ok", database: "postgres" });
    expect(answer.headers["Cache-Control"]).toBe("no-store");
  });

  it("answers 503 and logs when the database does not answer", async () => {
    const { answer, logged } = await callHealthCheck(async () => ({
      kind: "pglite",
      ping: () => Promise.reject(new Error("connection refused")),
    }));
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ status: "unavailable", database: "unreachable" });
    expect(answer.headers["Retry-After"]).toBe("5");
    expect(logged).toHaveBeenCalledOnce();
  });

  it("answers 503 when the database cannot even be opened", async () => {
    const { answer } = await callHealthCheck(() => Promise.reject(new Error("no such host")));
    expect(answer.status).toBe(503);
  });
});
