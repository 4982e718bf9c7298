import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { isCrossSiteRequest, rejectCrossSiteRequests } from "./same-origin.server";

const host = "www.example.com";
const allowedOrigins = ["https://admin.example.com"];

describe("isCrossSiteRequest with Sec-Fetch-Site", () => {
  it.each([
    ["same-origin", false],
    ["none", false],
    ["same-site", true],
    ["cross-site", true],
  ])("Sec-Fetch-Site %s → cross-site %s", (secFetchSite, expected) => {
    expect(isCrossSiteRequest({ secFetchSite, host, allowedOrigins })).toBe(expected);
  });

  it("trusts Sec-Fetch-Site over a matching Origin", () => {
    expect(isCrossSiteRequest({ secFetchSite: "cross-site", origin: `https://${host}`, host, allowedOrigins })).toBe(
      true,
    );
  });
});

describe("isCrossSiteRequest with Origin only", () => {
  it("allows an Origin whose host matches the Host header", () => {
    expect(isCrossSiteRequest({ origin: `https://${host}`, host, allowedOrigins })).toBe(false);
    expect(isCrossSiteRequest({ origin: "http://localhost:3000", host: "localhost:3000", allowedOrigins })).toBe(false);
  });

  it("allows an Origin in the allowed list", () => {
    expect(isCrossSiteRequest({ origin: "https://admin.example.com", host, allowedOrigins })).toBe(false);
  });

  it('refuses Origin "null" (sandboxed frames, data: URLs)', () => {
    expect(isCrossSiteRequest({ origin: "null", host, allowedOrigins: [...allowedOrigins, "null"] })).toBe(true);
  });

  it("refuses a foreign Origin", () => {
    expect(isCrossSiteRequest({ origin: "https://evil.example.net", host, allowedOrigins })).toBe(true);
  });

  it("refuses an Origin on another port of the same host", () => {
    expect(isCrossSiteRequest({ origin: "http://localhost:4000", host: "localhost:3000", allowedOrigins })).toBe(true);
  });

  it("refuses an Origin that is not a URL", () => {
    expect(isCrossSiteRequest({ origin: "not a url", host, allowedOrigins })).toBe(true);
  });
});

describe("isCrossSiteRequest without browser headers", () => {
  it("allows a request with neither Sec-Fetch-Site nor Origin (webhooks, scripts)", () => {
    expect(isCrossSiteRequest({ host, allowedOrigins })).toBe(false);
    expect(isCrossSiteRequest({ allowedOrigins: [] })).toBe(false);
  });
});

describe("rejectCrossSiteRequests middleware", () => {
  function run(method: string, headers: Record<string, string>) {
    const lower = Object.fromEntries(Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]));
    const req = { method, path: "/contact", get: (name: string) => lower[name.toLowerCase()] } as unknown as Request;
    const res = {
      statusCode: 200,
      body: undefined as unknown,
      status(code: number) {
        this.statusCode = code;
        return this;
      },
      type() {
        return this;
      },
      send(body: unknown) {
        this.body = body;
        return this;
      },
    };
    const next = vi.fn();
    rejectCrossSiteRequests(allowedOrigins)(req, res as unknown as Response, next);
    return { res, next };
  }

  it("lets a cross-site GET through: reading is not a state change", () => {
    const { res, next } = run("GET", { "Sec-Fetch-Site": "cross-site", Host: host });
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.statusCode).toBe(200);
  });

  it("refuses a cross-site POST with 403 and does not call the route", () => {
    const { res, next } = run("POST", { "Sec-Fetch-Site": "cross-site", Host: host });
    expect(next).not.toHaveBeenCalled();
    expect(res.statusCode).toBe(403);
    expect(String(res.body)).toMatch(/another site/);
  });

  it("lets a same-origin POST through", () => {
    const { res, next } = run("POST", { "Sec-Fetch-Site": "same-origin", Origin: `https://${host}`, Host: host });
    expect(next).toHaveBeenCalledTimes(1);
    expect(res.statusCode).toBe(200);
  });
});
