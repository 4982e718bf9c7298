import type { Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { contentSecurityPolicy, createNonce, policyWithScriptHashes, securityHeaders } from "./security-headers.server";

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(";")
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = "", ...values] = part.split(/\s+/);
        return [name, values.join(" ")];
      }),
  );
}

describe("contentSecurityPolicy", () => {
  const policy = directives(contentSecurityPolicy("abc123==", { development: false }));

  it("lets scripts run only from our origin or with this response's nonce", () => {
    expect(policy.get("script-src")).toBe("'self' 'nonce-abc123=='");
    expect(policy.get("script-src")).not.toMatch(/unsafe-inline|unsafe-eval/);
  });

  it("forbids plugins, <base> rewriting and framing", () => {
    expect(policy.get("object-src")).toBe("'none'");
    expect(policy.get("base-uri")).toBe("'none'");
    expect(policy.get("frame-ancestors")).toBe("'none'");
  });

  it("allows WebSocket connections only in development", () => {
    expect(policy.get("connect-src")).toBe("'self'");
    const development = directives(contentSecurityPolicy("n", { development: true }));
    expect(development.get("connect-src")).toMatch(/ws:/);
  });
});

describe("policyWithScriptHashes", () => {
  const policy = contentSecurityPolicy("abc", { development: false });

  it("puts the hashes where the nonce was and changes nothing else", () => {
    const hashed = policyWithScriptHashes(policy, "abc", ["'sha256-x='", "'sha256-y='"]);
    expect(hashed).toBe(policy.replace("'nonce-abc'", "'sha256-x=' 'sha256-y='"));
    expect(hashed).toContain("script-src 'self' 'sha256-x=' 'sha256-y=';");
  });

  it("leaves only 'self' when the page has no inline script, and refuses a policy without this nonce", () => {
    expect(policyWithScriptHashes(policy, "abc", [])).toContain("script-src 'self';");
    expect(policyWithScriptHashes(policy, "other", ["'sha256-x='"])).toBeNull();
  });
});

describe("createNonce", () => {
  it("makes a different base64 value of at least 16 random bytes each time", () => {
    const nonces = Array.from({ length: 20 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]+={0,2}$/);
      expect(Buffer.from(nonce, "base64").length).toBeGreaterThanOrEqual(16);
    }
  });
});

describe("securityHeaders middleware", () => {
  function run(secure: boolean, path = "/") {
    const headers = new Map<string, string>();
    const res = {
      locals: {} as Record<string, unknown>,
      setHeader(name: string, value: string) {
        headers.set(name.toLowerCase(), value);
        return this;
      },
    };
    const next = vi.fn();
    securityHeaders({ development: false })({ secure, path } as Request, res as unknown as Response, next);
    return { headers, locals: res.locals, next };
  }

  it("sets nosniff, a Referrer-Policy and a CSP holding the nonce left for the renderer", () => {
    const { headers, locals, next } = run(false);
    expect(next).toHaveBeenCalledTimes(1);
    expect(headers.get("x-content-type-options")).toBe("nosniff");
    expect(headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(typeof locals.cspNonce).toBe("string");
    expect(headers.get("content-security-policy")).toContain(`'nonce-${String(locals.cspNonce)}'`);
    expect(headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("forbids framing everywhere but the editor's live preview, which only this site may frame", () => {
    for (const path of ["/", "/cms/content", "/cms/content/new", "/content/live-preview"]) {
      expect(run(false, path).headers.get("x-frame-options"), path).toBe("DENY");
      expect(run(false, path).headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
    }
    const preview = run(false, "/cms/content/live-preview").headers;
    expect(preview.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(directives(preview.get("content-security-policy") ?? "").get("frame-ancestors")).toBe("'self'");
  });

  it("uses a fresh nonce for every response", () => {
    expect(run(false).locals.cspNonce).not.toBe(run(false).locals.cspNonce);
  });

  it("sets HSTS only on a secure request", () => {
    expect(run(false).headers.has("strict-transport-security")).toBe(false);
    expect(run(true).headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
  });
});
